import { CRM_LABELS, type CrmCode } from '@portal/contracts';

/** Texts of the push settings page. */
export const SettingsText = {
  title: (crmCode: CrmCode): string => `${CRM_LABELS[crmCode]}推送设置`,
  StepAccount: '配置账号',
  StepInfo: '信息配置',
  StepSchedule: '配置排班',
  StepSync: '开启同步',
  StepAccountHint: 'CorpID、Token与版本',
  StepInfoHint: '来源与字段配置',
  StepScheduleHint: '在资源同步中配置排班',
  StepSyncHint: '打开同步开关',
  TabAccount: '账号配置',
  TabTemplate: '模板配置',
  TabSource: '来源配置',
  TabField: '字段配置',
  TabLabel: '标签配置',
  TabRule: '资源分配规则',
  TabNotice: '消息通知',
  TabPushLog: '推送记录',
} as const;
