import {
  AuthMessage,
  changePasswordSchema,
  forcedChangeTicketSchema,
  forcedPasswordChangeSchema,
  loginSchema,
  ResponseCode,
  SESSION_COOKIE,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { codeResponse, errorSchema, protectedErrors } from '../../http/schemas';
import { ServerMessage } from '../../http/messages';
import { currentCustomerId, currentSession } from '../../plugins/auth';
import { userSchema } from '../account/schemas';
import { getUser } from '../account/service';
import type { AttemptContext } from './guard';
import * as auth from './service';
import { createSession, endSession } from './sessions';
import { databaseThrottle, redisWithFallback, type ThrottleStore } from './throttle';

const tags = ['auth'];
const passwordChanged = { code: ResponseCode.Success, message: AuthMessage.PasswordChanged, data: null };

/** Login, user info, logout and the two password changes: code-style answers `{code, message, data}`. */
export const authRoutes: FastifyPluginAsyncZod<{ redisUrl: string | null }> = async (app, { redisUrl }) => {
  // The password throttle's counters: in Redis when configured (shared by every instance), else in the database.
  let throttle: ThrottleStore = databaseThrottle(app.db);
  if (redisUrl) {
    const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', (err) => app.log.warn({ err }, 'redis (login throttle) unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await redis.connect().catch(() => undefined);
    throttle = redisWithFallback(redis, throttle, app.log);
  }
  const attemptContext = (request: FastifyRequest): AttemptContext => ({
    db: app.db,
    events: app.events,
    throttle,
    address: request.ip,
    log: request.log,
  });

  app.post(
    '/customer/login',
    {
      schema: {
        tags,
        summary: "登录。code '200' 带用户并设置会话; code '10002' 须先修改密码, 不建立会话, data.changeToken 供强制修改密码使用 (10 分钟内一次)",
        body: loginSchema,
        response: { 200: codeResponse(z.union([userSchema, forcedChangeTicketSchema])), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.login(attemptContext(request), request.body);
      if (result.kind === 'must-change-password') {
        return { code: ResponseCode.ForcePasswordChange, message: AuthMessage.ForcePasswordChange, data: { changeToken: result.changeToken } };
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
        summary: '修改密码 (结束该账户的其他会话; 原密码错误计入密码尝试限制)',
        body: changePasswordSchema,
        response: { 200: codeResponse(z.null()), ...protectedErrors, 429: errorSchema },
      },
    },
    async (request) => {
      await auth.changePassword(attemptContext(request), currentSession(request), request.body);
      return passwordChanged;
    },
  );

  app.put(
    '/customer/password/forced',
    {
      schema: {
        tags,
        summary: '强制修改密码 (须带登录返回 10002 时的 changeToken, 无需会话; 原密码错误计入密码尝试限制)',
        body: forcedPasswordChangeSchema,
        response: { 200: codeResponse(z.null()), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await auth.changeForcedPassword(attemptContext(request), request.body);
      return passwordChanged;
    },
  );
};
