/**
 * Texts of 复制 (the spec's messages '暂未有已排班的日期，请先排班', '请在上面选择已排班的日期' and
 * '复制成功', and '请选择要复制到的日期', are ScheduleMessage's of @portal/contracts/schedule).
 */
export const CopyText = {
  Copy: '复制',
  Title: '复制排班',
  Ok: '复制',
  Cancel: '取消',
  /** '将3月5日已保存的排班复制到：'. */
  source: (date: string): string => `将${date}已保存的排班复制到：`,
  Overwrite: '目标日期原有的排班将被覆盖',
  picked: (count: number): string => `已选 ${count} 天`,
} as const;
