import { LeadStatus } from '@portal/contracts';
import { type LeadKind } from '@portal/contracts/leads';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/schema';
import { addDays, chinaDayStartIso } from '../../lib/time';
import { AnalysisDim } from './rollup';

/** Queries of the lead counts and of the lead rollups (rollup.ts); each for the given customer only. */

/** The China day ('YYYY-MM-DD') of leads.create_time (a UTC ISO string), computed by the database. */
function chinaDaySql(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`to_char((create_time::timestamptz at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(create_time, '+8 hours'), 1, 10)`;
}

/** What the lead-count reports count: the given lists' live leads of whole China days, as the lists filter them. */
export interface ListedFilter {
  kinds: readonly LeadKind[];
  start: string;
  end: string;
  itemId?: number;
  /** Only these projects (the projects of a page's rows). */
  itemIds?: readonly number[];
}

/**
 * The leads the lists show: live (status 0), of the kinds, createTime within the China days
 * [start, end] as a half-open range of stored times (the lists' own bounds, leads/service
 * rangeBounds), with a project. Uses the lists' index (customer, kind, status, item, time).
 */
function listedLeads(db: Db, customerId: number, filter: ListedFilter) {
  let query = db
    .selectFrom('leads')
    .where('customerId', '=', customerId)
    .where('listKind', 'in', filter.kinds.length ? [...filter.kinds] : [''])
    .where('status', '=', LeadStatus.Normal)
    .where('itemId', 'is not', null)
    .where('createTime', '>=', chinaDayStartIso(filter.start))
    .where('createTime', '<', chinaDayStartIso(addDays(filter.end, 1)));
  if (filter.itemId !== undefined) query = query.where('itemId', '=', filter.itemId);
  if (filter.itemIds) query = query.where('itemId', 'in', filter.itemIds.length ? [...filter.itemIds] : [0]);
  return query;
}

/** Listed leads per (list kind, project, China day): the originals (a duplicate is counted once, in its own column). */
export async function listedCounts(db: Db, customerId: number, filter: ListedFilter) {
  const day = chinaDaySql(db);
  const rows = await listedLeads(db, customerId, filter)
    .where('duplicateOf', 'is', null)
    .select((eb) => ['listKind', 'itemId', day.as('day'), eb.fn.countAll<number | string>().as('count')])
    .groupBy(['listKind', 'itemId', day])
    .execute();
  return rows.map((row) => ({ kind: row.listKind as LeadKind, itemId: row.itemId!, day: row.day, count: Number(row.count) }));
}

/**
 * The receive rows (China day, project, receiver) of the listed leads, as a subquery: countNum the
 * originals, duplicates the repeats (issue 24: a duplicate counts in its own column, never twice).
 */
function listedReceiveRows(db: Db, customerId: number, filter: ListedFilter) {
  const day = chinaDaySql(db);
  const receiver = sql<string>`coalesce(crm_follower, '')`;
  const original = sql<number>`case when duplicate_of is null then 1 else 0 end`;
  return listedLeads(db, customerId, filter)
    .select((eb) => [
      day.as('dateTime'),
      'itemId',
      receiver.as('crmFollower'),
      eb.fn.sum<number | string>(original).as('countNum'),
      eb.fn.sum<number | string>(sql<number>`1 - ${original}`).as('duplicates'),
    ])
    .groupBy([day, 'itemId', receiver]);
}

/** How many receive rows the listed leads make, how many originals and how many duplicates they are. */
export async function listedReceiveTotals(db: Db, customerId: number, filter: ListedFilter) {
  const row = await db
    .selectFrom(listedReceiveRows(db, customerId, filter).as('r'))
    .select((eb) => [
      eb.fn.countAll<number | string>().as('rows'),
      eb.fn.sum<number | string | null>('r.countNum').as('total'),
      eb.fn.sum<number | string | null>('r.duplicates').as('duplicates'),
    ])
    .executeTakeFirstOrThrow();
  return { totalRow: Number(row.rows), total: Number(row.total ?? 0), duplicates: Number(row.duplicates ?? 0) };
}

/** The receive rows of the listed leads: newest day first, then project title, receiver (project id breaks title ties). */
export function listedReceiveRowsPage(db: Db, customerId: number, filter: ListedFilter, window?: { limit: number; offset: number }) {
  let query = db
    .selectFrom(listedReceiveRows(db, customerId, filter).as('r'))
    .innerJoin('items as i', (join) => join.onRef('i.id', '=', 'r.itemId').on('i.customerId', '=', customerId))
    .select(['r.dateTime', 'r.itemId', 'i.title as itemTitle', 'r.crmFollower', 'r.countNum', 'r.duplicates'])
    .orderBy('r.dateTime', 'desc')
    .orderBy('i.title')
    .orderBy('r.itemId')
    .orderBy('r.crmFollower');
  if (window) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}

export interface DayRange {
  start: string;
  end: string;
}

/** The customer's projects (or the one asked), by id. */
export function projects(db: Db, customerId: number, itemId?: number) {
  let query = db.selectFrom('items').select(['id', 'title']).where('customerId', '=', customerId).orderBy('id');
  if (itemId !== undefined) query = query.where('id', '=', itemId);
  return query.execute();
}

/**
 * The listed original leads per (China day, project) of [start, end], from the pies' rollup: each
 * such lead has exactly one genre key (dimKeysOf), so the genre rows of a day and project sum to
 * its count, the count the lists' own filter gives (checked against it per project and day by the
 * reports' consistency tests). Reads the rollup's key range, never the leads.
 */
export async function listedCountsByDayItem(
  db: Db,
  customerId: number,
  filter: { start: string; end: string; itemId?: number; itemIds?: readonly number[] },
): Promise<Array<{ day: string; itemId: number; count: number }>> {
  const rows = await db
    .selectFrom('leadDimCounts')
    .select((eb) => ['day', 'itemId', eb.fn.sum<number | string>('count').as('count')])
    .where('customerId', '=', customerId)
    .where('dim', '=', AnalysisDim.Genre)
    .where('day', '>=', filter.start)
    .where('day', '<=', filter.end)
    .$if(filter.itemId !== undefined, (q) => q.where('itemId', '=', filter.itemId!))
    .$if(filter.itemIds !== undefined, (q) => q.where('itemId', 'in', filter.itemIds!.length ? [...filter.itemIds!] : [0]))
    .groupBy(['day', 'itemId'])
    .execute();
  return rows.map((row) => ({ day: row.day, itemId: row.itemId, count: Number(row.count) }));
}

/** Counts per key of one analysis dimension over the range, of one project or all. */
export async function countsByKey(
  db: Db,
  customerId: number,
  dim: AnalysisDim,
  range: DayRange,
  itemId?: number,
): Promise<Array<{ name: string; value: number }>> {
  const rows = await db
    .selectFrom('leadDimCounts')
    .select((eb) => ['key', eb.fn.sum<number | string>('count').as('count')])
    .where('customerId', '=', customerId)
    .where('dim', '=', dim)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end)
    .$if(itemId !== undefined, (q) => q.where('itemId', '=', itemId!))
    .groupBy('key')
    .execute();
  return rows.map((row) => ({ name: row.key, value: Number(row.count) }));
}
