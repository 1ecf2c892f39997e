import type { Db } from '../../db/schema';

/** Queries of sign-in: credentials, sessions, login addresses and forced-change tokens. */

export interface Credentials {
  id: number;
  passwordHash: string;
  forcePasswordChange: number;
}

export const findCredentialsByAccount = (db: Db, loginAccount: string): Promise<Credentials | undefined> =>
  db.selectFrom('customers').select(['id', 'passwordHash', 'forcePasswordChange']).where('loginAccount', '=', loginAccount).executeTakeFirst();

export const findCredentialsById = (db: Db, customerId: number) =>
  db.selectFrom('customers').select(['loginAccount', 'passwordHash']).where('id', '=', customerId).executeTakeFirst();

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

/** Whether the customer logged in from `address` since `sinceIso`. */
export const hasLoggedInFrom = async (db: Db, customerId: number, address: string, sinceIso: string): Promise<boolean> =>
  (await db
    .selectFrom('loginAddresses')
    .select('customerId')
    .where('customerId', '=', customerId)
    .where('address', '=', address)
    .where('lastLoginAt', '>', sinceIso)
    .executeTakeFirst()) !== undefined;

export async function rememberAddress(db: Db, customerId: number, address: string, atIso: string): Promise<void> {
  await db
    .insertInto('loginAddresses')
    .values({ customerId, address, lastLoginAt: atIso })
    .onConflict((oc) => oc.columns(['customerId', 'address']).doUpdateSet({ lastLoginAt: atIso }))
    .execute();
}

/** Stores a forced-change token (by its hash) as the customer's only one, dropping expired ones. */
export async function replaceChangeToken(db: Db, token: { id: string; customerId: number; expiresAt: string }, nowIso: string): Promise<void> {
  await db
    .deleteFrom('passwordChangeTokens')
    .where((eb) => eb.or([eb('customerId', '=', token.customerId), eb('expiresAt', '<=', nowIso)]))
    .execute();
  await db.insertInto('passwordChangeTokens').values(token).execute();
}

/** The account of a live forced-change token. */
export const findChangeToken = (db: Db, id: string, nowIso: string) =>
  db
    .selectFrom('passwordChangeTokens')
    .innerJoin('customers', 'customers.id', 'passwordChangeTokens.customerId')
    .select(['customers.id', 'customers.loginAccount', 'customers.passwordHash'])
    .where('passwordChangeTokens.id', '=', id)
    .where('passwordChangeTokens.expiresAt', '>', nowIso)
    .executeTakeFirst();

/** Uses up a token: true for the one caller that deleted it, so that it changes one password once. */
export const consumeChangeToken = async (db: Db, id: string): Promise<boolean> =>
  (await db.deleteFrom('passwordChangeTokens').where('id', '=', id).returning('id').executeTakeFirst()) !== undefined;

export async function insertSession(db: Db, session: { id: string; customerId: number; expiresAt: string; createdAt: string }): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export const findLiveSession = (db: Db, id: string, nowIso: string) =>
  db.selectFrom('sessions').select(['customerId', 'expiresAt']).where('id', '=', id).where('expiresAt', '>', nowIso).executeTakeFirst();

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

/** Stores a single-sign-on token (by its hash), dropping tokens that have expired. */
export async function insertSsoToken(db: Db, token: { customerId: number; tokenHash: string; expiresAt: string; createdAt: string }): Promise<void> {
  await db.deleteFrom('ssoTokens').where('expiresAt', '<=', token.createdAt).execute();
  await db.insertInto('ssoTokens').values(token).execute();
}

/**
 * Uses up a single-sign-on token: marks it used in one UPDATE that requires it unused and
 * unexpired, so that of concurrent uses only one gets a row back; answers its customer.
 */
export async function consumeSsoToken(db: Db, tokenHash: string, nowIso: string): Promise<{ id: number; forcePasswordChange: number } | undefined> {
  const used = await db
    .updateTable('ssoTokens')
    .set({ usedAt: nowIso })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', nowIso)
    .returning('customerId')
    .executeTakeFirst();
  if (!used) return undefined;
  return db.selectFrom('customers').select(['id', 'forcePasswordChange']).where('id', '=', used.customerId).executeTakeFirst();
}
