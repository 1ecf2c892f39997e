/**
 * Texts of 接收组管理 on the schedule page; the dialog's own (and the spec's messages) are the
 * design system's AcceptGroupsDialog's.
 */
export const GroupsText = {
  Manage: '接收组管理',
  Hint: '接收组用于资源分配规则：规则把资源分给某个接收组，由该组中当日排班的人员轮流接收。',
  /** What deleting a saved group does (the server's cascade). */
  DeleteHint: '保存后，排班中属于该分组的人员将不再属于任何分组，使用该分组的分配规则也会一并删除',
} as const;
