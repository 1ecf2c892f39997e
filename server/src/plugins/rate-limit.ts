import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * A generous per-IP limit on every route, against floods and scripted abuse; per-account login
 * attempts have their own stricter limit (auth service). With Redis the counters are shared by
 * all instances. While Redis is unreachable, its calls fail at once (no offline queue) and
 * requests pass uncounted rather than wait or fail.
 */
export const rateLimitPlugin = fp<{ perMinute: number; redisUrl: string | null }>(
  async (app, { perMinute, redisUrl }) => {
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
    await app.register(fastifyRateLimit, {
      // Not the plugin's per-route hooks: those run after the routes' own onRequest hooks, so
      // refused calls (no session, no X-Requested-With) would never be counted.
      global: false,
      max: perMinute,
      timeWindow: 60_000,
      redis,
      nameSpace: 'portal-rate-limit-',
      skipOnError: true,
    });
    // One app-wide hook, registered before the other plugins' hooks: it runs first on every request, 404s included.
    app.addHook('onRequest', app.rateLimit());
  },
  { name: 'rate-limit' },
);
