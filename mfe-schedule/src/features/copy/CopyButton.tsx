import { ScheduleMessage } from '@portal/contracts/schedule';
import { App, Button } from 'antd';
import { useState } from 'react';
import { targetProblem, type ScheduleTarget } from '../schedule/target';
import { CopyDialog } from './CopyDialog';
import { CopyText } from './texts';

export interface CopyButtonProps {
  target: ScheduleTarget;
  /** The scheduled days of the chosen day's month; undefined while they load. */
  scheduled: readonly string[] | undefined;
  today: string;
}

/**
 * 复制 (spec 001 section 5 "Copy needs at least one target day, and the source day must be
 * scheduled"): without projects or a project it says so; a month with no scheduled day says
 * '暂未有已排班的日期，请先排班'; an unscheduled chosen day '请在上面选择已排班的日期'; else the dialog.
 */
export function CopyButton({ target, scheduled, today }: CopyButtonProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const ask = () => {
    const problem =
      targetProblem(target) ??
      (scheduled && scheduled.length === 0 ? ScheduleMessage.NoScheduledDays : null) ??
      (scheduled && !scheduled.includes(target.date) ? ScheduleMessage.PickScheduledDay : null);
    if (problem) message.warning(problem);
    else setOpen(true);
  };
  return (
    <>
      <Button disabled={target.itemId !== null && scheduled === undefined} onClick={ask}>
        {CopyText.Copy}
      </Button>
      {target.itemId !== null && (
        <CopyDialog
          key={`${target.itemId}/${target.date}`}
          open={open}
          crmCode={target.crmCode}
          itemId={target.itemId}
          date={target.date}
          today={today}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
