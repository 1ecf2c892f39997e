import type { CrmCode } from '@portal/contracts';
import { PushStatus } from '@portal/contracts/crm';
import { type ExpressionBuilder, type Selectable } from 'kysely';
import type { CrmPushJobsTable, Database, Db } from '../../../db/schema';
import { addDays, chinaDayStartIso } from '../../../lib/time';
import { isPostgres } from '../../../db/dialect';

/** Queries of the push pipeline: the outbox claim, the delivery log, the connection state. */

export type PushJobRow = Selectable<CrmPushJobsTable>;

export interface ClaimOptions {
  now: number;
  leaseMs: number;
  workerId: string;
  limit: number;
  /** Only this account's jobs (a paused account's probe), paused or not; else every non-paused account's. */
  account?: { customerId: number; crmCode: string };
  /** Not these accounts' jobs (the connections this worker has calls in flight for; a short list). */
  skip?: ReadonlyArray<{ customerId: number; crmCode: string }>;
}

/**
 * Claims up to `limit` due jobs (pending, next try due, no live lease, not of a `skip` account) in
 * order of their due time, under a lease: one statement, `UPDATE ... WHERE id IN (SELECT ... LIMIT n) RETURNING`.
 * On PostgreSQL the inner select is FOR UPDATE SKIP LOCKED, so instances claiming at once take
 * different rows and never wait on each other; SQLite has one writer, so the statement is the claim.
 */
export async function claimDue(db: Db, options: ClaimOptions): Promise<PushJobRow[]> {
  const { now, leaseMs, workerId, limit, account, skip = [] } = options;
  let due = db
    .selectFrom('crmPushJobs as j')
    .select('j.id')
    .where('j.status', '=', PushStatus.Pending)
    .where('j.nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('j.leaseUntil', 'is', null), eb('j.leaseUntil', '<', now)]));
  if (account) {
    due = due.where('j.customerId', '=', account.customerId).where('j.crmCode', '=', account.crmCode);
  } else {
    due = due.where((eb: ExpressionBuilder<Database & { j: CrmPushJobsTable }, 'j'>) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('crmAccounts as a')
            .select('a.id')
            .whereRef('a.customerId', '=', 'j.customerId')
            .whereRef('a.crmCode', '=', 'j.crmCode')
            .where('a.pausedAt', 'is not', null),
        ),
      ),
    );
  }
  if (skip.length > 0) {
    due = due.where((eb) =>
      eb.not(eb.or(skip.map((busy) => eb.and([eb('j.customerId', '=', busy.customerId), eb('j.crmCode', '=', busy.crmCode)])))),
    );
  }
  due = due.orderBy('j.nextAttemptAt').orderBy('j.id').limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable('crmPushJobs')
    .set({ leaseUntil: now + leaseMs, claimedBy: workerId })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  // RETURNING keeps no order: the oldest due first, as selected.
  return claimed.sort((a, b) => Number(a.nextAttemptAt) - Number(b.nextAttemptAt) || a.id - b.id);
}

/** Gives claimed jobs back untried, due at `nextAttemptAt` (the rate budget was spent). */
export async function releaseJobs(db: Db, ids: readonly number[], workerId: string, nextAttemptAt: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('crmPushJobs')
    .set({ leaseUntil: null, claimedBy: null, nextAttemptAt })
    .where('id', 'in', [...ids])
    .where('claimedBy', '=', workerId)
    .where('status', '=', PushStatus.Pending)
    .execute();
}

/** The accounts whose connection is paused. */
/**
 * Makes the account's waiting pushes due at `now`: once its CRM answers again (a delivery after a
 * run of failures, or the customer's resume), the backlog drains at once instead of each push
 * waiting out the backoff it got during the outage. Answers how many it woke.
 */
