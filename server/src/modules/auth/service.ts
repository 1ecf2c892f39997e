import { createHash, randomBytes } from 'node:crypto';
import {
  AuthErrorCode,
  AuthMessage,
  type ChangePasswordForm,
  changePasswordSchema,
  FORCED_CHANGE_TOKEN_TTL_MS,
  type ForcedPasswordChangeForm,
  loginSchema,
} from '@portal/contracts';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { ServerMessage } from '../../http/messages';
import { nowIso } from '../../lib/time';
import {
  type AttemptContext,
  attemptFailed,
  attemptSucceeded,
  clientNetwork,
  sessionAttemptSucceeded,
  takeAttempt,
  takeSessionAttempt,
} from './guard';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords';
import * as repo from './repo';
import { type ActiveSession, endCustomerSessions } from './sessions';

/** Body code of a refused login (wrong account or password). */
export const LOGIN_FAILED_CODE = AuthErrorCode.LoginFailed;

export type LoginResult = { kind: 'signed-in'; customerId: number } | { kind: 'must-change-password'; changeToken: string };

/** The database key of a forced-change token (only its hash is stored, as for sessions). */
const tokenKey = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Checks a password under the throttle (guard.ts): the attempt is counted before the check, a
 * wrong password may alert the owner, a right one clears the address's count.
 */
async function checkPassword(
  ctx: AttemptContext,
  loginAccount: string,
  customerId: number | undefined,
  hash: string | undefined,
  password: string,
): Promise<boolean> {
  const attempt = await takeAttempt(ctx, loginAccount, customerId);
  const valid = hash ? await verifyPassword(hash, password) : await verifyDecoy(password);
  if (valid) await attemptSucceeded(ctx, attempt);
  else await attemptFailed(ctx, attempt);
  return valid;
}

export async function login(ctx: AttemptContext, form: { loginAccount: string; password: string }): Promise<LoginResult> {
  const credentials = await repo.findCredentialsByAccount(ctx.db, form.loginAccount);
  if (!(await checkPassword(ctx, form.loginAccount, credentials?.id, credentials?.passwordHash, form.password)) || !credentials) {
    throw badRequest(AuthMessage.LoginFailed, LOGIN_FAILED_CODE);
  }
  const now = Date.now();
  await repo.rememberAddress(ctx.db, credentials.id, clientNetwork(ctx.address), new Date(now).toISOString());
  if (!credentials.forcePasswordChange) return { kind: 'signed-in', customerId: credentials.id };
  // The right password of a flagged account opens no session: the client shows the forced change
  // (10002), which only this answer's token opens.
  const changeToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + FORCED_CHANGE_TOKEN_TTL_MS).toISOString();
  await repo.replaceChangeToken(ctx.db, { id: tokenKey(changeToken), customerId: credentials.id, expiresAt }, new Date(now).toISOString());
  return { kind: 'must-change-password', changeToken };
}

/**
 * The forced change after code 10002, without a session: it needs the token of that login
 * (10 minutes, one change), and the old password is checked under the throttle. The account's
 * sessions all end, as after any password change.
 */
export async function changeForcedPassword(ctx: AttemptContext, form: ForcedPasswordChangeForm): Promise<void> {
  const key = tokenKey(form.changeToken);
  const account = await repo.findChangeToken(ctx.db, key, nowIso());
  if (!account || account.loginAccount !== form.loginAccount) throw badRequest(AuthMessage.ChangeTokenInvalid, AuthErrorCode.ChangeTokenInvalid);
  if (!(await checkPassword(ctx, account.loginAccount, account.id, account.passwordHash, form.oldPassword))) {
    throw badRequest(AuthMessage.OldPasswordWrong, AuthErrorCode.OldPasswordWrong);
  }
  // Two requests with one token: only the one that deletes it goes on.
  if (!(await repo.consumeChangeToken(ctx.db, key))) throw badRequest(AuthMessage.ChangeTokenInvalid, AuthErrorCode.ChangeTokenInvalid);
  await repo.updatePassword(ctx.db, account.id, await hashPassword(form.newPassword));
  await endCustomerSessions(ctx.db, account.id);
}

/**
 * The logged-in change: the old password must match, counted on the session (guard.ts
 * takeSessionAttempt: a stolen session cannot guess it freely, and its guesses never lock the
 * account's login); the customer's other sessions end.
 */
export async function changePassword(ctx: AttemptContext, session: ActiveSession, form: ChangePasswordForm): Promise<void> {
  await takeSessionAttempt(ctx, session.token);
  const account = await repo.findCredentialsById(ctx.db, session.customerId);
  if (!account || !(await verifyPassword(account.passwordHash, form.oldPassword))) {
    throw badRequest(AuthMessage.OldPasswordWrong, AuthErrorCode.OldPasswordWrong);
  }
  await sessionAttemptSucceeded(ctx, session.token);
  await repo.updatePassword(ctx.db, session.customerId, await hashPassword(form.password));
  await endCustomerSessions(ctx.db, session.customerId, session.token);
}

/** An operator-created account obeys the login form's account rule and the password rule. */
const newAccountSchema = z.object({
  loginAccount: loginSchema.shape.loginAccount,
  password: changePasswordSchema.shape.password,
});

export interface NewAccount {
  loginAccount: string;
  password: string;
  /** The first login must change the password (code 10002). */
  forcePasswordChange?: boolean;
}

/** Creates a customer account (accounts are never self-registered); returns its id. */
export async function createAccount(db: Db, account: NewAccount): Promise<number> {
  const parsed = newAccountSchema.safeParse(account);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  if (await repo.accountExists(db, parsed.data.loginAccount)) throw conflict(ServerMessage.AccountExists);
  return repo.insertCustomer(db, {
    loginAccount: parsed.data.loginAccount,
    passwordHash: await hashPassword(parsed.data.password),
    forcePasswordChange: account.forcePasswordChange ?? false,
    registerTime: nowIso(),
  });
}
