import type { Insertable } from 'kysely';
import type { CustomerSettingsTable, DailyStatsTable, Db } from '../../db/schema';

/** Ingestion keys, the item and channel checks of an arriving lead, and the daily figures; each for the given customer only. */

export async function findCustomerIdByKey(db: Db, key: string): Promise<number | null> {
  const row = await db.selectFrom('customerSettings').select('customerId').where('ingestKey', '=', key).executeTakeFirst();
  return row?.customerId ?? null;
}

export async function findKey(db: Db, customerId: number): Promise<string | null> {
  const row = await db.selectFrom('customerSettings').select('ingestKey').where('customerId', '=', customerId).executeTakeFirst();
  return row?.ingestKey ?? null;
}

/** Stores `key` unless the customer has one already (two first reads at once keep one key). */
export async function insertKeyIfMissing(db: Db, customerId: number, key: string): Promise<void> {
  await db
    .insertInto('customerSettings')
    .values({ customerId, ingestKey: key })
    .onConflict((oc) =>
      oc
        .column('customerId')
        .doUpdateSet({ ingestKey: (eb) => eb.ref('excluded.ingestKey') })
        .where('customerSettings.ingestKey', 'is', null),
    )
    .execute();
}

/** Replaces the customer's key: the old one stops working at once. */
export async function replaceKey(db: Db, customerId: number, key: string): Promise<void> {
  await db
    .insertInto('customerSettings')
    .values({ customerId, ingestKey: key })
    .onConflict((oc) => oc.column('customerId').doUpdateSet({ ingestKey: key }))
    .execute();
}

export const findSigning = (db: Db, customerId: number) =>
  db
    .selectFrom('customerSettings')
    .select(['ingestSigningSecret', 'ingestSignatureRequired'])
    .where('customerId', '=', customerId)
    .executeTakeFirst();

/** Sets the customer's signing secret or requirement, making the settings row when there is none. */
export async function upsertSigning(
  db: Db,
  customerId: number,
  values: Partial<Pick<Insertable<CustomerSettingsTable>, 'ingestSigningSecret' | 'ingestSignatureRequired'>>,
): Promise<void> {
  await db
    .insertInto('customerSettings')
    .values({ customerId, ...values })
    .onConflict((oc) => oc.column('customerId').doUpdateSet(values))
    .execute();
}

export const findItem = (db: Db, customerId: number, itemId: number) =>
  db.selectFrom('items').select(['id', 'title', 'modeType']).where('customerId', '=', customerId).where('id', '=', itemId).executeTakeFirst();

export const findChannel = (db: Db, customerId: number, channelId: number) =>
  db
    .selectFrom('channels')
    .select(['id', 'title', 'channelType'])
    .where('customerId', '=', customerId)
    .where('id', '=', channelId)
    .executeTakeFirst();

/** Which of `itemIds` are the customer's projects. */
export async function ownItemIds(db: Db, customerId: number, itemIds: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('customerId', '=', customerId)
    .where('id', 'in', [...itemIds])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Stores each row of daily figures, replacing the stored row of its (itemId, date): one statement. */
export async function upsertDailyFigures(db: Db, rows: ReadonlyArray<Insertable<DailyStatsTable>>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('dailyStats')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['itemId', 'date']).doUpdateSet((eb) => ({
        impressions: eb.ref('excluded.impressions'),
        clicks: eb.ref('excluded.clicks'),
        validConversations: eb.ref('excluded.validConversations'),
        phoneRequests: eb.ref('excluded.phoneRequests'),
      })),
    )
    .execute();
}

/**
 * Claims an Idempotency-Key for the customer: inserts its row, or takes over a row created before
 * `expiredBefore` (a forgotten key), and returns the row's id; null when a live row holds the key.
 * On PostgreSQL a concurrent claim of the same key waits here until the first commits or rolls back.
 */
export async function claimIdempotencyKey(
  db: Db,
  row: { customerId: number; key: string; bodyHash: string; createdAt: string },
  expiredBefore: string,
): Promise<number | null> {
  const claimed = await db
    .insertInto('ingestIdempotencyKeys')
    .values({ customerId: row.customerId, idempotencyKey: row.key, bodyHash: row.bodyHash, leadId: null, createdAt: row.createdAt })
    .onConflict((oc) =>
      oc
        .columns(['customerId', 'idempotencyKey'])
        .doUpdateSet({ bodyHash: row.bodyHash, leadId: null, createdAt: row.createdAt })
        .where('ingestIdempotencyKeys.createdAt', '<', expiredBefore),
    )
    .returning('id')
    .executeTakeFirst();
  return claimed?.id ?? null;
}

export const findIdempotencyKey = (db: Db, customerId: number, key: string) =>
  db
    .selectFrom('ingestIdempotencyKeys')
    .select(['bodyHash', 'leadId'])
    .where('customerId', '=', customerId)
    .where('idempotencyKey', '=', key)
    .executeTakeFirst();

export async function setIdempotencyLead(db: Db, id: number, leadId: number): Promise<void> {
  await db.updateTable('ingestIdempotencyKeys').set({ leadId }).where('id', '=', id).execute();
}

/** Deletes at most `limit` of the customer's keys created before `expiredBefore`; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Db, customerId: number, expiredBefore: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('ingestIdempotencyKeys')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('ingestIdempotencyKeys')
        .select('id')
        .where('customerId', '=', customerId)
        .where('createdAt', '<', expiredBefore)
        .orderBy('createdAt')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
