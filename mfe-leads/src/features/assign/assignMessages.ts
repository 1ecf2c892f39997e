import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, LeadMessage } from '@portal/contracts';

/** A refused assignment (spec 001 section 8): '操作失败：{server error}', or '分配失败' without one. */
export function assignFailedMessage(error: unknown): string {
  const reason = queryErrorMessage(error, '');
  return reason ? `${CommonMessage.OperationFailed}：${reason}` : LeadMessage.AssignFailed;
}

/** A done third-party push: '操作成功：{result}' with the server's answer, else '分配成功'. */
export function pushSucceededMessage(result: string | undefined): string {
  return result ? `${CommonMessage.OperationSucceeded}：${result}` : LeadMessage.AssignSucceeded;
}
