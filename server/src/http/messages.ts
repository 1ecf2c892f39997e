/**
 * Texts only the server produces (the form and rule texts live in @portal/contracts).
 * Clients show them from the response's `message`.
 */
export const ServerMessage = {
  LoginSucceeded: '登录成功',
  LogoutSucceeded: '退出成功',
  Succeeded: '成功',
  AccountExists: '账号已存在',
  AvatarMissing: '请选择要上传的头像图片',
  AvatarNotFound: '尚未上传头像',
  TooManyRequests: '请求过于频繁，请稍后再试',
  PayloadTooLarge: '请求内容过大',
  UnsupportedMediaType: '不支持的请求格式',
  UrlTooLong: '请求地址过长',
  Timeout: '服务器处理超时，请稍后再试',
  /** Every export writer busy and the queue full (http/spreadsheet.ts). */
  ExportsBusy: '正在生成的导出文件较多，请稍后再试',
} as const;
