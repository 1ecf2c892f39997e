/** Texts of the frame. */
export const FrameText = {
  Guide: '新手引导',
  /** The phone's top bar: the button opening the side menu's drawer, and the folded top navigation. */
  OpenMenu: '打开菜单',
  Menu: '菜单',
  NavMenu: '更多',
  MessageCenter: '消息中心',
  TaskWall: '任务墙',
  FreePlan: '免费方案',
  Suggestion: '意见建议',
  Help: '帮助中心',
  Notifications: '消息通知',
  /** The bell's accessible name: it holds the count shown on its badge (WCAG 2.5.3). */
  notifications: (shownCount: string | null): string => (shownCount ? `消息通知，${shownCount} 条未读` : '消息通知'),
  AccountInfo: '账户信息',
  ChangePassword: '修改密码',
  ShopAddress: '收货地址',
  Logout: '退出登录',
  /** The user menu's accessible name: it holds the account shown on the button (WCAG 2.5.3). */
  userMenu: (account: string): string => `${account} 用户菜单`,
  NotFoundTitle: '页面不存在',
  NotFoundHint: '您访问的页面不存在或已被移除',
  BackToWorkbench: '返回工作台',
  BackHome: '返回首页',
  PageCrashed: '页面出错了',
} as const;

/** The shell's own routes; the remotes' pages it links to are REMOTE_PAGES of the contracts. */
export const FrameRoute = {
  MessageCenter: '/message-center',
  /** The spec's second path of the message centre. */
  Messages: '/messages',
  AccountInfo: '/account-info',
  ChangePassword: '/change-password',
  NotFound: '/not-found',
} as const;
