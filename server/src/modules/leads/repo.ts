import { CRM_DUPLICATE_REMARK, LeadStatus, ReadStatus } from '@portal/contracts';
import { type LeadKind } from '@portal/contracts/leads';
import { PushStatus } from '@portal/contracts/crm';
import { type AliasedSelectQueryBuilder, type ExpressionBuilder, type Insertable, type Updateable, sql } from 'kysely';
import { bulkInsert } from '../../db/bulk-insert';
import type { Database, Db, LeadsTable } from '../../db/schema';

/** Queries of the customer's leads; every one takes the customer id and filters by it. */

export interface LeadFilter {
  /** The list kinds the call may see (one for a list, a path family for actions). */
  kinds: readonly LeadKind[];
  /** createTime from (inclusive) and to (exclusive), UTC ISO. */
  from: string;
  to: string;
  itemId?: number;
  readStatus?: number;
  /** true: assigned (a receiver, or the CRM duplicate remark); false: neither. */
  assigned?: boolean;
  /** The receiver's name exactly; null: leads without one (no name, whatever the remark says). */
  receiver?: string | null;
  /** Digits the mobile starts with (validated: digits only, so no LIKE wildcards). */
  phone?: string;
  /** The platform the form was sent from (MessagePlatform). */
  platform?: number;
  /** true: only duplicates; false: none of them. */
  duplicate?: boolean;
}

type LeadsEb = ExpressionBuilder<Database, 'leads'>;

const DUPLICATE_PATTERN = `%${CRM_DUPLICATE_REMARK}%`;

/** isLeadAssigned in SQL. */
export const assignedCondition = (eb: LeadsEb) =>
  eb.or([eb.and([eb('crmFollower', 'is not', null), eb('crmFollower', '<>', '')]), eb('remark', 'like', DUPLICATE_PATTERN)]);

const unassignedCondition = (eb: LeadsEb) =>
  eb.and([
    eb.or([eb('crmFollower', 'is', null), eb('crmFollower', '=', '')]),
    eb.or([eb('remark', 'is', null), eb('remark', 'not like', DUPLICATE_PATTERN)]),
  ]);

const kindCondition = (eb: LeadsEb, kinds: readonly LeadKind[]) =>
  kinds.length === 1 ? eb('listKind', '=', kinds[0]) : eb('listKind', 'in', [...kinds]);

/** `upTo`: an inclusive upper bound on createTime that replaces the range's end (export keyset). */
function filtered(db: Db, customerId: number, filter: LeadFilter, upTo?: string) {
  let query = db
    .selectFrom('leads')
    .where('customerId', '=', customerId)
    .where((eb) => kindCondition(eb, filter.kinds))
    .where('status', '=', LeadStatus.Normal)
    .where('createTime', '>=', filter.from)
    .where('createTime', upTo === undefined ? '<' : '<=', upTo ?? filter.to);
  if (filter.itemId !== undefined) query = query.where('itemId', '=', filter.itemId);
  if (filter.readStatus !== undefined) query = query.where('readStatus', '=', filter.readStatus);
  if (filter.assigned !== undefined) query = query.where((eb) => (filter.assigned ? assignedCondition(eb) : unassignedCondition(eb)));
  if (filter.receiver === null) query = query.where((eb) => eb.or([eb('crmFollower', 'is', null), eb('crmFollower', '=', '')]));
  else if (filter.receiver !== undefined) query = query.where('crmFollower', '=', filter.receiver);
  if (filter.phone !== undefined) query = query.where('mobile', 'like', `${filter.phone}%`);
  if (filter.platform !== undefined) query = query.where('platform', '=', filter.platform);
  if (filter.duplicate !== undefined) query = query.where('duplicateOf', filter.duplicate ? 'is not' : 'is', null);
  return query;
}

