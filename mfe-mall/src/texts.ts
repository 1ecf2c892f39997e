/** Texts of the remote as a whole (each feature keeps its own beside it). */
export const MallText = {
  Label: '积分商城',
  /** The wallet popover's points entry (with the balance beside it). */
  WalletPoints: '积分',
  WalletOrders: '商城订单',
  RootFailed: '积分商城模块加载失败，请刷新页面重试',
  PageFailed: '积分商城模块出现异常，请重试；如果仍然出错，请刷新页面。',
} as const;
