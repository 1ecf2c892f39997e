import { queryErrorMessage } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { ScheduleMessage } from '@portal/contracts/schedule';
import { Alert, App, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useCopyDayMutation, useScheduledDaysQuery } from '../../api/scheduleCalls';
import { DayGrid } from '../day-grid/DayGrid';
import { dateLabel, monthOf } from '../day-grid/month';
import { CopyText } from './texts';

export interface CopyDialogProps {
  open: boolean;
  crmCode: CrmCode;
  itemId: number;
  /** The day copied (scheduled), 'YYYY-MM-DD'. */
  date: string;
  today: string;
  onClose: () => void;
}

/**
 * 复制: the day's saved rows onto other days, each target's own rows replaced. The targets are
 * picked on a day grid (several, any month; the source disabled; scheduled days marked, since they
 * will be overwritten); none picked says '请选择要复制到的日期'; done says '复制成功' and the
 * targets become marked (the month's marks are read again).
 */
export function CopyDialog({ open, crmCode, itemId, date, today, onClose }: CopyDialogProps) {
  const { message } = App.useApp();
  const [month, setMonth] = useState(monthOf(date));
  const [picked, setPicked] = useState<string[]>([]);
  const marks = useScheduledDaysQuery({ crmCode, itemId, month }, { skip: !open });
  const [copyDay, copying] = useCopyDayMutation();

  const copy = async () => {
    if (picked.length === 0) {
      message.warning(ScheduleMessage.CopyTargetsRequired);
      return;
    }
    try {
      await copyDay({ crmCode, itemId, date, dates: [...picked].sort() }).unwrap();
      message.success(ScheduleMessage.CopySucceeded);
      onClose();
    } catch (error) {
      message.error(queryErrorMessage(error, ScheduleMessage.OperationFailed));
    }
  };

  return (
    <Modal
      open={open}
      title={CopyText.Title}
      width={600}
      okText={CopyText.Ok}
      cancelText={CopyText.Cancel}
      confirmLoading={copying.isLoading}
      onOk={() => void copy()}
      onCancel={onClose}
      afterClose={() => {
        setPicked([]);
        setMonth(monthOf(date));
      }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text>{CopyText.source(dateLabel(date))}</Typography.Text>
        {marks.isError && <Alert type="error" showIcon title={queryErrorMessage(marks.error)} />}
        <DayGrid
          month={month}
          today={today}
          scheduled={marks.currentData ?? []}
          selected={picked}
          busy={marks.isFetching}
          isDisabled={(day) => day === date}
          onMonthChange={setMonth}
          onSelect={(day) => setPicked((current) => (current.includes(day) ? current.filter((other) => other !== day) : [...current, day]))}
        />
        <Flex justify="space-between" wrap gap={8}>
          <Typography.Text>{CopyText.picked(picked.length)}</Typography.Text>
          <Typography.Text type="secondary">{CopyText.Overwrite}</Typography.Text>
        </Flex>
      </Flex>
    </Modal>
  );
}
