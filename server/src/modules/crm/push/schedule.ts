/**
 * When the pipeline tries again, and how fast it may call a CRM.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The waits before each retry of a push that met a passing failure (network, 5xx, rate limit,
 * expired login): eleven steps over about 71 hours. After the last one fails the push is given
 * up (failed) and the customer gets a notice.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  30 * SECOND,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
  24 * HOUR,
];

/** Each wait is moved by up to this share either way, so that jobs that failed together do not retry together. */
export const RETRY_JITTER = 0.2;

/**
 * The wait before the next try after `attempts` tries (1 after the first), or null when the
 * schedule is spent. `random` in [0, 1) picks the jitter; a Retry-After wins when it is later.
 */
export function retryDelay(
  attempts: number,
  options: { schedule?: readonly number[]; random?: () => number; retryAfterMs?: number } = {},
): number | null {
  const schedule = options.schedule ?? RETRY_SCHEDULE_MS;
  if (attempts < 1 || attempts > schedule.length) return null;
  const base = schedule[attempts - 1];
  const jittered = Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * (options.random ?? Math.random)()));
  return Math.max(jittered, options.retryAfterMs ?? 0);
}

export interface RateBudget {
  /** Calls per second, refilled continuously. */
  perSecond: number;
  /** The most calls that may go in a burst. */
  burst: number;
}

/** The default budget of one customer's CRM: 20 calls a second, bursts of 40. */
export const DEFAULT_RATE_BUDGET: RateBudget = { perSecond: 20, burst: 40 };

/**
 * Token buckets per key (a customer's CRM), in this process: a call takes a token; tokens come
 * back at `perSecond` up to `burst`. A CRM's 429 empties the key's bucket until its Retry-After.
 * Time comes from `now` (the worker's clock), so tests drive it.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number; blockedUntil: number }>();

  constructor(
    private readonly budget: RateBudget,
    private readonly now: () => number,
  ) {}

  private bucket(key: string) {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.budget.burst, at: now, blockedUntil: 0 };
      this.buckets.set(key, bucket);
    }
    const refill = ((now - bucket.at) / 1000) * this.budget.perSecond;
    bucket.tokens = Math.min(this.budget.burst, bucket.tokens + Math.max(0, refill));
    bucket.at = now;
    return bucket;
  }

  /** Takes a token: 0 when taken, else how many ms until one is there (nothing is taken). */
  take(key: string): number {
    const bucket = this.bucket(key);
    const now = this.now();
    if (bucket.blockedUntil > now) return bucket.blockedUntil - now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) / this.budget.perSecond) * 1000);
  }

  /** The CRM said to wait (429 Retry-After): no calls on this key for `ms`. */
  block(key: string, ms: number): void {
    const bucket = this.bucket(key);
    bucket.tokens = 0;
    bucket.blockedUntil = Math.max(bucket.blockedUntil, this.now() + ms);
  }
}
