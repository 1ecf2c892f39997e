import { queryErrorMessage } from '@portal/api-client';
import { ScheduleMessage } from '@portal/contracts/schedule';
import { QueryBlock } from '@portal/design-system';
import { App, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useInsertStaffMutation, useStaffQuery } from '../../api/scheduleCalls';
import { TargetSummary } from '../import/TargetSummary';
import { useProjectTitle } from '../import/useProjectTitle';
import { type ScheduleTarget, targetProblem } from '../schedule/target';
import { addableStaff } from './staffTree';
import { StaffTree } from './StaffTree';
import { StaffText } from './texts';

export interface AddStaffButtonProps {
  target: ScheduleTarget;
}

/**
 * 添加人员: adds staff from the tree to the target's day (spec: needs a project and a day, and
 * chosen staff: '请先选择排班人员', or '没有可添加人员' when everyone is scheduled already). Each
 * joins with the defaults (one per round, no cap, all day); '保存成功！', the spec's save message.
 */
export function AddStaffButton({ target }: AddStaffButtonProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const { crmCode, itemId, date } = target;
  // Each opening reads who is on the day now.
  const staff = useStaffQuery({ crmCode, itemId: itemId ?? 0, date }, { skip: !open || itemId === null, refetchOnMountOrArgChange: true });
  const [insertStaff, inserting] = useInsertStaffMutation();
  const project = useProjectTitle(target, !open);

  const openDialog = () => {
    const problem = targetProblem(target);
    if (problem) message.warning(problem);
    else setOpen(true);
  };

  const add = async () => {
    if (itemId === null || !staff.data) return;
    if (addableStaff(staff.data).length === 0) {
      message.warning(ScheduleMessage.NoStaffToAdd);
      return;
    }
    if (picked.size === 0) {
      message.warning(ScheduleMessage.SelectStaffFirst);
      return;
    }
    try {
      await insertStaff({ crmCode, itemId, date, userIds: [...picked] }).unwrap();
      message.success(ScheduleMessage.SaveSucceeded);
      setOpen(false);
    } catch (error) {
      message.error(queryErrorMessage(error, ScheduleMessage.OperationFailed));
    }
  };

  return (
    <>
      <Button onClick={openDialog}>{StaffText.Add}</Button>
      <Modal
        open={open}
        title={StaffText.Title}
        okText={StaffText.Ok}
        cancelText={StaffText.Cancel}
        okButtonProps={{ disabled: !staff.data || staff.isFetching }}
        confirmLoading={inserting.isLoading}
        onOk={() => void add()}
        onCancel={() => setOpen(false)}
        afterClose={() => setPicked(new Set())}
        destroyOnHidden
      >
        <TargetSummary project={project} date={date} />
        <Typography.Paragraph type="secondary">{StaffText.Hint}</Typography.Paragraph>
        <QueryBlock query={staff} isEmpty={() => false} minHeight={120}>
          {(rows) => <StaffTree staff={rows} picked={picked} onPick={setPicked} />}
        </QueryBlock>
      </Modal>
    </>
  );
}
