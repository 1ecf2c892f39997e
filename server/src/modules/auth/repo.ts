import type { Db } from '../../db/schema';

/** Queries of sign-in: credentials, sessions and failed attempts. */

export interface Credentials {
  id: number;
  passwordHash: string;
  forcePasswordChange: number;
}

export const findCredentialsByAccount = (db: Db, loginAccount: string): Promise<Credentials | undefined> =>
  db
    .selectFrom('customers')
    .select(['id', 'passwordHash', 'forcePasswordChange'])
    .where('loginAccount', '=', loginAccount)
    .executeTakeFirst();

export const findPasswordHash = async (db: Db, customerId: number): Promise<string | undefined> =>
  (await db.selectFrom('customers').select('passwordHash').where('id', '=', customerId).executeTakeFirst())?.passwordHash;

/** Sets a new password hash; a password chosen by its owner also lifts the forced change. */
export async function updatePassword(db: Db, customerId: number, passwordHash: string): Promise<void> {
  await db.updateTable('customers').set({ passwordHash, forcePasswordChange: 0 }).where('id', '=', customerId).execute();
}

export const accountExists = async (db: Db, loginAccount: string): Promise<boolean> =>
  (await db.selectFrom('customers').select('id').where('loginAccount', '=', loginAccount).executeTakeFirst()) !== undefined;

export interface NewCustomer {
  loginAccount: string;
  passwordHash: string;
  forcePasswordChange: boolean;
  registerTime: string;
}

export async function insertCustomer(db: Db, customer: NewCustomer): Promise<number> {
  const row = await db
    .insertInto('customers')
    .values({
      loginAccount: customer.loginAccount,
      passwordHash: customer.passwordHash,
      forcePasswordChange: customer.forcePasswordChange ? 1 : 0,
      registerTime: customer.registerTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countFailuresSince(db: Db, loginAccount: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('loginFailures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('loginAccount', '=', loginAccount)
    .where('failedAt', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records a failed attempt and drops this account's attempts that have left the window. */
export async function recordFailure(db: Db, loginAccount: string, atIso: string, windowStartIso: string): Promise<void> {
  await db.insertInto('loginFailures').values({ loginAccount, failedAt: atIso }).execute();
  await db.deleteFrom('loginFailures').where('loginAccount', '=', loginAccount).where('failedAt', '<=', windowStartIso).execute();
}

export async function clearFailures(db: Db, loginAccount: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('loginAccount', '=', loginAccount).execute();
}

export async function insertSession(db: Db, session: { id: string; customerId: number; expiresAt: string; createdAt: string }): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export const findLiveSession = (db: Db, id: string, nowIso: string) =>
  db
    .selectFrom('sessions')
    .select(['customerId', 'expiresAt'])
    .where('id', '=', id)
    .where('expiresAt', '>', nowIso)
    .executeTakeFirst();

export async function extendSession(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends the customer's sessions, except `keepId` when given (the one that changed the password). */
export async function deleteCustomerSessions(db: Db, customerId: number, keepId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('customerId', '=', customerId);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

export async function deleteExpiredSessions(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', nowIso).execute();
}
