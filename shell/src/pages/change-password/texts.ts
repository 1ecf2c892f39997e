/** Texts of the change-password page (rules and results come from AuthMessage and PasswordPrompt). */
export const ChangePasswordText = {
  Title: '修改密码',
  OldPassword: '原密码',
  Submit: '确认修改',
  Rule: '密码为 8-18 位，须同时包含字母和数字；修改成功后需重新登录。',
} as const;