export async function countLeads(db: Db, customerId: number, filter: LeadFilter): Promise<number> {
  const row = await filtered(db, customerId, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The push states of a lead's jobs (one per CRM), the one that most needs the eye first: a push
 * still under way, then one that failed (its retries spent: the customer can push it again), one
 * the CRM refused (its reason to read), and last one delivered. The lists show that one state.
 */
const PUSH_STATE_ORDER = [PushStatus.Pending, PushStatus.Failed, PushStatus.Refused, PushStatus.Delivered] as const;
export type LeadPushState = (typeof PUSH_STATE_ORDER)[number];

const pushRank = sql<number>`case ${sql.ref('job.status')} ${sql.join(
  PUSH_STATE_ORDER.map((status, index) => sql`when ${sql.lit(status)} then ${sql.lit(index)}`),
  sql` `,
)} else ${sql.lit(PUSH_STATE_ORDER.length)} end`;

/**
 * The leads of `page` (a query of leads aliased 'page', already cut to one page) with their push
 * state `crmPushState`: their jobs' most pressing status, null when they have none. The subquery
 * runs for the page's rows only (never for the rows an OFFSET skips) and reads the (lead_id,
 * crm_code) key of crm_push_jobs_lead_unique: at most one row per CRM. Jobs count only when they
 * are the lead's own customer's.
 */
function withPushState<R extends { id: number; customerId: number; createTime: string; duplicateOf: number | null }>(
  db: Db,
  page: AliasedSelectQueryBuilder<R, 'page'>,
) {
  return (
    db
      .selectFrom(page)
      .selectAll('page')
      .select((eb) =>
        eb
          .selectFrom('crmPushJobs as job')
          .select((job) => job.ref('job.status').$castTo<LeadPushState>().as('status'))
          .whereRef('job.leadId', '=', 'page.id')
          // Unary plus: the customer is checked on the lead's rows, not looked up by (SQLite without
          // statistics would otherwise pick crm_push_jobs_log_idx and read all the customer's jobs).
          .where((jobs) => jobs(sql<number>`+${jobs.ref('job.customerId')}`, '=', jobs.ref('page.customerId')))
          .orderBy(pushRank)
          .limit(1)
          .as('crmPushState'),
      )
      // A duplicate's original, for the link to it (page rows only, by primary key).
      .select((eb) => [
        eb.selectFrom('leads as first').select('first.listKind').whereRef('first.id', '=', 'page.duplicateOf').limit(1).as('duplicateFirstKind'),
        eb.selectFrom('leads as first').select('first.createTime').whereRef('first.id', '=', 'page.duplicateOf').limit(1).as('duplicateFirstTime'),
      ])
      .orderBy('page.createTime', 'desc')
      .orderBy('page.id', 'desc')
  );
}

/**
 * One page, newest first (createTime, then id: a total order), with each lead's push state. A
 * deferred join: the page's ids are found first (the filter's index range, with the id the index
 * entry carries, the rows before the page skipped without reading them), then only those rows
 * are read. A deep page so costs its index entries, not the full rows an OFFSET over `select *`
 * reads and throws away. Same rows as the plain OFFSET query (leads' deep-paging test).
 */
export const listLeads = (db: Db, customerId: number, filter: LeadFilter, page: { limit: number; offset: number }) =>
  withPushState(
    db,
    db
      .selectFrom('leads')
      .selectAll()
      .where('customerId', '=', customerId)
      .where(
        'id',
        'in',
        filtered(db, customerId, filter).select('id').orderBy('createTime', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset),
      )
      .as('page'),
  ).execute();
export type LeadRow = Awaited<ReturnType<typeof listLeads>>[number];

/** One live lead of the customer among `kinds`, with its push state, or undefined. */
export const findLead = (db: Db, customerId: number, kinds: readonly LeadKind[], id: number): Promise<LeadRow | undefined> =>
  withPushState(
    db,
    db
      .selectFrom('leads')
      .selectAll()
      .where('customerId', '=', customerId)
      .where((eb) => kindCondition(eb, kinds))
      .where('id', '=', id)
      .where('status', '=', LeadStatus.Normal)
      .as('page'),
  ).executeTakeFirst();

export interface ExportCursor {
  createTime: string;
  id: number;
}

/**
 * The next `limit` leads of an export after `cursor` (keyset on createTime, id, newest first).
 * The cursor's time is the upper bound of the index range, so each batch reads only its own
 * rows, however deep into the export (an OR of the two keys alone would rescan from the top).
 */
export function exportBatch(db: Db, customerId: number, filter: LeadFilter, cursor: ExportCursor | null, limit: number) {
  let query = filtered(db, customerId, filter, cursor?.createTime).select([
    'id',
    'itemTitle',
    'name',
    'mobile',
    'mobileStatus',
    'phoneClass',
    'other',
    'channelTitle',
    'searchWord',
    'region',
    'resType',
    'otherInfo',
    'createTime',
    'crmFollower',
    'descrip',
    'remark',
    'readStatus',
  ]);
  if (cursor) {
    query = query.where((eb) => eb.or([eb('createTime', '<', cursor.createTime), eb('id', '<', cursor.id)]));
  }
  return query.orderBy('createTime', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
export type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

/** Unread live leads per kind, all time. */
export const unreadByKind = (db: Db, customerId: number) =>
  db
    .selectFrom('leads')
    .select((eb) => ['listKind', eb.fn.countAll<number>().as('count')])
    .where('customerId', '=', customerId)
    .where('readStatus', '=', ReadStatus.Unread)
    .where('status', '=', LeadStatus.Normal)
    .groupBy('listKind')
    .execute();

/** Counters of one list (the kinds it shows): all live leads, unread, those since `todayFrom`, assigned. */
export async function summarize(db: Db, customerId: number, kinds: readonly LeadKind[], todayFrom: string) {
  const unread = sql<number>`case when ${sql.ref('readStatus')} = ${ReadStatus.Unread} then 1 else 0 end`;
  const today = sql<number>`case when ${sql.ref('createTime')} >= ${todayFrom} then 1 else 0 end`;
  const row = await db
    .selectFrom('leads')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(unread).as('unread'),
      eb.fn.sum<number>(today).as('todayTotal'),
      eb.fn.sum<number>(sql<number>`${today} * ${unread}`).as('todayUnread'),
      eb.fn.sum<number>(eb.case().when(assignedCondition(eb)).then(1).else(0).end()).as('assigned'),
    ])
    .where('customerId', '=', customerId)
    .where((eb) => kindCondition(eb, kinds))
    .where('status', '=', LeadStatus.Normal)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const assigned = Number(row.assigned ?? 0);
  return {
    total,
    unread: Number(row.unread ?? 0),
    todayTotal: Number(row.todayTotal ?? 0),
    todayUnread: Number(row.todayUnread ?? 0),
    assigned,
    unassigned: total - assigned,
  };
}

/**
 * Changes the live leads among `ids` of the given kinds; answers how many matched. Ids of
 * other customers, other kinds, deleted or missing leads do not match.
 */
export async function updateLeads(
  db: Db,
  customerId: number,
  kinds: readonly LeadKind[],
  ids: readonly number[],
  change: Updateable<LeadsTable>,
): Promise<number> {
  const result = await db
    .updateTable('leads')
    .set(change)
    .where('customerId', '=', customerId)
    .where((eb) => kindCondition(eb, kinds))
    .where('id', 'in', [...ids])
    .where('status', '=', LeadStatus.Normal)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The live leads among `ids` (any kind), with what assignment needs to know. */
export const findForAssignment = (db: Db, customerId: number, ids: readonly number[]) =>
  db
    .selectFrom('leads')
    .select(['id', 'listKind', 'name', 'mobile', 'crmFollower', 'crmPushed', 'remark'])
    // A push on its way or done keeps the lead from manual assignment (canAssignManually).
    .select((eb) =>
      eb
        .selectFrom('crmPushJobs as job')
        .select((job) => job.ref('job.status').$castTo<LeadPushState>().as('status'))
        .whereRef('job.leadId', '=', 'leads.id')
        .where('job.status', 'in', ['pending', 'delivered'])
        .limit(1)
        .as('crmPushState'),
    )
    .where('customerId', '=', customerId)
    .where('id', 'in', [...ids])
    .where('status', '=', LeadStatus.Normal)
    .orderBy('id')
    .execute();

export type NewLead = Insertable<LeadsTable>;

export async function insertLead(db: Db, lead: NewLead): Promise<number> {
  const row = await db.insertInto('leads').values(lead).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts many leads (seed, tests), every row setting the same columns; run it in a transaction. */
export const insertLeads = (db: Db, leads: readonly NewLead[]): Promise<void> => bulkInsert(db, 'leads', leads);

/**
 * Gives the live, still assignable leads `ids` their receiver; answers how many changed. The
 * guard in the WHERE makes a concurrent assignment of the same lead change nothing.
 */
export async function assignLeads(
  db: Db,
  customerId: number,
  ids: readonly number[],
  receiver: { crmFollower: string; crmFollowerId: number | null; channelSourceCode: string | null },
): Promise<number> {
  const result = await db
    .updateTable('leads')
    // A lead held for its number is held no more once given by hand.
    .set({ ...receiver, phoneHeld: null })
    .where('customerId', '=', customerId)
    .where('id', 'in', [...ids])
    .where('status', '=', LeadStatus.Normal)
    .where('crmPushed', '=', 0)
    .where(unassignedCondition)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
