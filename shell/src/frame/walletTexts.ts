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
  PointsLoadFailed: '积分加载失败',
  /** In place of a figure on its way. */
  Loading: '加载中…',
} as const;
