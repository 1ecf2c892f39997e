import { REPORT_LEAD_GROUPS, type ReportLeadGroup } from '@portal/contracts/reports';
import type { Db, LedgerConsumptionsTable } from '../../db/schema';

/**
 * Every lead group: lead_day_counts is keyed (customer, group, day, ...), so a day range of every
 * group is one range per group, not a scan of the customer's every row.
 */
const LEAD_GROUPS = Object.keys(REPORT_LEAD_GROUPS) as ReportLeadGroup[];

/**
 * Queries of the project ledger. Every read takes the customer and filters by it; bigint sums and
 * columns come back as strings on PostgreSQL, so callers read them with Number().
 */

export const findOwnItem = (db: Db, customerId: number, itemId: number) =>
  db
    .selectFrom('items')
    .select(['id', 'title', 'status', 'unitPrice'])
    .where('customerId', '=', customerId)
    .where('id', '=', itemId)
    .executeTakeFirst();

export const listOwnItems = (db: Db, customerId: number, itemId?: number) => {
  let query = db.selectFrom('items').select(['id', 'title', 'status', 'industry', 'saler', 'serverManager']).where('customerId', '=', customerId);
  if (itemId !== undefined) query = query.where('id', '=', itemId);
  return query.orderBy('id').execute();
};

export interface TopupRowInput {
  customerId: number;
  itemId: number;
  money: number;
  type: number;
  payTime: string;
  remark: string;
  publishTime: string;
}

