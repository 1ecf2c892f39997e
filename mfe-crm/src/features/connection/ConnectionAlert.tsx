import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, type CrmCode } from '@portal/contracts';
import { CrmMessage, type CrmConnection } from '@portal/contracts/crm';
import { Alert, App, Button } from 'antd';
import { useResumePushMutation } from './connectionApi';
import { ConnectionText } from './texts';

export interface ConnectionAlertProps {
  crmCode: CrmCode;
  connection: CrmConnection;
}

/**
 * The push connection's state: paused (after a run of failures; jobs wait, none is dropped) with
 * 恢复推送, else the counts of pushes under way and failed.
 */
export function ConnectionAlert({ crmCode, connection }: ConnectionAlertProps) {
  const { message } = App.useApp();
  const [resume, resuming] = useResumePushMutation();
  const onResume = async () => {
    try {
      await resume(crmCode).unwrap();
      message.success(CrmMessage.ConnectionResumed);
    } catch (error) {
      message.error(queryErrorMessage(error, CommonMessage.OperationFailed));
    }
  };
  if (!connection.paused) {
    return <Alert type="info" showIcon style={{ marginBottom: 16 }} title={ConnectionText.counts(connection.pending, connection.failed)} />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={ConnectionText.Paused}
      description={ConnectionText.pausedDetail(connection.consecutiveFailures, connection.pausedAt, connection.pending)}
      action={
        <Button type="primary" size="small" loading={resuming.isLoading} onClick={() => void onResume()}>
          {ConnectionText.Resume}
        </Button>
      }
    />
  );
}
