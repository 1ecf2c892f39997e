import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';

/** Queries of the customer's own account; each one is for the given customer only. */

export const findProfile = (db: Db, customerId: number) =>
  db
    .selectFrom('customers')
    .select(['id', 'type', 'whetherVoice', 'firstLogin', 'loginAccount', 'registerTime', 'avatarVersion'])
    .where('id', '=', customerId)
    .executeTakeFirst();
export type Profile = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function updateWhetherVoice(db: Db, customerId: number, whetherVoice: number): Promise<void> {
  await db.updateTable('customers').set({ whetherVoice }).where('id', '=', customerId).execute();
}

export async function clearFirstLogin(db: Db, customerId: number): Promise<void> {
  await db.updateTable('customers').set({ firstLogin: 0 }).where('id', '=', customerId).execute();
}

/** Stores the avatar (replacing any earlier one) and returns its new version. */
export function saveAvatar(db: Kysely<Database>, customerId: number, contentType: string, bytes: Buffer, nowIso: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('avatars')
      .values({ customerId, contentType, bytes, updatedAt: nowIso })
      .onConflict((oc) => oc.column('customerId').doUpdateSet({ contentType, bytes, updatedAt: nowIso }))
      .execute();
    const row = await tx
      .updateTable('customers')
      .set((eb) => ({ avatarVersion: eb(eb.fn.coalesce('avatarVersion', eb.lit(0)), '+', 1) }))
      .where('id', '=', customerId)
      .returning('avatarVersion')
      .executeTakeFirstOrThrow();
    return row.avatarVersion ?? 1;
  });
}

export const findAvatar = (db: Db, customerId: number) =>
  db
    .selectFrom('avatars')
    .innerJoin('customers', 'customers.id', 'avatars.customerId')
    .select(['avatars.contentType', 'avatars.bytes', 'customers.avatarVersion'])
    .where('avatars.customerId', '=', customerId)
    .executeTakeFirst();
