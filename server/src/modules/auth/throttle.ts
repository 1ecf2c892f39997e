import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Counters with exponential waits, for password attempts. A key may take `free` attempts; the
 * attempt that reaches `free` and each later one set a wait before the next (baseDelayMs,
 * doubling, at most maxDelayMs); an attempt during a wait is refused and not counted. A key is
 * forgotten `quietMs` after its last attempt or the end of its wait, whichever is later.
 *
 * `acquire` counts and decides in one atomic step, so that parallel attempts are counted one by
 * one: with free 5, twenty at once give five allowed and fifteen refused.
 */
export interface ThrottleRule {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  quietMs: number;
}

export type Acquired = { allowed: true; attempts: number } | { allowed: false; retryAfterMs: number };

export interface ThrottleStore {
  acquire(key: string, rule: ThrottleRule, now: number): Promise<Acquired>;
  /** Forgets the key (a right password). */
  clear(key: string): Promise<void>;
  /** Takes back one counted attempt (an attempt that turned out right); a wait already set stays. */
  refund(key: string): Promise<void>;
}

interface KeyState {
  attempts: number;
  /** Epoch ms; 0 when not waiting. */
  lockedUntil: number;
}

/** One attempt on a key's state (null: no live state): the answer and, when counted, the new state. */
export function step(state: KeyState | null, rule: ThrottleRule, now: number): { result: Acquired; next?: KeyState & { expiresAt: number } } {
  if (state && state.lockedUntil > now) return { result: { allowed: false, retryAfterMs: state.lockedUntil - now } };
  const attempts = (state?.attempts ?? 0) + 1;
  const lockedUntil = attempts >= rule.free ? now + Math.min(rule.baseDelayMs * 2 ** (attempts - rule.free), rule.maxDelayMs) : 0;
  return { result: { allowed: true, attempts }, next: { attempts, lockedUntil, expiresAt: Math.max(lockedUntil, now) + rule.quietMs } };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The database store (no Redis). Each attempt is a transaction whose first statement upserts the
 * key's row: on PostgreSQL that locks the row until the commit, on SQLite it takes the write lock
 * at once, so concurrent attempts (from any instance on the same database) queue on the row.
 */
export function databaseThrottle(db: Kysely<Database>): ThrottleStore {
  return {
    async acquire(key, rule, now) {
      const result = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('loginThrottle')
          .values({ key, attempts: 0, lockedUntil: null, expiresAt: iso(now) })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ attempts: eb.ref('loginThrottle.attempts') })))
          .returning(['attempts', 'lockedUntil', 'expiresAt'])
          .executeTakeFirstOrThrow();
        const live = Date.parse(row.expiresAt) > now;
        const { result, next } = step(
          live ? { attempts: row.attempts, lockedUntil: row.lockedUntil ? Date.parse(row.lockedUntil) : 0 } : null,
          rule,
          now,
        );
        if (next) {
          await tx
            .updateTable('loginThrottle')
            .set({ attempts: next.attempts, lockedUntil: next.lockedUntil ? iso(next.lockedUntil) : null, expiresAt: iso(next.expiresAt) })
            .where('key', '=', key)
            .execute();
        }
        return result;
      });
      // Outside the transaction, so that concurrent attempts never wait on each other's clean-up.
      await db.deleteFrom('loginThrottle').where('expiresAt', '<=', iso(now)).execute();
      return result;
    },
    async clear(key) {
      await db.deleteFrom('loginThrottle').where('key', '=', key).execute();
    },
    async refund(key) {
      await db
        .updateTable('loginThrottle')
        .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
        .where('key', '=', key)
        .where('attempts', '>', 0)
        .execute();
    },
  };
}

/** `step` in Lua: Redis runs a script alone, so every instance sharing the Redis counts in one place. */
const ACQUIRE_SCRIPT = `
local now = tonumber(ARGV[1])
local free, base, max, quiet = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local locked = tonumber(redis.call('HGET', KEYS[1], 'lockedUntil') or '0')
if locked > now then return {0, locked - now} end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
local waitEnd = now
if attempts >= free then
  waitEnd = now + math.min(base * 2 ^ (attempts - free), max)
  redis.call('HSET', KEYS[1], 'lockedUntil', string.format('%.0f', waitEnd))
end
redis.call('PEXPIRE', KEYS[1], string.format('%.0f', waitEnd - now + quiet))
return {1, attempts}
`;

const REFUND_SCRIPT = `
if tonumber(redis.call('HGET', KEYS[1], 'attempts') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'attempts', -1) end
return 1
`;

const REDIS_PREFIX = 'portal-login-throttle:';

export function redisThrottle(redis: Redis): ThrottleStore {
  return {
    async acquire(key, rule, now) {
      const [allowed, value] = (await redis.eval(
        ACQUIRE_SCRIPT,
        1,
        REDIS_PREFIX + key,
        now,
        rule.free,
        rule.baseDelayMs,
        rule.maxDelayMs,
        rule.quietMs,
      )) as [number, number];
      return allowed === 1 ? { allowed: true, attempts: value } : { allowed: false, retryAfterMs: value };
    },
    async clear(key) {
      await redis.del(REDIS_PREFIX + key);
    },
    async refund(key) {
      await redis.eval(REFUND_SCRIPT, 1, REDIS_PREFIX + key);
    },
  };
}

/**
 * Redis while it answers, else the database: an unreachable Redis neither opens the door to
 * unlimited guessing nor stops every login (its calls fail at once: no offline queue).
 */
export function redisWithFallback(redis: Redis, fallback: ThrottleStore, log: FastifyBaseLogger): ThrottleStore {
  const primary = redisThrottle(redis);
  const warn = (err: unknown) => log.warn({ err }, 'redis (login throttle) unavailable, counting in the database');
  return {
    acquire: (key, rule, now) =>
      primary.acquire(key, rule, now).catch((err: unknown) => {
        warn(err);
        return fallback.acquire(key, rule, now);
      }),
    clear: async (key) => {
      await Promise.all([primary.clear(key).catch(warn), fallback.clear(key)]);
    },
    refund: (key) => primary.refund(key).catch(warn),
  };
}
