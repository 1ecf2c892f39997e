import { CRM_LABELS, type CrmCode } from '@portal/contracts';

/**
 * Texts of the schedule page. The spec's messages ('当前没有项目，不能排班', '请先选择项目',
 * '确定要删除吗?', '已取消删除', '暂无数据可删', '删除成功！', ...) are ScheduleMessage's of
 * @portal/contracts/schedule.
 */
export const SchedulePageText = {
  title: (crmCode: CrmCode): string => `${CRM_LABELS[crmCode]}排班`,
  Project: '项目',
  Delete: '删除',
  Retry: '重试',
  /** The heading over the person table: '3月5日排班人员'. */
  dayHeading: (date: string): string => `${date}排班人员`,
  Hint: '每轮数量为空或0表示不参与轮流分配；每日上限为空表示不限，0表示不分配；时间段为空表示全天。',
} as const;