export async function insertTopup(db: Db, row: TopupRowInput): Promise<number> {
  const { id } = await db.insertInto('ledgerTopups').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Adds to a project's running totals, creating its account on first use. */
export async function addToAccount(db: Db, customerId: number, itemId: number, add: { toppedUp?: number; consumed?: number }): Promise<void> {
  const toppedUp = add.toppedUp ?? 0;
  const consumed = add.consumed ?? 0;
  await db
    .insertInto('ledgerAccounts')
    .values({ itemId, customerId, toppedUp, consumed })
    .onConflict((oc) =>
      oc.column('itemId').doUpdateSet((eb) => ({
        toppedUp: eb(eb.ref('ledgerAccounts.toppedUp'), '+', toppedUp),
        consumed: eb(eb.ref('ledgerAccounts.consumed'), '+', consumed),
      })),
    )
    .execute();
}

export const findAccount = (db: Db, itemId: number) =>
  db
    .selectFrom('ledgerAccounts')
    .select(['itemId', 'customerId', 'toppedUp', 'consumed', 'lowNoticeSent'])
    .where('itemId', '=', itemId)
    .executeTakeFirst();

export const listAccounts = (db: Db, customerId: number) =>
  db.selectFrom('ledgerAccounts').select(['itemId', 'toppedUp', 'consumed', 'lowNoticeSent']).where('customerId', '=', customerId).execute();

/** Sets the low-balance flag from `from` to `to`; whether this call changed it (the one that wins sends the notice). */
export async function flipLowNotice(db: Db, itemId: number, from: 0 | 1, to: 0 | 1): Promise<boolean> {
  const result = await db
    .updateTable('ledgerAccounts')
    .set({ lowNoticeSent: to })
    .where('itemId', '=', itemId)
    .where('lowNoticeSent', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A booked day as stored (the table's row). */
export type ConsumptionRowInput = LedgerConsumptionsTable;

/** Inserts a project's day unless it is booked already; whether this call inserted it. */
export async function insertConsumptionOnce(db: Db, row: ConsumptionRowInput): Promise<boolean> {
  const inserted = await db
    .insertInto('ledgerConsumptions')
    .values(row)
    .onConflict((oc) => oc.columns(['itemId', 'day']).doNothing())
    .returning('itemId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Per project of the customer (or the one item): the sum and number of days with cost in [start, end]. */
export function costDaysByItem(db: Db, filter: { customerId: number; itemId?: number; start: string; end: string }) {
  let query = db
    .selectFrom('ledgerConsumptions')
    .select((eb) => ['itemId', eb.fn.sum<string | number>('costMoney').as('sum'), eb.fn.countAll<string | number>().as('days')])
    .where('customerId', '=', filter.customerId)
    .where('day', '>=', filter.start)
    .where('day', '<=', filter.end)
    .where('costMoney', '>', 0);
  if (filter.itemId !== undefined) query = query.where('itemId', '=', filter.itemId);
  return query.groupBy('itemId').execute();
}

/** The customer's consumption rows of [start, end] (one item or all), every measure. */
export function consumptionRows(db: Db, filter: PromotionFilter) {
  let query = db
    .selectFrom('ledgerConsumptions')
    .select([
      'itemId',
      'day',
      'costCoin',
      'costMoney',
      'serviceCoin',
      'cpCostCoin',
      'cpCostMoney',
      'jpCostCoin',
      'jpCostMoney',
      'impressions',
      'clicks',
      'talks',
    ])
    .where('customerId', '=', filter.customerId)
    .where('day', '>=', filter.start)
    .where('day', '<=', filter.end);
  if (filter.itemId !== undefined) query = query.where('itemId', '=', filter.itemId);
  if (filter.itemIds) query = query.where('itemId', 'in', filter.itemIds.length ? filter.itemIds : [0]);
  return query.execute();
}

/**
 * Leads received per (day, item) in [start, end], every group and receiver summed, deleted ones
 * included: what the consumption job bills (and the demo seed's traffic). Not 留言数 (reports
 * leadCountsByDayItem counts the leads on the lists).
 */
export function leadsByDayItem(db: Db, filter: PromotionFilter) {
  let query = db
    .selectFrom('leadDayCounts')
    .select((eb) => ['day', 'itemId', eb.fn.sum<string | number>('count').as('count')])
    .where('customerId', '=', filter.customerId)
    .where('leadGroup', 'in', LEAD_GROUPS)
    .where('day', '>=', filter.start)
    .where('day', '<=', filter.end);
  if (filter.itemId !== undefined) query = query.where('itemId', '=', filter.itemId);
  if (filter.itemIds) query = query.where('itemId', 'in', filter.itemIds.length ? filter.itemIds : [0]);
  return query.groupBy(['day', 'itemId']).execute();
}

/**
 * The leads billed per (day, item) of the filter: lead_day_counts on the days the project has a
 * booked consumption (what the job multiplied by the price), deleted and repeated leads included.
 * 推广管理's 均价 divides the cost by it.
 */
function billedLeadsQuery(db: Db, filter: PromotionFilter) {
  return db
    .selectFrom('leadDayCounts as d')
    .innerJoin('ledgerConsumptions as c', (join) =>
      join.onRef('c.customerId', '=', 'd.customerId').onRef('c.itemId', '=', 'd.itemId').onRef('c.day', '=', 'd.day'),
    )
    .where('d.customerId', '=', filter.customerId)
    .where('d.leadGroup', 'in', LEAD_GROUPS)
    .where('d.day', '>=', filter.start)
    .where('d.day', '<=', filter.end)
    .$if(filter.itemId !== undefined, (q) => q.where('d.itemId', '=', filter.itemId!))
    .$if(filter.itemIds !== undefined, (q) => q.where('d.itemId', 'in', filter.itemIds!.length ? filter.itemIds! : [0]));
}

export const billedLeadsByDayItem = (db: Db, filter: PromotionFilter) =>
  billedLeadsQuery(db, filter)
    .select((eb) => ['d.day', 'd.itemId', eb.fn.sum<string | number>('d.count').as('count')])
    .groupBy(['d.day', 'd.itemId'])
    .execute();

export async function billedLeadTotal(db: Db, filter: PromotionFilter): Promise<number> {
  const row = await billedLeadsQuery(db, filter)
    .select((eb) => eb.fn.sum<string | number | null>('d.count').as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
}

/** A promotion filter: the customer, a day span, and one project or a set of them. */
export interface PromotionFilter {
  customerId: number;
  start: string;
  end: string;
  itemId?: number;
  /** Only these projects (the projects of a page's rows). */
  itemIds?: readonly number[];
}

/**
 * The (day, project) keys of the promotion rows in the filter with a booked consumption or phone
 * requests. One statement (UNION drops the duplicates); days and ids only. The days with 留言数
 * come from the reports' leadCountsByDayItem (the caller merges them).
 */
export function promotionKeys(db: Db, filter: PromotionFilter) {
  const consumed = db
    .selectFrom('ledgerConsumptions')
    .select(['day', 'itemId'])
    .where('customerId', '=', filter.customerId)
    .where('day', '>=', filter.start)
    .where('day', '<=', filter.end)
    .$if(filter.itemId !== undefined, (q) => q.where('itemId', '=', filter.itemId!));
  const called = db
    .selectFrom('dailyStats')
    .select(['date as day', 'itemId'])
    .where('customerId', '=', filter.customerId)
    .where('date', '>=', filter.start)
    .where('date', '<=', filter.end)
    .where('phoneRequests', '>', 0)
    .$if(filter.itemId !== undefined, (q) => q.where('itemId', '=', filter.itemId!));
  return consumed.union(called).execute();
}

/** Sums of the filter's consumption (every booked day is a promotion row). */
export function consumptionTotals(db: Db, filter: PromotionFilter) {
  return db
    .selectFrom('ledgerConsumptions')
    .select((eb) => [
      eb.fn.sum<string | number | null>('costCoin').as('costCoin'),
      eb.fn.sum<string | number | null>('costMoney').as('costMoney'),
      eb.fn.sum<string | number | null>('talks').as('talks'),
      eb.fn.sum<string | number | null>('clicks').as('clicks'),
    ])
    .where('customerId', '=', filter.customerId)
    .where('day', '>=', filter.start)
    .where('day', '<=', filter.end)
    .$if(filter.itemId !== undefined, (q) => q.where('itemId', '=', filter.itemId!))
    .executeTakeFirstOrThrow();
}

/** Per day of the filter: the booked cost and the phone requests (留言数 per day: the reports' leadCountsByDayItem). */
export function promotionDays(db: Db, filter: PromotionFilter) {
  const cost = db
    .selectFrom('ledgerConsumptions')
    .select((eb) => ['day', eb.fn.sum<string | number>('costMoney').as('value')])
    .where('customerId', '=', filter.customerId)
    .where('day', '>=', filter.start)
    .where('day', '<=', filter.end)
    .$if(filter.itemId !== undefined, (q) => q.where('itemId', '=', filter.itemId!))
    .groupBy('day')
    .execute();
  const phones = db
    .selectFrom('dailyStats')
    .select((eb) => ['date as day', eb.fn.sum<string | number>('phoneRequests').as('value')])
    .where('customerId', '=', filter.customerId)
    .where('date', '>=', filter.start)
    .where('date', '<=', filter.end)
    .$if(filter.itemId !== undefined, (q) => q.where('itemId', '=', filter.itemId!))
    .groupBy('date')
    .execute();
  return Promise.all([cost, phones]);
}

/** Phone requests per (day, item) in [start, end]. */
export function phoneByDayItem(db: Db, filter: PromotionFilter) {
  let query = db
    .selectFrom('dailyStats')
    .select((eb) => ['date', 'itemId', eb.fn.sum<string | number>('phoneRequests').as('phone')])
    .where('customerId', '=', filter.customerId)
    .where('date', '>=', filter.start)
    .where('date', '<=', filter.end);
  if (filter.itemId !== undefined) query = query.where('itemId', '=', filter.itemId);
  if (filter.itemIds) query = query.where('itemId', 'in', filter.itemIds.length ? filter.itemIds : [0]);
  return query.groupBy(['date', 'itemId']).execute();
}

export interface TopupFilter {
  customerId: number;
  itemId?: number;
  type?: number;
  start?: string;
  end?: string;
}

function topupQuery(db: Db, filter: TopupFilter) {
  let query = db
    .selectFrom('ledgerTopups')
    .innerJoin('items', 'items.id', 'ledgerTopups.itemId')
    .where('ledgerTopups.customerId', '=', filter.customerId)
    .where('items.customerId', '=', filter.customerId);
  if (filter.itemId !== undefined) query = query.where('ledgerTopups.itemId', '=', filter.itemId);
  if (filter.type !== undefined) query = query.where('ledgerTopups.type', '=', filter.type);
  if (filter.start !== undefined) query = query.where('ledgerTopups.payTime', '>=', filter.start);
  if (filter.end !== undefined) query = query.where('ledgerTopups.payTime', '<=', filter.end);
  return query;
}

export async function topupTotals(db: Db, filter: TopupFilter): Promise<{ count: number; money: number }> {
  const row = await topupQuery(db, filter)
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.sum<string | number | null>('ledgerTopups.money').as('money')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), money: Number(row.money ?? 0) };
}

export function listTopups(db: Db, filter: TopupFilter, window?: { limit: number; offset: number }) {
  let query = topupQuery(db, filter)
    .select([
      'ledgerTopups.id',
      'ledgerTopups.itemId',
      'items.title as itemTitle',
      'ledgerTopups.money',
      'ledgerTopups.type',
      'ledgerTopups.payTime',
      'ledgerTopups.remark',
      'ledgerTopups.publishTime',
    ])
    .orderBy('ledgerTopups.payTime', 'desc')
    .orderBy('ledgerTopups.id', 'desc');
  if (window) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}

// ---------------------------------------------------------------------------------------------
// The consumption job's inputs (across customers: the job books for every customer)

/** Customers with a ledger (one account or more), optionally only one. */
export async function ledgerCustomers(db: Db, customerId?: number): Promise<number[]> {
  let query = db.selectFrom('ledgerAccounts').select('customerId').distinct();
  if (customerId !== undefined) query = query.where('customerId', '=', customerId);
  return (await query.orderBy('customerId').execute()).map((row) => row.customerId);
}

export const activeItemsOf = (db: Db, customerIds: number[], activeStatus: number) =>
  db
    .selectFrom('items')
    .select(['id', 'customerId', 'title', 'unitPrice'])
    .where('customerId', 'in', customerIds)
    .where('status', '=', activeStatus)
    .orderBy('customerId')
    .orderBy('id')
    .execute();

/** Leads received on `day` per customer, item and group. */
export const leadGroupsOfDay = (db: Db, customerIds: number[], day: string) =>
  db
    .selectFrom('leadDayCounts')
    .select((eb) => ['customerId', 'itemId', 'leadGroup', eb.fn.sum<string | number>('count').as('count')])
    .where('customerId', 'in', customerIds)
    .where('leadGroup', 'in', LEAD_GROUPS)
    .where('day', '=', day)
    .groupBy(['customerId', 'itemId', 'leadGroup'])
    .execute();

/** Traffic of `day` per customer and item. */
export const statsOfDay = (db: Db, customerIds: number[], day: string) =>
  db
    .selectFrom('dailyStats')
    .select((eb) => [
      'customerId',
      'itemId',
      eb.fn.sum<string | number>('impressions').as('impressions'),
      eb.fn.sum<string | number>('clicks').as('clicks'),
      eb.fn.sum<string | number>('validConversations').as('talks'),
    ])
    .where('customerId', 'in', customerIds)
    .where('date', '=', day)
    .groupBy(['customerId', 'itemId'])
    .execute();

/** Claims the job's run of `day`: inserts its row, or takes over a run that started before `staleBefore` and never finished. */
export async function claimJobRun(db: Db, day: string, nowIso: string, staleBefore: string): Promise<boolean> {
  const inserted = await db
    .insertInto('ledgerJobRuns')
    .values({ day, startedAt: nowIso, finishedAt: null })
    .onConflict((oc) => oc.column('day').doNothing())
    .returning('day')
    .executeTakeFirst();
  if (inserted) return true;
  const result = await db
    .updateTable('ledgerJobRuns')
    .set({ startedAt: nowIso })
    .where('day', '=', day)
    .where('finishedAt', 'is', null)
    .where('startedAt', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const finishJobRun = (db: Db, day: string, nowIso: string) =>
  db.updateTable('ledgerJobRuns').set({ finishedAt: nowIso }).where('day', '=', day).execute();

export const releaseJobRun = (db: Db, day: string) => db.deleteFrom('ledgerJobRuns').where('day', '=', day).where('finishedAt', 'is', null).execute();
