import {
  AuthMessage,
  type ChangePasswordForm,
  changePasswordSchema,
  type ForcedPasswordChangeForm,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  loginSchema,
} from '@portal/contracts';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import { badRequest, conflict, tooManyRequests } from '../../http/errors';
import { ServerMessage } from '../../http/messages';
import { nowIso } from '../../lib/time';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords';
import * as repo from './repo';
import { type ActiveSession, endCustomerSessions } from './sessions';

/** Body code of a refused login (wrong account or password). */
export const LOGIN_FAILED_CODE = '40001';

export type LoginResult = { kind: 'signed-in'; customerId: number } | { kind: 'must-change-password' };

/**
 * Checks an account's password under the lockout: once LOGIN_MAX_FAILURES attempts failed within
 * the window, every attempt is refused (even a right one) until the oldest leaves the window.
 * Failures live in the database, so the limit holds across server instances.
 * Returns the credentials, or null after recording a failure.
 */
async function checkPassword(db: Db, loginAccount: string, password: string): Promise<repo.Credentials | null> {
  const now = Date.now();
  const windowStart = new Date(now - LOGIN_FAILURE_WINDOW_MS).toISOString();
  if ((await repo.countFailuresSince(db, loginAccount, windowStart)) >= LOGIN_MAX_FAILURES) {
    throw tooManyRequests(AuthMessage.LoginLocked);
  }
  const credentials = await repo.findCredentialsByAccount(db, loginAccount);
  const valid = credentials ? await verifyPassword(credentials.passwordHash, password) : await verifyDecoy(password);
  if (!credentials || !valid) {
    await repo.recordFailure(db, loginAccount, new Date(now).toISOString(), windowStart);
    return null;
  }
  await repo.clearFailures(db, loginAccount);
  return credentials;
}

export async function login(db: Db, form: { loginAccount: string; password: string }): Promise<LoginResult> {
  const credentials = await checkPassword(db, form.loginAccount, form.password);
  if (!credentials) throw badRequest(AuthMessage.LoginFailed, LOGIN_FAILED_CODE);
  // The right password of a flagged account opens no session: the client shows the forced change (10002).
  if (credentials.forcePasswordChange) return { kind: 'must-change-password' };
  return { kind: 'signed-in', customerId: credentials.id };
}

/**
 * The forced change after code 10002, without a session: the old password is checked like a
 * login (same lockout). The account's sessions all end, as after any password change.
 */
export async function changeForcedPassword(db: Db, form: ForcedPasswordChangeForm): Promise<void> {
  const credentials = await checkPassword(db, form.loginAccount, form.oldPassword);
  if (!credentials) throw badRequest(AuthMessage.OldPasswordWrong);
  await repo.updatePassword(db, credentials.id, await hashPassword(form.newPassword));
  await endCustomerSessions(db, credentials.id);
}

/** The logged-in change: the old password must match; the customer's other sessions end. */
export async function changePassword(db: Db, session: ActiveSession, form: ChangePasswordForm): Promise<void> {
  const hash = await repo.findPasswordHash(db, session.customerId);
  if (!hash || !(await verifyPassword(hash, form.oldPassword))) throw badRequest(AuthMessage.OldPasswordWrong);
  await repo.updatePassword(db, session.customerId, await hashPassword(form.password));
  await endCustomerSessions(db, session.customerId, session.token);
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
