import { AuthMessage, ResponseCode, SESSION_COOKIE } from '@portal/contracts';
import { authEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ServerMessage } from '../../http/messages';
import { route } from '../../http/route';
import { currentCustomerId, currentSession } from '../../plugins/auth';
import { getUser } from '../account/service';
import type { AttemptContext } from './guard';
import * as auth from './service';
import { createSession, endSession } from './sessions';
import { ssoLogin } from './sso';
import { databaseThrottle, redisWithFallback, type ThrottleStore } from './throttle';

const passwordChanged = { code: ResponseCode.Success, message: AuthMessage.PasswordChanged, data: null };

/** Login (by password or single-sign-on link), user info, logout and the two password changes: code-style answers `{code, message, data}`. */
export const authRoutes: FastifyPluginAsync<{ redisUrl: string | null }> = async (app, { redisUrl }) => {
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

  /** A successful login, by password or link: the session cookie and the login cookie, and the user. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, customerId: number) => {
    // A session the browser brought along is replaced, never promoted (session fixation).
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await endSession(app.db, previous);
    reply.startSession(await createSession(app.db, customerId));
    return { code: ResponseCode.Success, message: ServerMessage.LoginSucceeded, data: await getUser(app.db, customerId) };
  };

  route(
    app,
    authEndpoints.login,
    async (request, reply) => {
      const result = await auth.login(attemptContext(request), request.body);
      if (result.kind === 'must-change-password') {
        return { code: ResponseCode.ForcePasswordChange, message: AuthMessage.ForcePasswordChange, data: { changeToken: result.changeToken } };
      }
      return signIn(request, reply, result.customerId);
    },
    // Logins make sessions: counted on the address, never on a session the browser brought along.
    { config: { rateLimitByAddress: true } },
  );

  // Single sign-on (sso.ts): the token of an operator's link instead of a password; the same session and answer.
  route(app, authEndpoints.ssoLogin, async (request, reply) => signIn(request, reply, await ssoLogin(attemptContext(request), request.body.token)), {
    config: { rateLimitByAddress: true },
  });

  route(app, authEndpoints.userInfo, async (request) => ({
    code: ResponseCode.Success,
    message: ServerMessage.Succeeded,
    data: await getUser(app.db, currentCustomerId(request)),
  }));

  route(app, authEndpoints.logout, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(app.db, token);
    reply.endSession();
    return { code: ResponseCode.Success, message: ServerMessage.LogoutSucceeded, data: null };
  });

  route(app, authEndpoints.changePassword, async (request) => {
    await auth.changePassword(attemptContext(request), currentSession(request), request.body);
    return passwordChanged;
  });

  route(app, authEndpoints.forcedPasswordChange, async (request) => {
    await auth.changeForcedPassword(attemptContext(request), request.body);
    return passwordChanged;
  });
};
