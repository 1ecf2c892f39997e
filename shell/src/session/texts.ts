/** Texts of the session screens. */
export const SessionText = {
  UserInfoFailed: '用户信息获取失败',
} as const;
