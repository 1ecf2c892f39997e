/** Texts of the login page that are not validation messages (those come from AuthMessage). */
export const LoginText = {
  Title: '客户登录',
  AccountPlaceholder: '请输入账号',
  PasswordPlaceholder: '请输入密码',
  RememberAccount: '记住账号',
  BackToWorkbench: '返回工作台',
  LoggedInHint: '您已登录，可直接返回工作台',
  ForcedTitle: '修改密码',
  ForcedConfirm: '确认修改',
  Cancel: '取消',
  AccountLabel: '账号',
  OldPasswordLabel: '原密码',
  ServiceHint: '账号由平台开通，开户、充值与退款请联系在线客服',
} as const;
