import { SyncOutlined } from '@ant-design/icons';
import { queryErrorMessage } from '@portal/api-client';
import { ScheduleMessage } from '@portal/contracts/schedule';
import { App, Button } from 'antd';
import { useSyncStaffMutation } from '../../api/scheduleCalls';
import type { ScheduleTarget } from '../schedule/target';
import { StaffText } from './texts';

export interface SyncStaffButtonProps {
  /** Only its CRM is read: the staff come from that CRM, whatever the project. */
  target: ScheduleTarget;
}

/**
 * 同步CRM员工: pulls the CRM's staff (crmuser/synchro) so that the staff tree and the import know
 * them: '同步成功！', else the server's reason (such as an account not set up yet), else '操作失败'.
 */
export function SyncStaffButton({ target }: SyncStaffButtonProps) {
  const { message } = App.useApp();
  const [syncStaff, syncing] = useSyncStaffMutation();

  const sync = async () => {
    try {
      await syncStaff(target.crmCode).unwrap();
      message.success(ScheduleMessage.SyncSucceeded);
    } catch (error) {
      message.error(queryErrorMessage(error, ScheduleMessage.OperationFailed));
    }
  };

  return (
    <Button icon={<SyncOutlined aria-hidden />} loading={syncing.isLoading} onClick={() => void sync()}>
      {StaffText.Sync}
    </Button>
  );
}
