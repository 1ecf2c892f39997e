import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import {
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_BASE_MS,
  LOGIN_LOCK_MAX_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_TRUSTED_ADDRESS_MS,
  LoginAlertNotice,
  loginLockedMessage,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type AppError, tooManyRequests, waitSeconds } from '../../http/errors';
import type { ServerEvents } from '../../realtime/events';
import { createNotice } from '../messages/service';
import * as repo from './repo';
import type { ThrottleRule, ThrottleStore } from './throttle';

/**
 * The throttle of password attempts (login and the forced change; the logged-in change counts on
 * its session instead, see takeSessionAttempt). Each
 * attempt takes its slots before the password is checked, so parallel attempts cannot exceed them:
 *
 * - per account and client address: LOGIN_MAX_FAILURES attempts, then waits of 1, 2, 4, 8 and
 *   at most 15 minutes between attempts; a right password clears it. An attacker's address is
 *   slowed without touching the owner's other addresses.
 * - per account, failures from every address except those it logged in from within 30 days: a
 *   much higher ceiling (LOGIN_ACCOUNT_MAX_FAILURES, forgotten after an hour of quiet) with the
 *   same waits, so that guessing spread over many addresses is slowed too, while the owner's
 *   usual addresses stay open. (Counted before the check like the other; a right password
 *   takes its attempt back.)
 *
 * The failure that starts an address's waits sends the account a notice (at most one an hour).
 */
const PAIR_RULE: ThrottleRule = {
  free: LOGIN_MAX_FAILURES,
  baseDelayMs: LOGIN_LOCK_BASE_MS,
  maxDelayMs: LOGIN_LOCK_MAX_MS,
  quietMs: LOGIN_FAILURE_WINDOW_MS,
};
const ACCOUNT_RULE: ThrottleRule = {
  free: LOGIN_ACCOUNT_MAX_FAILURES,
  baseDelayMs: LOGIN_LOCK_BASE_MS,
  maxDelayMs: LOGIN_LOCK_MAX_MS,
  quietMs: LOGIN_ACCOUNT_WINDOW_MS,
};
const NOTICE_INTERVAL_MS = 60 * 60 * 1000;
/** One notice, then nothing for an hour. */
const NOTICE_RULE: ThrottleRule = { free: 1, baseDelayMs: NOTICE_INTERVAL_MS, maxDelayMs: NOTICE_INTERVAL_MS, quietMs: 0 };

/**
 * The network a client address stands for: an IPv4 address itself, an IPv6 address its /64 (one
 * subscriber's block: rotating within it must not buy fresh attempts), an IPv4-mapped IPv6
 * address its IPv4 address.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Throttle keys: the network has no '|', so a key names one account and network only. */
export const pairKey = (loginAccount: string, address: string): string => `ip|${clientNetwork(address)}|${loginAccount}`;
export const accountKey = (loginAccount: string): string => `account|${loginAccount}`;
const noticeKey = (loginAccount: string): string => `notice|${loginAccount}`;
/** A session's key: a hash of its token (the token itself never reaches the counter store). */
const sessionKey = (sessionToken: string): string => `session|${createHash('sha256').update(sessionToken).digest('hex').slice(0, 32)}`;

/** What a password attempt needs besides the database: the counters, the client and where notices go. */
export interface AttemptContext {
  db: Kysely<Database>;
  events: ServerEvents;
  throttle: ThrottleStore;
  /** The client's address (request.ip). */
  address: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface Attempt {
  loginAccount: string;
  /** The account's customer; undefined for an unknown account (counted all the same). */
  customerId: number | undefined;
  /** This attempt's count on its account and address. */
  attempts: number;
  /** Whether it was counted on the account's overall count too (an address not used lately). */
  countedOnAccount: boolean;
}

const locked = (retryAfterMs: number): AppError => tooManyRequests(loginLockedMessage(waitSeconds(retryAfterMs)), retryAfterMs);

/** Counts a password attempt before the check, or refuses it (429 with Retry-After) while it must wait. */
export async function takeAttempt(ctx: AttemptContext, loginAccount: string, customerId: number | undefined): Promise<Attempt> {
  const now = Date.now();
  // The address first: its refusals leave the account's count alone, so that one address cannot
  // run the account-wide count up with refused attempts.
  const pair = await ctx.throttle.acquire(pairKey(loginAccount, ctx.address), PAIR_RULE, now);
  if (!pair.allowed) throw locked(pair.retryAfterMs);
  const trusted =
    customerId !== undefined &&
    (await repo.hasLoggedInFrom(ctx.db, customerId, clientNetwork(ctx.address), new Date(now - LOGIN_TRUSTED_ADDRESS_MS).toISOString()));
  if (!trusted) {
    const account = await ctx.throttle.acquire(accountKey(loginAccount), ACCOUNT_RULE, now);
    if (!account.allowed) {
      // No password was checked: the address's count takes the attempt back.
      await ctx.throttle.refund(pairKey(loginAccount, ctx.address));
      throw locked(account.retryAfterMs);
    }
  }
  return { loginAccount, customerId, attempts: pair.attempts, countedOnAccount: !trusted };
}

/**
 * The old password of the logged-in change, counted on the session before the check (the same
 * waits as an address's: LOGIN_MAX_FAILURES, then 1, 2, 4... minutes). Only the session that
 * guesses waits: the account's logins and its other sessions are not held back, so that a wrong
 * old password typed five times, or a stolen session guessing, cannot lock the owner's login.
 * A thief gets no fresh session without the password.
 */
export async function takeSessionAttempt(ctx: AttemptContext, sessionToken: string): Promise<void> {
  const result = await ctx.throttle.acquire(sessionKey(sessionToken), PAIR_RULE, Date.now());
  if (!result.allowed) throw locked(result.retryAfterMs);
}

/** A right old password: the session's count starts afresh. */
export const sessionAttemptSucceeded = (ctx: AttemptContext, sessionToken: string): Promise<void> => ctx.throttle.clear(sessionKey(sessionToken));

/** A wrong password: the failure that starts the address's waits tells the account's owner. */
export async function attemptFailed(ctx: AttemptContext, attempt: Attempt): Promise<void> {
  if (attempt.attempts !== PAIR_RULE.free || attempt.customerId === undefined) return;
  try {
    if (!(await ctx.throttle.acquire(noticeKey(attempt.loginAccount), NOTICE_RULE, Date.now())).allowed) return;
    await createNotice(ctx.db, ctx.events, {
      customerId: attempt.customerId,
      title: LoginAlertNotice.Title,
      contents: LoginAlertNotice.contents(ctx.address),
    });
  } catch (err) {
    // The refusal the client is owed does not depend on the notice.
    ctx.log.error({ err }, 'login alert notice failed');
  }
}

/** A right password: the account's count on this address starts afresh, and its overall count counts failures only. */
export async function attemptSucceeded(ctx: AttemptContext, attempt: Attempt): Promise<void> {
  await ctx.throttle.clear(pairKey(attempt.loginAccount, ctx.address));
  if (attempt.countedOnAccount) await ctx.throttle.refund(accountKey(attempt.loginAccount));
}
