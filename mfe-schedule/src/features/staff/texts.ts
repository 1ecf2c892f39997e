/**
 * Texts of the staff tools (添加人员, 同步CRM员工). The spec's messages ('请先选择排班人员',
 * '没有可添加人员', '同步成功！', '保存成功！') are ScheduleMessage's of @portal/contracts/schedule;
 * these are the screen's own.
 */
export const StaffText = {
  Add: '添加人员',
  Title: '添加排班人员',
  Ok: '确定',
  Cancel: '取消',
  Sync: '同步CRM员工',
  Filter: '输入姓名筛选',
  Tree: '员工',
  /** Staff whose department the CRM left empty. */
  NoDept: '未分组',
  Scheduled: '已排班',
  Empty: '暂无员工，请先同步CRM员工',
  NoMatch: '没有符合条件的员工',
  Hint: '已排班的人员不可重复添加；添加后每轮数量为1、每日上限不限、全天在班，可在表格中修改。',
  /** A department node: its name and how many members it has. */
  dept: (name: string, count: number): string => `${name}（${count}）`,
  picked: (count: number): string => `已选择 ${count} 人`,
} as const;
