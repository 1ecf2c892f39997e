import type { ReportLeadGroup } from '@portal/contracts/reports';
import type { Db } from '../../db/schema';
import type { AnalysisDim } from './rollup';

/** Queries of the lead rollups (rollup.ts); each for the given customer only. */

export interface DayRange {
  start: string;
  end: string;
}

/** The receive report's rows of the range: lead_day_counts joined to the customer's projects for their titles. */
function receiveQuery(db: Db, customerId: number, group: ReportLeadGroup, range: DayRange, itemId: number | undefined) {
  let query = db
    .selectFrom('leadDayCounts as c')
    .innerJoin('items as i', (join) => join.onRef('i.id', '=', 'c.itemId').on('i.customerId', '=', customerId))
    .where('c.customerId', '=', customerId)
    .where('c.leadGroup', '=', group)
    .where('c.day', '>=', range.start)
    .where('c.day', '<=', range.end)
    .where('c.count', '>', 0);
  if (itemId !== undefined) query = query.where('c.itemId', '=', itemId);
  return query;
}

/**
 * How many rows the receive report has, and their sum: the customer's own rollup rows alone (every
 * row names one of its projects; rows that fall to 0 are deleted), a range of the table's key.
 */
export async function receiveTotals(db: Db, customerId: number, group: ReportLeadGroup, range: DayRange, itemId?: number) {
  let query = db
    .selectFrom('leadDayCounts')
    .select((eb) => [eb.fn.countAll<number | string>().as('rows'), eb.fn.sum<number | string | null>('count').as('total')])
    .where('customerId', '=', customerId)
    .where('leadGroup', '=', group)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end);
  if (itemId !== undefined) query = query.where('itemId', '=', itemId);
  const row = await query.executeTakeFirstOrThrow();
  return { totalRow: Number(row.rows), total: Number(row.total ?? 0) };
}

/** The receive report's rows: newest day first, then project title, receiver (project id breaks title ties). */
export function receiveRows(
  db: Db,
  customerId: number,
  group: ReportLeadGroup,
  range: DayRange,
  itemId: number | undefined,
  window?: { limit: number; offset: number },
) {
  let query = receiveQuery(db, customerId, group, range, itemId)
    .select(['c.day as dateTime', 'c.itemId', 'i.title as itemTitle', 'c.receiver as crmFollower', 'c.count as countNum'])
    .orderBy('c.day', 'desc')
    .orderBy('i.title')
    .orderBy('c.itemId')
    .orderBy('c.receiver');
  if (window) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}

/** Counts per project and day of the range (the daily statement). */
export function countsByItemDay(db: Db, customerId: number, group: ReportLeadGroup, range: DayRange, itemId?: number) {
  let query = db
    .selectFrom('leadDayCounts')
    .select((eb) => ['itemId', 'day', eb.fn.sum<number | string>('count').as('count')])
    .where('customerId', '=', customerId)
    .where('leadGroup', '=', group)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .groupBy(['itemId', 'day']);
  if (itemId !== undefined) query = query.where('itemId', '=', itemId);
  return query.execute();
}

/** The customer's projects (or the one asked), by id. */
export function projects(db: Db, customerId: number, itemId?: number) {
  let query = db.selectFrom('items').select(['id', 'title']).where('customerId', '=', customerId).orderBy('id');
  if (itemId !== undefined) query = query.where('id', '=', itemId);
  return query.execute();
}

/** Counts per key of one analysis dimension over the range. */
export async function countsByKey(db: Db, customerId: number, dim: AnalysisDim, range: DayRange): Promise<Array<{ name: string; value: number }>> {
  const rows = await db
    .selectFrom('leadDimCounts')
    .select((eb) => ['key', eb.fn.sum<number | string>('count').as('count')])
    .where('customerId', '=', customerId)
    .where('dim', '=', dim)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .groupBy('key')
    .execute();
  return rows.map((row) => ({ name: row.key, value: Number(row.count) }));
}
