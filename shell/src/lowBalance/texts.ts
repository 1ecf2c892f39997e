/** Texts of the low-balance reminder (its title and day rows come from ReportMessage in @portal/contracts). */
export const LowBalanceText = {
  /** The list's accessible name. */
  Projects: '余额不足的项目',
  /** Top-ups go through customer service (spec 000 section 1). */
  TopUpHint: '为避免推广中断，请及时联系在线客服充值。',
  ViewBalance: '查看余额',
  Dismiss: '知道了',
} as const;
