/** Texts of the source config tab (messages come from @portal/contracts). */
export const SourceText = {
  Sources: '渠道来源',
  SyncSources: '同步来源',
  SourceSearch: '输入来源名称搜索',
  SourceName: '来源名称',
  SourceCode: '来源编码',
  Staff: 'CRM员工',
  SyncStaff: '同步员工',
  StaffSearch: '输入姓名搜索',
  UserName: '姓名',
  Phone: '电话',
  Dept: '部门',
  /** The searches answer at most 20 rows. */
  FirstRows: '最多显示20条，可输入名称搜索',
  None: '-',
} as const;

/** Wait after the last key before searching names. */
export const SEARCH_DEBOUNCE_MS = 300;
