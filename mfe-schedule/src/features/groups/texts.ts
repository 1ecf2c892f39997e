/**
 * Texts of 接收组管理. The spec's messages ('确定要删除吗?', '已取消删除', '保存成功！', '保存失败')
 * are ScheduleMessage's, the checks' ('请输入分组名称', '分组名称不能重复') CrmMessage's of the
 * accept-group save schema; these are the screen's own.
 */
export const GroupsText = {
  Manage: '接收组管理',
  Title: '接收组管理',
  Name: '分组名称',
  NamePlaceholder: '请输入分组名称',
  Add: '添加分组',
  Delete: '删除',
  Save: '保存',
  Cancel: '取消',
  Empty: '暂无接收组',
  Hint: '接收组用于资源分配规则：规则把资源分给某个接收组，由该组中当日排班的人员轮流接收。',
  /** What deleting a saved group does (the server's cascade). */
  DeleteHint: '保存后，排班中属于该分组的人员将不再属于任何分组，使用该分组的分配规则也会一并删除',
  /** The names of a row's controls, for screen readers. */
  controlName: (row: number, control: string): string => `第${row}行 ${control}`,
} as const;
