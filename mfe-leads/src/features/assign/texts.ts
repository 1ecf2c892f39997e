/** Texts of the manual assignment dialog (messages come from @portal/contracts). */
export const AssignText = {
  Title: '手动分配',
  leads: (count: number): string => `已选择 ${count} 条线索`,
  UserLabel: '分配人员',
  UserPlaceholder: '输入姓名搜索',
  SourceLabel: '渠道来源',
  SourcePlaceholder: '输入来源名称搜索',
  Searching: '搜索中...',
  NoMatch: '没有匹配的结果',
  /** A staff member who cannot take the leads now: their name and the server's reason. */
  ineligible: (name: string, reason: string): string => `${name}（${reason}）`,
  Unavailable: '暂不可分配',
  Ok: '确定',
  Cancel: '取消',
} as const;

/** Wait after the last key before searching names. */
export const ASSIGN_SEARCH_DEBOUNCE_MS = 300;
