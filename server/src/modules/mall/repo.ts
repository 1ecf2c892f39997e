import { type Insertable, type Selectable } from 'kysely';
import type { Db, MallAddressesTable, MallBannersTable, MallGoodCasesTable, MallGoodsTable, MallOrdersTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

/**
 * Queries of the points mall. Every read and write of a customer's points, addresses and orders
 * takes the customer id and filters by it; goods are shared by all customers. Money columns are
 * bigint (strings on PostgreSQL): callers read them with Number().
 */

/**
 * Holds the customer's row until the transaction ends (PostgreSQL), so that two address changes
 * of one customer run one after the other (the 20-address cap, the one default); SQLite runs one
 * write transaction at a time.
 */
export async function lockCustomer(tx: Db, customerId: number): Promise<void> {
  if (!isPostgres(tx)) return;
  await tx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}

// ---- points ----

export async function balanceOf(db: Db, customerId: number): Promise<number> {
  const row = await db.selectFrom('pointsAccounts').select('balance').where('customerId', '=', customerId).executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/** Adds `points` (> 0) to the balance, creating the account on first use; the balance after. */
export async function addToBalance(db: Db, customerId: number, points: number): Promise<number> {
  const row = await db
    .insertInto('pointsAccounts')
    .values({ customerId, balance: points })
    .onConflict((oc) => oc.column('customerId').doUpdateSet((eb) => ({ balance: eb(eb.ref('pointsAccounts.balance'), '+', points) })))
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * Takes `points` (> 0) off the balance only when the balance holds them (one conditional UPDATE:
 * concurrent spends can never take it below 0); the balance after, or null when it did not.
 */
export async function takeFromBalance(db: Db, customerId: number, points: number): Promise<number | null> {
  const row = await db
    .updateTable('pointsAccounts')
    .set((eb) => ({ balance: eb('balance', '-', points) }))
    .where('customerId', '=', customerId)
    .where('balance', '>=', points)
    .returning('balance')
    .executeTakeFirst();
  return row ? Number(row.balance) : null;
}

export const insertPointsLog = (
  db: Db,
  row: {
    customerId: number;
    source: string;
    variational: number;
    balanceAfter: number;
    refType: string | null;
    refId: number | null;
    publishTime: string;
  },
) => db.insertInto('pointsLog').values(row).execute();

/** Points earned (positive changes, refunds of cancelled orders aside) from `from` (inclusive) to `to` (exclusive). */
export async function earnedBetween(db: Db, customerId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('pointsLog')
    .select((eb) => eb.fn.sum<string | number | null>('variational').as('total'))
    .where('customerId', '=', customerId)
    .where('variational', '>', 0)
    .where('source', '!=', 'order-cancel')
    .where('publishTime', '>=', from)
    .where('publishTime', '<', to)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function countPointsLog(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('pointsLog')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const listPointsLog = (db: Db, customerId: number, page: { limit: number; offset: number }) =>
  db
    .selectFrom('pointsLog')
    .select(['id', 'source', 'variational', 'balanceAfter', 'publishTime', 'refType'])
    .where('customerId', '=', customerId)
    .orderBy('publishTime', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

// ---- goods ----

export type GoodRow = Selectable<MallGoodsTable>;

export const findGood = (db: Db, id: number) => db.selectFrom('mallGoods').selectAll().where('id', '=', id).executeTakeFirst();

export const listGoodsOnSale = (db: Db, section: number, limit: number) =>
  db.selectFrom('mallGoods').selectAll().where('status', '=', 1).where('section', '=', section).orderBy('id').limit(limit).execute();

export async function insertGood(db: Db, row: Insertable<MallGoodsTable>): Promise<number> {
  const { id } = await db.insertInto('mallGoods').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function hasGoods(db: Db): Promise<boolean> {
  return (await db.selectFrom('mallGoods').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Takes `amount` off an on-sale good's stock only when the stock holds it (conditional UPDATE); whether it did. */
export async function takeStock(db: Db, goodId: number, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('mallGoods')
    .set((eb) => ({ stock: eb('stock', '-', amount) }))
    .where('id', '=', goodId)
    .where('status', '=', 1)
    .where('stock', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function addStock(db: Db, goodId: number, amount: number): Promise<number | null> {
  const row = await db
    .updateTable('mallGoods')
    .set((eb) => ({ stock: eb('stock', '+', amount) }))
    .where('id', '=', goodId)
    .returning('stock')
    .executeTakeFirst();
  return row ? Number(row.stock) : null;
}

/** Sets a good's pictures (a JSON array of URLs). */
export const setGoodPics = (db: Db, goodId: number, productPics: string) =>
  db.updateTable('mallGoods').set({ productPics }).where('id', '=', goodId).execute();

// ---- banners and success cases ----

/** The mall home's banners in their order (sort, then id). */
export const listBanners = (db: Db, limit: number) =>
  db.selectFrom('mallBanners').select(['id', 'title', 'picUrl', 'linkUrl', 'linkType']).orderBy('sort').orderBy('id').limit(limit).execute();

export async function insertBanner(db: Db, row: Insertable<MallBannersTable>): Promise<number> {
  const { id } = await db.insertInto('mallBanners').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function hasBanners(db: Db): Promise<boolean> {
  return (await db.selectFrom('mallBanners').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export type GoodCaseRow = Selectable<MallGoodCasesTable>;

/** A good's success cases, oldest first. */
export const listGoodCases = (db: Db, goodId: number) =>
  db.selectFrom('mallGoodCases').selectAll().where('goodId', '=', goodId).orderBy('id').execute();

export async function insertGoodCase(db: Db, row: Insertable<MallGoodCasesTable>): Promise<number> {
  const { id } = await db.insertInto('mallGoodCases').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function hasGoodCases(db: Db): Promise<boolean> {
  return (await db.selectFrom('mallGoodCases').select('id').limit(1).executeTakeFirst()) !== undefined;
}

// ---- addresses ----

export type AddressRow = Selectable<MallAddressesTable>;

/** The customer's addresses: the default first, then the newest. */
export const listAddresses = (db: Db, customerId: number) =>
  db.selectFrom('mallAddresses').selectAll().where('customerId', '=', customerId).orderBy('isDefault', 'desc').orderBy('id', 'desc').execute();

export const findAddress = (db: Db, customerId: number, id: number) =>
  db.selectFrom('mallAddresses').selectAll().where('customerId', '=', customerId).where('id', '=', id).executeTakeFirst();

export async function countAddresses(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('mallAddresses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAddress(db: Db, row: Insertable<MallAddressesTable>): Promise<number> {
  const { id } = await db.insertInto('mallAddresses').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export const updateAddress = (db: Db, customerId: number, id: number, values: Partial<Insertable<MallAddressesTable>>) =>
  db.updateTable('mallAddresses').set(values).where('customerId', '=', customerId).where('id', '=', id).execute();

export const deleteAddress = (db: Db, customerId: number, id: number) =>
  db.deleteFrom('mallAddresses').where('customerId', '=', customerId).where('id', '=', id).execute();

/** Makes `id` the customer's one default address (every other one not). */
export const setDefaultAddress = (db: Db, customerId: number, id: number) =>
  db
    .updateTable('mallAddresses')
    .set((eb) => ({ isDefault: eb.case().when('id', '=', id).then(1).else(0).end() }))
    .where('customerId', '=', customerId)
    .execute();

/** The customer's newest address, or undefined. */
export const newestAddress = (db: Db, customerId: number) =>
  db.selectFrom('mallAddresses').select('id').where('customerId', '=', customerId).orderBy('id', 'desc').limit(1).executeTakeFirst();

// ---- orders ----

export type OrderRow = Selectable<MallOrdersTable>;

export const findOrderByKey = (db: Db, customerId: number, idempotencyKey: string) =>
  db.selectFrom('mallOrders').selectAll().where('customerId', '=', customerId).where('idempotencyKey', '=', idempotencyKey).executeTakeFirst();

/** The order of the customer; without a customer (the operator) any order. */
export const findOrder = (db: Db, id: number, customerId?: number) => {
  let query = db.selectFrom('mallOrders').selectAll().where('id', '=', id);
  if (customerId !== undefined) query = query.where('customerId', '=', customerId);
  return query.executeTakeFirst();
};

/** Inserts an order unless the customer's Idempotency-Key has one already (then undefined). */
export async function insertOrderOnce(db: Db, row: Insertable<MallOrdersTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('mallOrders')
    .values(row)
    .onConflict((oc) => oc.columns(['customerId', 'idempotencyKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

function ordersOf(db: Db, customerId: number, status?: number) {
  let query = db.selectFrom('mallOrders').where('customerId', '=', customerId);
  if (status !== undefined) query = query.where('status', '=', status);
  return query;
}

export async function countOrders(db: Db, customerId: number, status?: number): Promise<number> {
  const row = await ordersOf(db, customerId, status)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const listOrders = (db: Db, customerId: number, status: number | undefined, page: { limit: number; offset: number }) =>
  ordersOf(db, customerId, status).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();

/** Moves an order from one of `from` to `to` (with `values`); whether it did (a conditional UPDATE). */
export async function moveOrder(
  db: Db,
  id: number,
  from: readonly number[],
  to: number,
  values: Partial<Insertable<MallOrdersTable>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('mallOrders')
    .set({ ...values, status: to })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const insertTrack = (db: Db, row: { orderId: number; time: string; context: string }) =>
  db.insertInto('mallOrderTracks').values(row).execute();

/** An order's tracking events, newest first. */
export const listTracks = (db: Db, orderId: number) =>
  db.selectFrom('mallOrderTracks').select(['time', 'context']).where('orderId', '=', orderId).orderBy('time', 'desc').orderBy('id', 'desc').execute();
