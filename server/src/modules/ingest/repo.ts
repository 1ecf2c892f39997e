import type { Insertable } from 'kysely';
import type { DailyStatsTable, Db } from '../../db/schema';

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
