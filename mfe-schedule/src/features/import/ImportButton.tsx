import { queryErrorMessage } from '@portal/api-client';
import { type ImportResult, ScheduleMessage } from '@portal/contracts/schedule';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { scheduleApi } from '../../api/scheduleApi';
import { useSubmitRepeatMutation } from '../../api/scheduleCalls';
import { type ScheduleTarget, targetProblem } from '../schedule/target';
import { ImportDialog } from './ImportDialog';
import { type RepeatChoice, RepeatNamesDialog } from './RepeatNamesDialog';
import { ImportText } from './texts';
import { useProjectTitle } from './useProjectTitle';

export interface ImportButtonProps {
  target: ScheduleTarget;
}

type Pending = Extract<ImportResult, { status: 'repeat' }>;

/**
 * 导入: fills the target's day from a sheet (spec: needs a project and a day; xls and xlsx only;
 * overwrites that day's schedule of the project). Names that several staff members carry are
 * resolved in the repeat-name dialog before the import completes; then '导入成功！' and the page's
 * days, rows, counts and staff tree are read again.
 */
export function ImportButton({ target }: ImportButtonProps) {
  const { message } = App.useApp();
  const dispatch = useDispatch();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [resolving, setResolving] = useState(false);
  const [submitRepeat, submitting] = useSubmitRepeatMutation();
  const project = useProjectTitle(target, !open);

  const openDialog = () => {
    const problem = targetProblem(target);
    if (problem) message.warning(problem);
    else setOpen(true);
  };

  const finished = (result: ImportResult) => {
    if (result.status === 'repeat') {
      setPending(result);
      setResolving(true);
      return;
    }
    message.success(ScheduleMessage.ImportSucceeded);
    setResolving(false);
  };

  const onUploaded = (result: ImportResult) => {
    setOpen(false);
    // The upload went round the store: what it changed is read again from here.
    if (result.status === 'done') dispatch(scheduleApi.util.invalidateTags(['Day', 'Days', 'Items', 'Staff']));
    finished(result);
  };

  const resolve = async (choices: RepeatChoice[]) => {
    if (!pending) return;
    try {
      finished(await submitRepeat({ body: { importId: pending.importId, choices } }).unwrap());
    } catch (error) {
      message.error(queryErrorMessage(error, ScheduleMessage.OperationFailed));
    }
  };

  return (
    <>
      <Button onClick={openDialog}>{ImportText.Import}</Button>
      {target.itemId !== null && (
        <ImportDialog
          open={open}
          target={{ crmCode: target.crmCode, itemId: target.itemId, date: target.date }}
          project={project}
          onClose={() => setOpen(false)}
          onResult={onUploaded}
        />
      )}
      <RepeatNamesDialog
        open={resolving}
        repeats={pending?.repeats ?? []}
        submitting={submitting.isLoading}
        onSubmit={(choices) => void resolve(choices)}
        onClose={() => setResolving(false)}
      />
    </>
  );
}
