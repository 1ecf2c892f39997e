import {
  AuthMessage,
  changePasswordSchema,
  forcedPasswordChangeSchema,
  loginSchema,
  ResponseCode,
  SESSION_COOKIE,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeResponse, errorSchema, protectedErrors } from '../../http/schemas';
import { ServerMessage } from '../../http/messages';
import { currentCustomerId, currentSession } from '../../plugins/auth';
import { userSchema } from '../account/schemas';
import { getUser } from '../account/service';
import * as auth from './service';
import { createSession, endSession } from './sessions';

const tags = ['auth'];
const passwordChanged = { code: ResponseCode.Success, message: AuthMessage.PasswordChanged, data: null };

/** Login, user info, logout and the two password changes: code-style answers `{code, message, data}`. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customer/login',
    {
      schema: {
        tags,
        summary: "登录。code '200' 带用户并设置会话; code '10002' 须先修改密码, 不建立会话",
        body: loginSchema,
        response: { 200: codeResponse(userSchema.nullable()), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.login(app.db, request.body);
      if (result.kind === 'must-change-password') {
        return { code: ResponseCode.ForcePasswordChange, message: AuthMessage.ForcePasswordChange, data: null };
      }
      // A session the browser brought along is replaced, never promoted (session fixation).
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await endSession(app.db, previous);
      reply.startSession(await createSession(app.db, result.customerId));
      return { code: ResponseCode.Success, message: ServerMessage.LoginSucceeded, data: await getUser(app.db, result.customerId) };
    },
  );

  app.get(
    '/customer/user-info',
    { onRequest: app.requireLogin, schema: { tags, summary: '当前登录用户', response: { 200: codeResponse(userSchema), ...protectedErrors } } },
    async (request) => ({
      code: ResponseCode.Success,
      message: ServerMessage.Succeeded,
      data: await getUser(app.db, currentCustomerId(request)),
    }),
  );

  app.post(
    '/customer/logout',
    { schema: { tags, summary: '退出登录 (无会话时同样成功)', response: { 200: codeResponse(z.null()) } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await endSession(app.db, token);
      reply.endSession();
      return { code: ResponseCode.Success, message: ServerMessage.LogoutSucceeded, data: null };
    },
  );

  app.put(
    '/customer/password',
    {
      onRequest: app.requireLogin,
      schema: {
        tags,
        summary: '修改密码 (结束该账户的其他会话)',
        body: changePasswordSchema,
        response: { 200: codeResponse(z.null()), ...protectedErrors },
      },
    },
    async (request) => {
      await auth.changePassword(app.db, currentSession(request), request.body);
      return passwordChanged;
    },
  );

  app.put(
    '/customer/password/forced',
    {
      schema: {
        tags,
        summary: '强制修改密码 (登录返回 10002 之后, 无需会话; 原密码错误计入登录失败)',
        body: forcedPasswordChangeSchema,
        response: { 200: codeResponse(z.null()), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await auth.changeForcedPassword(app.db, request.body);
      return passwordChanged;
    },
  );
};
