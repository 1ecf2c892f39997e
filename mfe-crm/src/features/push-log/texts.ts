import { PushStatus } from '@portal/contracts/crm';

/** Texts of the push log (messages come from @portal/contracts). */
export const PushLogText = {
  FilterStatus: '状态',
  FilterRange: '推送时间',
  FilterPhone: '电话',
  PhonePlaceholder: '请输入电话',
  Any: '全部',
  Lead: '线索',
  Phone: '电话',
  Item: '项目',
  Status: '状态',
  Attempts: '尝试次数',
  CrmId: 'CRM编号',
  Reason: '原因',
  NextRetry: '下次重试',
  Time: '时间',
  Actions: '操作',
  View: '查看记录',
  Retry: '重新推送',
  RetryAll: '全部重新推送',
  Refresh: '刷新',
  Empty: '暂无推送记录',
  None: '-',
  retried: (message: string, count: number): string => `${message}（${count}条）`,
  historyTitle: (name: string, mobile: string): string => `推送记录：${[name, mobile].filter(Boolean).join(' ')}`,
  attempt: (no: number): string => `第${no}次推送`,
  StartedAt: '开始时间',
  FinishedAt: '结束时间',
  Outcome: '结果',
  FieldsSent: '发送的字段',
  FieldName: '字段',
  FieldValue: '值',
  NoAttempts: '尚未推送',
} as const;

/** The tag colour of each push state. */
export const STATUS_COLORS: Record<string, string> = {
  [PushStatus.Pending]: 'processing',
  [PushStatus.Delivered]: 'success',
  [PushStatus.Refused]: 'error',
  [PushStatus.Failed]: 'warning',
};

/** What an attempt came to: delivered, failed and retried later, refused by the CRM (no retry), failed after the last retry. */
export const OUTCOME_LABELS: Record<string, string> = {
  delivered: '已推送',
  retry: '失败，稍后重试',
  refused: '被拒绝',
  failed: '推送失败',
};
export const OUTCOME_COLORS: Record<string, string> = { delivered: 'success', retry: 'processing', refused: 'error', failed: 'warning' };

/** Only refused and failed pushes can be pushed again. */
export const isRetryable = (status: string): boolean => status === PushStatus.Refused || status === PushStatus.Failed;
