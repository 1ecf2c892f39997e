import type { DistributionStatus } from '@portal/contracts/schedule';

/** Texts of the feedback message detail page (field titles shared with the lists come from LeadColumnTitle). */
export const FeedbackDetailText = {
  Title: '留言详情',
  Back: '返回列表',
  ReadStatus: '已读状态',
  Referrer: '来源页面',
  Questionnaire: '问卷',
  FollowUps: '跟进记录',
  Actions: '操作',
  None: '无',
} as const;

/** Texts of the page's distribution block (why the lead went to whom); the reasons' texts come from @portal/contracts/schedule. */
export const DistributionText = {
  Title: '分配记录',
  Empty: '暂无分配记录',
  Status: '分配状态',
  Receiver: '接收人',
  FollowUpDue: '跟进截止',
  Group: '接收组',
  AnyGroup: '不限',
  Rule: '分配规则',
  Round: '轮次',
  round: (round: number): string => `第${round}轮`,
  AssignTime: '分配时间',
  Reason: '原因',
  Skipped: '跳过人员',
} as const;

export const DISTRIBUTION_STATUS_LABELS: Record<DistributionStatus, string> = {
  assigned: '已分配',
  waiting: '等待分配',
  skipped: '未自动分配',
  manual: '已手动分配',
};
