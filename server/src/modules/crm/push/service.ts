import type { CrmCode, PaginationQuery } from '@portal/contracts';
import { type CrmConnection, CrmMessage, type PushAttempt, type PushLogRow, PushStatus, RETRY_ALL_MAX } from '@portal/contracts/crm';
import type { Db } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import { pageWindow } from '../../../http/pagination';
import { toChinaDateTime } from '../../../lib/time';
import { parseJson } from '../settings/mapping';
import { connectionOf } from './connection';
import * as repo from './repo';

/**
 * The push log (推送记录) and the push connection of the customer's CRMs: every call sees the
 * logged-in customer's jobs only; another customer's job id is 404 '推送记录不存在'.
 */

const chinaTimeOf = (ms: number | string): string => toChinaDateTime(new Date(Number(ms)).toISOString());

/** The filter of the log and of retry-all. */
export type PushLogQuery = Omit<repo.PushLogFilter, 'statuses'>;

export async function listLog(db: Db, customerId: number, query: PushLogQuery & PaginationQuery): Promise<{ rows: PushLogRow[]; totalRow: number }> {
  const filter: repo.PushLogFilter = {
    crmCode: query.crmCode,
    status: query.status,
    startTime: query.startTime,
    endTime: query.endTime,
    phone: query.phone,
  };
  const [totalRow, rows] = await Promise.all([repo.countLog(db, customerId, filter), repo.listLog(db, customerId, filter, pageWindow(query))]);
  return {
    totalRow,
    rows: rows.map((row) => ({
      id: row.id,
      leadId: row.leadId,
      leadName: row.leadName,
      mobile: row.mobile,
      itemTitle: row.itemTitle,
      crmCode: row.crmCode as CrmCode,
      status: row.status,
      attempts: row.attempts,
      crmId: row.crmId,
      lastReason: row.lastReason,
      nextAttemptAt: row.status === PushStatus.Pending ? chinaTimeOf(row.nextAttemptAt) : null,
      createTime: row.createTime,
      deliveredAt: row.deliveredAt,
      origin: row.origin,
    })),
  };
}

async function ownJob(db: Db, customerId: number, id: number): Promise<repo.PushJobRow> {
  const job = await repo.findJob(db, customerId, id);
  if (!job) throw notFound(CrmMessage.PushNotFound);
  return job;
}

/** Every attempt of one of the customer's pushes, first to last. */
export async function attemptsOf(db: Db, customerId: number, id: number): Promise<PushAttempt[]> {
  await ownJob(db, customerId, id);
  const rows = await repo.listAttempts(db, customerId, id);
  return rows.map((row) => ({
    attemptNo: row.attemptNo,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    outcome: row.outcome,
    reason: row.reason,
    fields: parseJson<PushAttempt['fields']>(row.fields, []),
    crmId: row.crmId,
    nextRetryAt: row.nextRetryAt,
  }));
}

/** Pushes a refused or failed push again, now, with a fresh retry schedule; 409 for any other state. */
export async function retryOne(db: Db, customerId: number, id: number, now: number = Date.now()): Promise<number> {
  const job = await ownJob(db, customerId, id);
  if (job.status !== PushStatus.Refused && job.status !== PushStatus.Failed) throw conflict(CrmMessage.PushNotRetryable);
  const count = await repo.requeue(db, customerId, [id], now);
  if (count === 0) throw conflict(CrmMessage.PushNotRetryable);
  return count;
}

/** Pushes again the refused and failed pushes of a filter, oldest first, at most RETRY_ALL_MAX. */
export async function retryFailed(db: Db, customerId: number, query: PushLogQuery, now: number = Date.now()): Promise<number> {
  const filter: repo.PushLogFilter = { ...query, status: undefined, statuses: [PushStatus.Refused, PushStatus.Failed] };
  const ids = (await repo.logIds(db, customerId, filter, RETRY_ALL_MAX)).map((row) => row.id);
  let count = 0;
  for (let start = 0; start < ids.length; start += 500) count += await repo.requeue(db, customerId, ids.slice(start, start + 500), now);
  return count;
}

export const connection = (db: Db, customerId: number, crmCode: CrmCode): Promise<CrmConnection> => connectionOf(db, customerId, crmCode);

/** Resumes a paused connection (and forgets its run of failures); 404 without an account of that CRM. */
export async function resume(db: Db, customerId: number, crmCode: CrmCode): Promise<void> {
  const result = await db
    .updateTable('crmAccounts')
    .set({ pausedAt: null, consecutiveFailures: 0 })
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(CrmMessage.AccountNotConfigured);
  // The customer says the CRM is back: its waiting pushes are due now.
  await repo.wakeWaitingJobs(db, customerId, crmCode, Date.now());
}
