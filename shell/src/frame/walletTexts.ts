/**
 * Texts of the wallet popover and the low-balance reminder. Kept out of `texts.ts`, which the
 * login route loads (ShellRoutes reads FrameRoute): these load with the frame only.
 */
export const WalletText = {
  /** The wallet button: its accessible name is its visible text. */
  Wallet: '钱包',
  Title: '我的钱包',
  CashBalance: '现金余额',
  BalanceLoadFailed: '余额加载失败',
  BalanceCenter: '余额中心',
  PaymentRecord: '充值记录',
  ExpensesRecord: '消费报表',
} as const;
