import { queryErrorMessage } from '@portal/api-client';
import { CommonMessage, LeadMessage } from '@portal/contracts';

/** A refused assignment (spec 001 section 8): '操作失败：{server error}', or '分配失败' without one. */
export function assignFailedMessage(error: unknown): string {
  const reason = queryErrorMessage(error, '');
  return reason ? `${CommonMessage.OperationFailed}：${reason}` : LeadMessage.AssignFailed;
}

/**
 * A queued third-party push: '操作成功：{result}' with the server's answer (shown as it is when the
 * server put the prefix itself, '操作成功：已提交推送N条'), else '分配成功'.
 */
export function pushSucceededMessage(result: string | undefined): string {
  if (!result) return LeadMessage.AssignSucceeded;
  const prefix = `${CommonMessage.OperationSucceeded}：`;
  return result.startsWith(prefix) ? result : `${prefix}${result}`;
}
