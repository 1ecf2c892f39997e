import { isCrmCode } from '@portal/contracts';
import type { LeadKind } from '@portal/contracts/leads';
import { FOLLOW_UP_RECORD_CRMS, FOLLOW_UP_RECORD_EVERY_MS, FOLLOW_UP_RECORDS_MAX } from '@portal/contracts/schedule';
import { PushStatus } from '@portal/contracts/crm';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { toChinaDateTime } from '../../../lib/time';
import type { ServerEvents } from '../../../realtime/events';
import { withEvents } from '../../../realtime/with-events';
import { hasCallSince, lastRecycledAt, markFollowed } from '../../follow-up/clock';
import type { CrmFollowUpRecord } from '../connectors/types';
import type { CrmRuntime } from '../runtime';
import { findAccountParams } from '../settings/service';
import type { TokenBuckets } from './schedule';

/*
 * The CRM's follow-up records of pushed leads (issue 24). While a lead's follow-up deadline runs,
 * the push worker reads the follow-up records on its CRM record, every FOLLOW_UP_RECORD_EVERY_MS,
 * from the CRMs whose API lists them (FOLLOW_UP_RECORD_CRMS: 销帮帮 communicate/list). The records
 * join the lead's callData (newest first, at most FOLLOW_UP_RECORDS_MAX, the ones the portal wrote
 * itself left out), which the lead's 跟进详情 shows; one written since the lead was given to its
 * receiver is a follow-up: the clock stops, as when the receiver reads it in the portal.
 */

export interface RecordReadDeps {
  db: Kysely<Database>;
  events: ServerEvents;
  crm: CrmRuntime;
}

export interface RecordReadOptions {
  now: number;
  /** The most pushes whose records one run reads. */
  batchSize: number;
  /** Per connection, shared with the pushes: a read spends one call of the connection's budget. */
  buckets: TokenBuckets;
  everyMs?: number;
  log?: FastifyBaseLogger;
}

interface DuePush {
  jobId: number;
  customerId: number;
  crmCode: string;
  leadId: number;
  crmId: string | null;
  checkedAt: number | string | null;
}

interface Call {
  id: number;
  callTime: string;
  message: string;
}

/**
 * The lead's callData (`[{id, callTime (China time), message}]`, as the spec's Lead.callData) with
 * the CRM's records added: the calls it held are kept, a record already there (same id) is not
 * added twice; newest first, at most FOLLOW_UP_RECORDS_MAX.
 */
export function mergeCalls(callData: string | null, records: readonly CrmFollowUpRecord[]): string {
  let held: Call[] = [];
  try {
    const parsed: unknown = JSON.parse(callData ?? '[]');
    if (Array.isArray(parsed)) held = parsed.filter((call): call is Call => typeof call === 'object' && call !== null);
  } catch {
    held = [];
  }
  const ids = new Set(held.map((call) => Number(call.id)));
  const added = records
    .map((record) => ({
      id: Number(record.id) || 0,
      callTime: record.at > 0 ? toChinaDateTime(new Date(record.at).toISOString()) : '',
      message: record.content,
    }))
    .filter((call) => !ids.has(call.id));
  const calls = [...held, ...added].sort((x, y) => String(y.callTime).localeCompare(String(x.callTime)));
  return JSON.stringify(calls.slice(0, FOLLOW_UP_RECORDS_MAX));
}

/**
 * Reads the records of the due pushes (at most `batchSize`), one at a time; answers how many it
 * claimed. The claim moves `records_checked_at` to now, guarded by the value read, so of two
 * workers one reads; a failed read is tried again a period later (the records are not urgent).
 */
