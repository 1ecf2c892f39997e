import fastifyCookie from '@fastify/cookie';
import { LOGIN_COOKIE, SESSION_COOKIE, SESSION_EXPIRED_COOKIE, SESSION_EXPIRED_COOKIE_MAX_AGE_S } from '@portal/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../http/errors';
import { type ActiveSession, resolveSession, SESSION_TTL_MS } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of logged-in routes: loads the session or answers 401. */
    requireLogin: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
    /** The lookup of the session cookie, once per request (lookupSession). */
    sessionLookup: Promise<ActiveSession | null> | null;
  }
  interface FastifyReply {
    /** Sets the session cookie and the shell's readable login cookie. */
    startSession(token: string): FastifyReply;
    /** Clears both cookies. */
    endSession(): FastifyReply;
  }
}

/** The logged-in customer of a route behind `requireLogin`. */
export function currentSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

export const currentCustomerId = (request: FastifyRequest): number => currentSession(request).customerId;

/**
 * The live session of the request's cookie (null without one), read from the database once per
 * request however often it is asked (the rate limit asks first, then requireLogin). A session
 * due for renewal is extended and its cookies are sent again.
 */
export function lookupSession(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession | null> {
  request.sessionLookup ??= (async () => {
    const token = request.cookies[SESSION_COOKIE];
    const resolved = token ? await resolveSession(request.server.db, token) : null;
    // Sliding expiry: the browser's cookie must live as long as the extended session.
    if (resolved?.renewed) reply.startSession(resolved.session.token);
    return resolved?.session ?? null;
  })();
  return request.sessionLookup;
}

/**
 * Server-side sessions. The token cookie is httpOnly (scripts never see it); the login cookie
 * (value 1) is readable only so the shell's guard can tell a logged-in visitor without a call.
 * Both are Secure when `secureCookies` says so, and otherwise whenever the request came over
 * HTTPS ('auto': `request.protocol`, which honours X-Forwarded-Proto only with trustProxy).
 */
export const authPlugin = fp<{ secureCookies: boolean }>(
  async (app, { secureCookies }) => {
    await app.register(fastifyCookie);
    const cookie = { path: '/', sameSite: 'lax', secure: secureCookies || 'auto', maxAge: SESSION_TTL_MS / 1000 } as const;

    app.decorateRequest('session', null);
    app.decorateRequest('sessionLookup', null);
    app.decorateReply('startSession', function (token: string) {
      const started = this.setCookie(SESSION_COOKIE, token, { ...cookie, httpOnly: true }).setCookie(LOGIN_COOKIE, '1', {
        ...cookie,
        httpOnly: false,
      });
      return this.request.cookies[SESSION_EXPIRED_COOKIE] ? started.clearCookie(SESSION_EXPIRED_COOKIE, { path: '/' }) : started;
    });
    app.decorateReply('endSession', function () {
      return this.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(LOGIN_COOKIE, { path: '/' });
    });

    app.decorate('requireLogin', async function requireLogin(request, reply) {
      const session = await lookupSession(request, reply);
      if (!session) {
        // A stale login cookie would keep the shell thinking it is logged in. It goes, and in the
        // same answer the expired-session cookie comes, so that a page loaded next (even one that
        // beat the api-client's move to the login page) says why (SESSION_EXPIRED_COOKIE).
        const stale = Boolean(request.cookies[LOGIN_COOKIE]);
        reply.endSession();
        if (stale) reply.setCookie(SESSION_EXPIRED_COOKIE, '1', { ...cookie, httpOnly: false, maxAge: SESSION_EXPIRED_COOKIE_MAX_AGE_S });
        throw unauthorized();
      }
      request.session = session;
    } satisfies onRequestAsyncHookHandler);
  },
  { name: 'auth', dependencies: ['db'] },
);
