import { createHash, randomBytes } from 'node:crypto';
import {
  AuthErrorCode,
  AuthMessage,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_BASE_MS,
  LOGIN_LOCK_MAX_MS,
  SSO_LOGIN_PARAM,
  SSO_TOKEN_MAX_MINUTES,
} from '@portal/contracts';
import type { Db } from '../../db/schema';
import { badRequest, tooManyRequests } from '../../http/errors';
import { ServerMessage } from '../../http/messages';
import { type AttemptContext, clientNetwork } from './guard';
import * as repo from './repo';
import type { ThrottleRule } from './throttle';

/**
 * Single sign-on (spec 000 section 6, "single-sign-on lookup by id exists for login"): the
 * operator CLI (`sso-link`) issues a link `<origin>/login?sso=<token>` for one account; the login
 * page sends the token to POST /customer/sso-login, which looks it up by its id (the token's
 * SHA-256), uses it up and opens a session as the password login does.
 *
 * - The token is 32 random bytes (256 bits) in base64url; only its hash is stored (sso_tokens).
 * - It lives at most SSO_TOKEN_MAX_MINUTES, and opens one session: the UPDATE that marks it used
 *   checks in the same statement that it was unused and unexpired, so of two requests with one
 *   token exactly one gets a session.
 * - Every refusal (unknown, expired, used, malformed, an account that must change its password
 *   first) is the same 400 with one text, so that an answer tells nothing about a token.
 * - Attempts count per client address before the lookup (SSO_RULE); a right token takes its
 *   attempt back, so only refused tokens make an address wait.
 */

/** Refused tokens an address may send before waits of 1, 2, 4... minutes (at most 15) between attempts. */
export const SSO_FREE_ATTEMPTS = 10;
const SSO_RULE: ThrottleRule = {
  free: SSO_FREE_ATTEMPTS,
  baseDelayMs: LOGIN_LOCK_BASE_MS,
  maxDelayMs: LOGIN_LOCK_MAX_MS,
  quietMs: LOGIN_FAILURE_WINDOW_MS,
};

/** The throttle key of an address's single-sign-on attempts (no '|' in a network: see guard.ts). */
export const ssoAttemptKey = (address: string): string => `sso|${clientNetwork(address)}`;

/** The database id of a token: its SHA-256, so that a copy of the table opens nothing. */
export const ssoTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const refused = () => badRequest(AuthMessage.SsoLinkInvalid, AuthErrorCode.SsoLinkInvalid);

export type IssuedSsoToken =
  | { kind: 'issued'; token: string; expiresAt: string }
  | { kind: 'unknown-account' }
  /** The account must change its password first (code 10002): a link would skip that. */
  | { kind: 'must-change-password' };

/** Makes a token for the account, valid `minutes` (1 to SSO_TOKEN_MAX_MINUTES). */
export async function issueSsoToken(db: Db, loginAccount: string, minutes: number): Promise<IssuedSsoToken> {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > SSO_TOKEN_MAX_MINUTES) {
    throw new RangeError(`minutes must be 1 to ${SSO_TOKEN_MAX_MINUTES}`);
  }
  const account = await repo.findCredentialsByAccount(db, loginAccount);
  if (!account) return { kind: 'unknown-account' };
  if (account.forcePasswordChange) return { kind: 'must-change-password' };
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + minutes * 60_000).toISOString();
  await repo.insertSsoToken(db, { customerId: account.id, tokenHash: ssoTokenHash(token), expiresAt, createdAt: new Date(now).toISOString() });
  return { kind: 'issued', token, expiresAt };
}

/** The link of a token on the portal at `origin` (scheme, host and port only). */
export function ssoLinkUrl(origin: string, token: string): string {
  const url = new URL('/login', origin);
  url.searchParams.set(SSO_LOGIN_PARAM, token);
  return url.toString();
}

/**
 * Uses up a token and answers its customer, or refuses (400, one text for every reason; 429 while
 * the address waits after too many refused tokens).
 */
export async function ssoLogin(ctx: AttemptContext, token: string): Promise<number> {
  const key = ssoAttemptKey(ctx.address);
  const attempt = await ctx.throttle.acquire(key, SSO_RULE, Date.now());
  if (!attempt.allowed) throw tooManyRequests(ServerMessage.TooManyRequests, attempt.retryAfterMs);
  const now = new Date().toISOString();
  const customer = await repo.consumeSsoToken(ctx.db, ssoTokenHash(token), now);
  if (!customer) throw refused();
  // A flag set after the link was issued still holds: the password must be changed first.
  if (customer.forcePasswordChange) throw refused();
  await ctx.throttle.refund(key);
  await repo.rememberAddress(ctx.db, customer.id, clientNetwork(ctx.address), now);
  return customer.id;
}
