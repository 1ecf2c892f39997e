import { App, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { checkSlots, slotProblem, type TimeSlot } from './personRows';
import { PersonText } from './texts';
import { TimeSlotsEditor } from './TimeSlotsEditor';

export interface BatchTimeDialogProps {
  open: boolean;
  /** How many rows the time goes to. */
  count: number;
  onApply: (slots: TimeSlot[]) => void;
  onClose: () => void;
}

/** 批量设置时间: one set of time slots (none: 全天) for every chosen row; refused while a slot is wrong. */
export function BatchTimeDialog({ open, count, onApply, onClose }: BatchTimeDialogProps) {
  const { message } = App.useApp();
  const [slots, setSlots] = useState<TimeSlot[]>([]);
  const [complete, setComplete] = useState(false);
  return (
    <Modal
      open={open}
      title={PersonText.BatchTime}
      onCancel={onClose}
      onOk={() => {
        setComplete(true);
        const problem = slotProblem(checkSlots(slots, true));
        if (problem) {
          message.error(problem);
          return;
        }
        onApply(slots);
      }}
      afterClose={() => {
        setSlots([]);
        setComplete(false);
      }}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          {PersonText.selected(count)}，{PersonText.BatchTimeHint}
        </Typography.Text>
        <TimeSlotsEditor owner={PersonText.batchOwner} slots={slots} complete={complete} onChange={setSlots} />
      </Flex>
    </Modal>
  );
}