export async function wakeWaitingJobs(db: Db, customerId: number, crmCode: string, now: number): Promise<number> {
  const result = await db
    .updateTable('crmPushJobs')
    .set({ nextAttemptAt: now })
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('status', '=', PushStatus.Pending)
    .where('nextAttemptAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const pausedAccounts = (db: Db) =>
  db.selectFrom('crmAccounts').select(['id', 'customerId', 'crmCode', 'pausedAt']).where('pausedAt', 'is not', null).execute();

/**
 * The leads of claimed jobs, with what the mapper and the rollups need, and the CRM user id of each
 * one's receiver (`followerCrmUserId`) when that staff member was synced from `crmCode` (one join,
 * not a query per lead); null for a lead without a receiver, or one entered by hand or from another CRM.
 */
export const leadsForPush = (db: Db, customerId: number, crmCode: CrmCode, ids: readonly number[]) =>
  db
    .selectFrom('leads as l')
    .leftJoin('crmUsers as u', (join) =>
      join.onRef('u.id', '=', 'l.crmFollowerId').onRef('u.customerId', '=', 'l.customerId').on('u.crmCode', '=', crmCode),
    )
    .select([
      'l.id',
      'l.listKind',
      'l.status',
      'l.name',
      'l.mobile',
      'l.remark',
      'l.province',
      'l.city',
      'l.region',
      'l.searchWord',
      'l.createTime',
      'l.itemId',
      'l.itemTitle',
      'l.channelId',
      'l.channelTitle',
      'l.resType',
      'l.qq',
      'l.address',
      'l.content',
      'l.ipArea',
      'l.pageUrl',
      'l.crmFollower',
      'l.crmPushed',
      'l.duplicateOf',
      'l.duplicateReason',
      'u.crmUserId as followerCrmUserId',
    ])
    .where('l.customerId', '=', customerId)
    .where('l.id', 'in', [...ids])
    .execute();
export type PushLeadRow = Awaited<ReturnType<typeof leadsForPush>>[number];

/** The pushes to one CRM of the leads `leadIds` (their own jobs, not notes): status and the CRM's id, by lead. */
export async function firstLeadPushes(
  db: Db,
  customerId: number,
  crmCode: string,
  leadIds: readonly number[],
): Promise<Map<number, { status: string; crmId: string | null }>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('crmPushJobs')
    .select(['leadId', 'status', 'crmId'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('leadId', 'in', [...new Set(leadIds)])
    .where('origin', '!=', 'note')
    .execute();
  return new Map(rows.map((row) => [row.leadId, { status: row.status, crmId: row.crmId }]));
}

/** The name of a CRM staff member synced from that CRM (crmuser/synchro), by the CRM's id. */
export async function staffName(db: Db, customerId: number, crmCode: CrmCode, crmUserId: string): Promise<string | null> {
  const row = await db
    .selectFrom('crmUsers')
    .select('userName')
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('crmUserId', '=', crmUserId)
    .executeTakeFirst();
  return row?.userName ?? null;
}

// ---------------------------------------------------------------------------------------------
// The delivery log

export interface PushLogFilter {
  /** Every CRM's pushes when absent. */
  crmCode?: CrmCode;
  status?: string;
  /** China days 'YYYY-MM-DD' of the push's creation. */
  startTime?: string;
  endTime?: string;
  /** Digits the lead's mobile starts with. */
  phone?: string;
  /** Only these statuses (retry all: refused and failed). */
  statuses?: readonly string[];
}

function logQuery(db: Db, customerId: number, filter: PushLogFilter) {
  let query = db
    .selectFrom('crmPushJobs as j')
    .innerJoin('leads as l', (join) => join.onRef('l.id', '=', 'j.leadId').onRef('l.customerId', '=', 'j.customerId'))
    .where('j.customerId', '=', customerId);
  if (filter.crmCode) query = query.where('j.crmCode', '=', filter.crmCode);
  if (filter.status) query = query.where('j.status', '=', filter.status);
  if (filter.statuses) query = query.where('j.status', 'in', [...filter.statuses]);
  if (filter.startTime) query = query.where('j.createdAt', '>=', Date.parse(chinaDayStartIso(filter.startTime)));
  if (filter.endTime) query = query.where('j.createdAt', '<', Date.parse(chinaDayStartIso(addDays(filter.endTime, 1))));
  if (filter.phone) query = query.where('l.mobile', 'like', `${filter.phone}%`);
  return query;
}

export async function countLog(db: Db, customerId: number, filter: PushLogFilter): Promise<number> {
  const row = await logQuery(db, customerId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the log, newest first. */
export const listLog = (db: Db, customerId: number, filter: PushLogFilter, page: { limit: number; offset: number }) =>
  logQuery(db, customerId, filter)
    .select([
      'j.id',
      'j.leadId',
      'l.name as leadName',
      'l.mobile',
      'l.itemTitle',
      'j.crmCode',
      'j.status',
      'j.attempts',
      'j.crmId',
      'j.lastReason',
      'j.nextAttemptAt',
      'j.createTime',
      'j.deliveredAt',
      'j.origin',
    ])
    .orderBy('j.createdAt', 'desc')
    .orderBy('j.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/** The ids of the log's jobs in `statuses` (retry all), oldest first, at most `limit`. */
export const logIds = (db: Db, customerId: number, filter: PushLogFilter, limit: number) =>
  logQuery(db, customerId, filter).select('j.id').orderBy('j.createdAt').orderBy('j.id').limit(limit).execute();

export const findJob = (db: Db, customerId: number, id: number) =>
  db.selectFrom('crmPushJobs').selectAll().where('customerId', '=', customerId).where('id', '=', id).executeTakeFirst();

export const listAttempts = (db: Db, customerId: number, jobId: number) =>
  db
    .selectFrom('crmPushAttempts')
    .selectAll()
    .where('customerId', '=', customerId)
    .where('jobId', '=', jobId)
    .orderBy('attemptNo')
    .orderBy('id')
    .execute();

/** Puts refused or failed jobs back in the queue, due at `now`, with a fresh retry schedule. */
export async function requeue(db: Db, customerId: number, ids: readonly number[], now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('crmPushJobs')
    .set({ status: PushStatus.Pending, attempts: 0, nextAttemptAt: now, leaseUntil: null, claimedBy: null })
    .where('customerId', '=', customerId)
    .where('id', 'in', [...ids])
    .where('status', 'in', [PushStatus.Refused, PushStatus.Failed])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