export async function readFollowUpRecords(deps: RecordReadDeps, options: RecordReadOptions): Promise<number> {
  const { db } = deps;
  const everyMs = options.everyMs ?? FOLLOW_UP_RECORD_EVERY_MS;
  const due: DuePush[] = await db
    .selectFrom('leads as l')
    .innerJoin('crmPushJobs as j', (join) => join.onRef('j.leadId', '=', 'l.id').onRef('j.customerId', '=', 'l.customerId'))
    .select(['j.id as jobId', 'j.customerId', 'j.crmCode', 'j.leadId', 'j.crmId', 'j.recordsCheckedAt as checkedAt'])
    .where('l.followUpDue', 'is not', null)
    .where('l.status', '=', 0)
    .where('j.crmCode', 'in', [...FOLLOW_UP_RECORD_CRMS])
    .where('j.status', '=', PushStatus.Delivered)
    .where('j.origin', '<>', 'note')
    .where('j.crmId', 'is not', null)
    .where((eb) => eb.or([eb('j.recordsCheckedAt', 'is', null), eb('j.recordsCheckedAt', '<=', options.now - everyMs)]))
    .orderBy('l.followUpDue')
    .limit(options.batchSize)
    .execute();
  let claimed = 0;
  for (const push of due) {
    const taken = await db
      .updateTable('crmPushJobs')
      .set({ recordsCheckedAt: options.now })
      .where('id', '=', push.jobId)
      .where('recordsCheckedAt', push.checkedAt === null ? 'is' : '=', push.checkedAt)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    claimed += 1;
    await readOne(deps, options, push);
  }
  return claimed;
}

async function readOne(deps: RecordReadDeps, options: RecordReadOptions, push: DuePush): Promise<void> {
  const { db, crm } = deps;
  if (!isCrmCode(push.crmCode) || !push.crmId) return;
  const connector = crm.connector(push.crmCode);
  const account = await findAccountParams(db, push.customerId, push.crmCode);
  if (!connector.followUpRecords || !account) return;
  const bucketKey = `${push.customerId}:${push.crmCode}`;
  if (options.buckets.take(bucketKey) > 0) {
    // No call to spare now: read on a later run (the claim undone).
    await db.updateTable('crmPushJobs').set({ recordsCheckedAt: push.checkedAt }).where('id', '=', push.jobId).execute();
    return;
  }
  let records: CrmFollowUpRecord[];
  try {
    records = await connector.followUpRecords(account, push.crmId, FOLLOW_UP_RECORDS_MAX, crm.contextFor(db, push.customerId, account));
  } catch (err) {
    options.log?.warn({ err, customerId: push.customerId, crmCode: push.crmCode }, 'crm push: reading follow-up records failed');
    return;
  }
  // The follow-ups the portal wrote itself (a duplicate's note on this record) are not the receiver's.
  const ids = records.map((record) => record.id);
  const own =
    ids.length === 0
      ? []
      : await db
          .selectFrom('crmPushJobs')
          .select('crmId')
          .where('customerId', '=', push.customerId)
          .where('crmCode', '=', push.crmCode)
          .where('origin', '=', 'note')
          .where('crmId', 'in', ids)
          .execute();
  const written = new Set(own.map((row) => row.crmId));
  const theirs = records.filter((record) => !written.has(record.id));
  if (theirs.length === 0) return;
  await withEvents(db, deps.events, async (tx, publish) => {
    const lead = await tx
      .selectFrom('leads')
      .select(['callData', 'listKind', 'followUpDue'])
      .where('id', '=', push.leadId)
      .where('customerId', '=', push.customerId)
      .executeTakeFirst();
    if (!lead) return;
    const calls = mergeCalls(lead.callData, theirs);
    if (calls === lead.callData) return;
    await tx.updateTable('leads').set({ callData: calls }).where('id', '=', push.leadId).execute();
    if (lead.followUpDue !== null && hasCallSince(calls, await lastRecycledAt(tx, push.leadId))) {
      await markFollowed(tx, push.customerId, [push.leadId], new Date(options.now));
    }
    publish('lead.pushed', { customerId: push.customerId, listKind: lead.listKind as LeadKind, id: push.leadId });
  });
}
