import { z } from 'zod';
import { changePasswordSchema, forcedChangeTicketSchema, forcedPasswordChangeSchema, loginSchema, ssoLoginSchema } from '../auth/schemas';
import { sessionUserSchema } from '../session/types';
import { endpoint } from './define';

const tag = 'auth';

/** Login, user info, logout and the two password changes: code-style answers `{code, message, data}`. */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/customer/login',
    auth: 'public',
    tag,
    summary: "登录。code '200' 带用户并设置会话; code '10002' 须先修改密码, 不建立会话, data.changeToken 供强制修改密码使用 (10 分钟内一次)",
    body: loginSchema,
    answer: 'code',
    response: z.union([sessionUserSchema, forcedChangeTicketSchema]),
    errors: [429],
  }),
  ssoLogin: endpoint({
    method: 'POST',
    path: '/customer/sso-login',
    auth: 'public',
    tag,
    summary:
      "单点登录: 以运营命令行签发的登录链接中的一次性 token 登录 (有效期最长 15 分钟, 仅可使用一次)。code '200' 带用户并设置会话, 与密码登录相同; token 无效、过期或已使用时 400 '登录链接无效或已过期，请重新获取'",
    body: ssoLoginSchema,
    answer: 'code',
    response: sessionUserSchema,
    errors: [429],
  }),
  userInfo: endpoint({
    method: 'GET',
    path: '/customer/user-info',
    tag,
    summary: '当前登录用户',
    answer: 'code',
    response: sessionUserSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/customer/logout',
    auth: 'public',
    tag,
    summary: '退出登录 (无会话时同样成功)',
    answer: 'code',
    response: z.null(),
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/customer/password',
    tag,
    summary: '修改密码 (结束该账户的其他会话; 原密码错误计入密码尝试限制)',
    body: changePasswordSchema,
    answer: 'code',
    response: z.null(),
    errors: [429],
  }),
  forcedPasswordChange: endpoint({
    method: 'PUT',
    path: '/customer/password/forced',
    auth: 'public',
    tag,
    summary: '强制修改密码 (须带登录返回 10002 时的 changeToken, 无需会话; 原密码错误计入密码尝试限制)',
    body: forcedPasswordChangeSchema,
    answer: 'code',
    response: z.null(),
    errors: [429],
  }),
};
