import fastifyRateLimit from '@fastify/rate-limit';
import { isInternalRender } from '../http/internal';
import { SESSION_COOKIE } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../http/errors';
import { ServerMessage } from '../http/messages';
import { clientNetwork } from '../modules/auth/guard';
import { sessionKey } from '../modules/auth/sessions';
import { lookupSession } from './auth';

/** A counter of the plugin (`app.createRateLimit`): counts a request and says whether it went past the limit. */
export type RateLimiter = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The count of calls without a live session, per client address: for a route that counts its own calls (`config.rateLimit: false`). */
    addressRateLimit: RateLimiter;
  }
  interface FastifyContextConfig {
    /** Counted on the client's address even with a live session: the login, which makes sessions. */
    rateLimitByAddress?: boolean;
  }
}

export interface RateLimitOptions {
  /** API calls per minute per live session. */
  perSession: number;
  /** API calls per minute per client address (an IPv6 address: its /64) of calls without a live session. */
  perAddress: number;
  redisUrl: string | null;
  /** Prefix of the counters' Redis keys. */
  namespace?: string;
}

/** The API: every URL under /rest, and every route registered there however its URL was spelled. */
const API_PATH = /^\/rest(?:[/?]|$)/;
const isApiCall = (request: FastifyRequest): boolean => API_PATH.test(request.url) || (request.routeOptions.url ?? '').startsWith('/rest/');

/**
 * Counts the request on `limiter`; past the limit, the 429 every limit answers (Retry-After and
 * the Chinese message). While Redis is unreachable the count fails and the request passes.
 */
export async function enforceRateLimit(limiter: RateLimiter, request: FastifyRequest): Promise<void> {
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) throw tooManyRequests(ServerMessage.TooManyRequests, result.ttl);
}

/**
 * Limits of API calls, against floods and scripted abuse, that never stand in a person's way:
 *
 * - The built frontends (files, the pages, the shell's index.html for client-side routes,
 *   /remotes/...) are never counted: one page load fetches dozens of them.
 * - A call with a live session is counted on that session: people behind one office address
 *   each have their own budget. A session is one login, so an account shared by several people
 *   does not make them share one either. The session is looked up once per request
 *   (lookupSession), the lookup requireLogin uses: the count costs a logged-in route no extra
 *   database read.
 * - Every other call (no cookie, or one that is not a live session) is counted on its client
 *   address (clientNetwork: an IPv6 /64 as one), so made-up cookie values buy no fresh budget.
 *   So is every login (`config.rateLimitByAddress`), cookie or not: a session cannot make more
 *   sessions on its own budget, and one address opens at most `perAddress` a minute.
 * - Login and password changes have their own throttle (auth/guard.ts), ingestion its own
 *   per-key count (ingest/routes.ts, `config.rateLimit: false`: it counts unknown keys on the
 *   address itself).
 *
 * With Redis the counters are shared by all instances. While Redis is unreachable, its calls
 * fail at once (no offline queue) and requests pass uncounted rather than wait or fail.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { perSession, perAddress, redisUrl, namespace = 'portal-rate-limit-' }) => {
    const redis = redisUrl
      ? new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : undefined;
    if (redis) {
      redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limit) unavailable'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      // Connect before serving, so the first requests are counted too; a failure only delays
      // counting (ioredis keeps reconnecting), it does not stop the server.
      await redis.connect().catch(() => undefined);
    }
    // Counters only (createRateLimit); the hook below decides which request counts where.
    await app.register(fastifyRateLimit, { global: false, timeWindow: 60_000, redis, nameSpace: namespace, skipOnError: true });

    const bySession = app.createRateLimit({
      max: perSession,
      // The session's database key (a hash of the token, which never reaches the counter store), shortened.
      keyGenerator: (request) => `session-${sessionKey(request.cookies[SESSION_COOKIE] ?? '').slice(0, 32)}`,
    });
    app.decorate('addressRateLimit', app.createRateLimit({ max: perAddress, keyGenerator: (request) => `address-${clientNetwork(request.ip)}` }));

    // Before the requested-with check and every route's own hooks, so that their refusals (403,
    // 401) are counted too; after the cookie parser (auth plugin).
    app.addHook('onRequest', async (request, reply) => {
      const config = request.routeOptions.config;
      if (!isApiCall(request) || config?.rateLimit === false || isInternalRender(request)) return;
      const session = request.cookies[SESSION_COOKIE] && !config?.rateLimitByAddress ? await lookupSession(request, reply) : null;
      await enforceRateLimit(session ? bySession : app.addressRateLimit, request);
    });
  },
  { name: 'rate-limit', dependencies: ['auth'] },
);
