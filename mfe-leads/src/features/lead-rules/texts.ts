/**
 * Texts of the duplicate rule's dialog (issue 24). The options' labels and the messages come from
 * @portal/contracts (DUPLICATE_SCOPE_LABELS, DUPLICATE_ACTION_LABELS, DuplicateText, CommonMessage).
 */
export const LeadRulesText = {
  Open: '重复规则',
  Title: '重复线索规则',
  Hint: '电话或其他联系方式与查重天数内的线索相同时，标记为重复',
  WindowDays: '查重天数',
  DaysUnit: '天',
  /** A window of 0 days (DUPLICATE_WINDOW_OFF) turns the check off. */
  WindowOff: '填 0 则不查重，所有线索按新线索处理',
  Scope: '查重范围',
  Action: '重复线索处理',
  /** A saved rule checks the leads that arrive after it (the stored ones keep their mark). */
  AppliesFromNow: '保存后，之后到达的线索按新规则查重',
  Save: '保存',
  Cancel: '取消',
  LoadFailed: '重复规则获取失败',
} as const;
