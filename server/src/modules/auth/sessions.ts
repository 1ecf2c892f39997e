import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/schema';
import * as repo from './repo';

/** Sessions last 7 days from the last use (sliding). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Extend at most hourly: a write per request would buy nothing at a 7-day scale. */
const RENEW_AFTER_MS = 60 * 60 * 1000;
/** A token is 32 random bytes in base64url (43 characters); anything longer is not ours. */
const MAX_TOKEN_LENGTH = 64;

export interface ActiveSession {
  /** The cookie's token (the database keeps only its hash). */
  token: string;
  customerId: number;
}

/** The database key of a token: a stolen copy of the sessions table cannot be replayed as cookies. */
export const sessionKey = (token: string): string => createHash('sha256').update(token).digest('hex');

const expiryFrom = (now: number): string => new Date(now + SESSION_TTL_MS).toISOString();

/** Starts a session and returns the token for the cookie. */
export async function createSession(db: Db, customerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  await repo.deleteExpiredSessions(db, nowIso);
  await repo.insertSession(db, { id: sessionKey(token), customerId, expiresAt: expiryFrom(now), createdAt: nowIso });
  return token;
}

/** The live session of a token, extended when due (`renewed`: the cookie should be sent again). */
export async function resolveSession(db: Db, token: string): Promise<{ session: ActiveSession; renewed: boolean } | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const now = Date.now();
  const key = sessionKey(token);
  const row = await repo.findLiveSession(db, key, new Date(now).toISOString());
  if (!row) return null;
  const renewed = Date.parse(row.expiresAt) < now + SESSION_TTL_MS - RENEW_AFTER_MS;
  if (renewed) await repo.extendSession(db, key, expiryFrom(now));
  return { session: { token, customerId: row.customerId }, renewed };
}

export const endSession = (db: Db, token: string): Promise<void> => repo.deleteSession(db, sessionKey(token));

/** Ends every session of the customer but `keepToken`'s (all of them without it). */
export const endCustomerSessions = (db: Db, customerId: number, keepToken?: string): Promise<void> =>
  repo.deleteCustomerSessions(db, customerId, keepToken && sessionKey(keepToken));
