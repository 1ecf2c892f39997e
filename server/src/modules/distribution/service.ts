import { CRM_CODES, type CrmCode } from '@portal/contracts';
import { LeadApiMessage, type LeadKind } from '@portal/contracts/leads';
import { DistributionType } from '@portal/contracts/crm';
import {
  DistributionStatus,
  type LeadDistribution,
  parseTimeStr,
  type TimeRange,
  WaitReason,
  distributionSkipSchema,
} from '@portal/contracts/schedule';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { notFound } from '../../http/errors';
import { chinaToday, toChinaDateTime } from '../../lib/time';
import type { ServerEvents } from '../../realtime/events';
import { withEvents } from '../../realtime/with-events';
import { enqueuePushes, type OutboxLead, provinceOfLead, provincesOf } from '../crm/push/outbox';
import { recyclesOf, startFollowUpClock } from '../follow-up/clock';
import * as leadsRepo from '../leads/repo';
import { moveReceiver } from '../reports/rollup';
import { type Candidate, type Decision, decide } from './engine';
import * as repo from './repo';
import { type DayState, groupKeyOf, parseState, stringifyState } from './state';

/**
 * Distribution: who receives a new lead (issue 12, the brief's semantics).
 *
 * The customer's active CRM (the first of CRM_CODES with sync on) and its rule pick the receiving
 * group (type 0: the day's whole list; 1: the area row holding the lead's province; 2: the
 * channel-type row of the lead's channel); today's rows (China day) of the lead's project for that
 * CRM and group take leads in rounds (engine.ts). The day's state row is the lock: concurrent
 * ingestions of one project take turns on it, so no cap is exceeded and no turn skipped.
 *
 * - Given: the person is the lead's receiver (crmFollower, crmFollowerId) and the CRM push goes out.
 * - Waiting (rows today, nobody qualifies now): the lead queues, first in first out per project and
 *   group, its push held back; it is handed over when someone qualifies (a later lead of its group,
 *   the sweep's timer, a saved schedule) or leaves the queue when assigned by hand.
 * - Skipped (no synced CRM, the rule matched no group, no rows today): pushed at once as before.
 *
 * Every lead gets its record (lead_distributions): why it went to whom, or why not.
 *
 * Lock order, so that PostgreSQL never deadlocks: the day's state row; then the queue rows and
 * lead rows of every waiting lead handed over; then the report rollups. Manual assignment takes
 * its leads' queue rows before the rollups and leads (leaveQueue first); ingestion counts the
 * arrival (rollups) after distributing.
 */

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Minute of the China day (0..1439) at `now`. */
export const chinaMinute = (now: Date): number => Math.floor(((((now.getTime() + CHINA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
const chinaTime = (now: Date): string => toChinaDateTime(now.toISOString());

/** What the engine looks at in an arriving lead. */
export interface DistributableLead {
  /**
   * Stores the lead with its receiver (null: none) and answers its id: called once, after the
   * decision, so that the lead is written with its receiver in one statement.
   */
  insert(receiver: { userId: number; userName: string } | null): Promise<number>;
  itemId: number;
  province: string | null;
  region: string | null;
  channelId: number | null;
  /** The channel's type when the caller has it (else read for a rule by channel type). */
  channelType?: number | null;
}

/** What ingestion does next with a distributed lead. */
export interface NewLeadDistribution {
  /** False while the lead waits: its CRM push is held back. */
  pushNow: boolean;
  /** The stored lead's id. */
  id: number;
  /** The receiver's name, to count the arrival under (null: none). */
  receiver: string | null;
  /** The customer's CRMs with sync on (read here; the push takes them). */
  syncedCrms: CrmCode[];
  /** The CRMs whose rules select the lead (the active one's rule gave it a group): the push need not read them again. */
  selectedBy: CrmCode[];
  /** Older leads of its group handed over first (first in first out): the lists showing them refresh. */
  drained: Array<{ id: number; listKind: LeadKind }>;
}

/** The receiving group a lead goes to under the active CRM's rule. */
interface Route {
  crmCode: CrmCode;
  ruleType: number;
  acceptGroupId: number | null;
  acceptGroupName: string | null;
}
type Routing = { route: Route } | { reason: WaitReason; crmCode: CrmCode | null; ruleType: number | null };

async function routeOf(tx: Db, customerId: number, lead: DistributableLead, rules: readonly repo.RuleRow[]): Promise<Routing> {
  const crmCode = CRM_CODES.find((code) => rules.some((row) => row.crmCode === code));
  if (!crmCode) return { reason: WaitReason.NoSyncedCrm, crmCode: null, ruleType: null };
  const rows = rules.filter((row) => row.crmCode === crmCode);
  const ruleType = rows[0].type ?? DistributionType.Unlimited;
  let row: repo.RuleRow | undefined;
  if (ruleType === DistributionType.ByRegion) {
    const province = provinceOfLead(lead);
    row = province === null ? undefined : rows.find((rule) => provincesOf(rule.provinceList).includes(province));
  } else if (ruleType === DistributionType.ByChannelType) {
    const channelType =
      lead.channelId === null ? null : lead.channelType !== undefined ? lead.channelType : await repo.channelTypeOf(tx, customerId, lead.channelId);
    row = channelType === null ? undefined : rows.find((rule) => rule.channelType === channelType);
  } else {
    return { route: { crmCode, ruleType, acceptGroupId: null, acceptGroupName: null } };
  }
  if (!row?.acceptGroupId) return { reason: WaitReason.NoGroup, crmCode, ruleType };
  return { route: { crmCode, ruleType, acceptGroupId: row.acceptGroupId, acceptGroupName: row.groupName ?? null } };
}

/** Parsed time ranges by timeStr: a day's few distinct strings parse once. */
const rangesCache = new Map<string, readonly TimeRange[] | null>();
function rangesOf(timeStr: string): readonly TimeRange[] | null {
  let ranges = rangesCache.get(timeStr);
  if (ranges === undefined) {
    const parsed = parseTimeStr(timeStr);
    ranges = parsed.ok ? parsed.ranges : null;
    if (rangesCache.size >= 1000) rangesCache.clear();
    rangesCache.set(timeStr, ranges);
  }
  return ranges;
}

/** A group's turn in one transaction: the day's locked state and the group's list at this minute. */
interface Session {
  state: DayState;
  groupKey: string;
  candidates: Candidate[];
  minute: number;
  changed: boolean;
}

async function openSession(
  tx: Db,
  day: repo.DayKey,
  acceptGroupId: number | null,
  rows: Awaited<ReturnType<typeof repo.dayRows>>,
  now: Date,
): Promise<Session> {
  const state = parseState(await repo.lockDay(tx, day));
  const candidates = rows.map((row) => ({ ...row, ranges: rangesOf(row.timeStr) }));
  return { state, groupKey: String(groupKeyOf(acceptGroupId)), candidates, minute: chinaMinute(now), changed: false };
}

const nextTurn = (session: Session): Decision =>
  decide({ candidates: session.candidates, cursor: session.state.turns[session.groupKey], counts: session.state.counts, minute: session.minute });

function take(session: Session, decision: Decision & { given: object }): void {
  session.state.turns[session.groupKey] = decision.cursor;
  session.state.counts[decision.given.userId] = (session.state.counts[decision.given.userId] ?? 0) + 1;
  session.changed = true;
}

function markWaiting(session: Session, waiting: boolean): void {
  if (session.state.waiting === waiting) return;
  session.state.waiting = waiting;
  session.changed = true;
}

const receiverOf = (given: { userId: number; userName: string }) => ({
  crmFollower: given.userName,
  crmFollowerId: given.userId,
  channelSourceCode: null,
});

/** A waiting lead (out of the queue, its row locked) given to the decision's person: receiver, rollups, record, push. */
async function handOver(
  tx: Db,
  customerId: number,
  lead: repo.WaitingLead,
  decision: Decision & { given: object },
  now: Date,
  crmCodes?: readonly CrmCode[],
): Promise<void> {
  const { given, skipped } = decision;
  await moveReceiver(tx, customerId, [lead.leadId], given.userName);
  await leadsRepo.assignLeads(tx, customerId, [lead.leadId], receiverOf(given));
  await startFollowUpClock(tx, customerId, lead.leadId, lead.itemId, now);
  await repo.updateRecords(tx, customerId, [lead.leadId], {
    status: DistributionStatus.Assigned,
    userId: given.userId,
    userName: given.userName,
    round: given.round,
    reason: null,
    skipped: JSON.stringify(skipped),
    assignTime: chinaTime(now),
  });
  await enqueuePushes(tx, customerId, [{ id: lead.leadId, province: lead.province, region: lead.region, channelId: lead.channelId }], 'auto', {
    ...(crmCodes ? { crmCodes } : {}),
    now: now.getTime(),
  });
}

/**
 * In the ingestion transaction `tx`, before the arrival is counted (the answer's receiver is the
 * one to count it under): the active CRM's rule picks the group, today's schedule of the lead's
 * project gives it to the person whose turn it is, or it waits in the project's queue behind the
 * older leads of its group (which are tried first, so a new lead never overtakes one). Answers
 * whether the CRM push may be enqueued now (not while it waits).
 */
export async function distributeNewLead(tx: Db, customerId: number, lead: DistributableLead, now: Date = new Date()): Promise<NewLeadDistribution> {
  const rules = await repo.syncedRules(tx, customerId);
  const syncedCrms = CRM_CODES.filter((code) => rules.some((row) => row.crmCode === code));
  const record = {
    customerId,
    userId: null,
    userName: null,
    round: null,
    skipped: '[]',
    createTime: chinaTime(now),
    assignTime: null,
  };
  const pushed = { pushNow: true, receiver: null, syncedCrms, selectedBy: [], drained: [] };

  const routing = await routeOf(tx, customerId, lead, rules);
  if ('reason' in routing) {
    const { reason, crmCode, ruleType } = routing;
    const id = await lead.insert(null);
    await repo.insertRecord(tx, {
      ...record,
      leadId: id,
      status: DistributionStatus.Skipped,
      crmCode,
      ruleType,
      acceptGroupId: null,
      acceptGroupName: null,
      reason,
    });
    return { ...pushed, id };
  }
  const { route } = routing;
  const selectedBy = [route.crmCode];
  const routed = {
    ...record,
    crmCode: route.crmCode,
    ruleType: route.ruleType,
    acceptGroupId: route.acceptGroupId,
    acceptGroupName: route.acceptGroupName,
  };
  const day = { customerId, crmCode: route.crmCode, itemId: lead.itemId, date: chinaToday(now) };
  const rows = await repo.dayRows(tx, day, route.acceptGroupId);
  if (rows.length === 0) {
    const id = await lead.insert(null);
    await repo.insertRecord(tx, { ...routed, leadId: id, status: DistributionStatus.Skipped, reason: WaitReason.NotScheduled });
    return { ...pushed, id, selectedBy };
  }

  const session = await openSession(tx, day, route.acceptGroupId, rows, now);
  // First in first out: the group's older waiting leads go first; the first that still waits blocks the rest.
  const drained: NewLeadDistribution['drained'] = [];
  let blocked: Decision | null = null;
  const group = { crmCode: route.crmCode, itemId: lead.itemId, acceptGroupId: route.acceptGroupId };
  // The day's state knows when no lead of the project waits (the common case): no look-up then.
  if (session.state.waiting !== false) markWaiting(session, await repo.anyWaiting(tx, customerId, lead.itemId, route.crmCode));
  const waiting = session.state.waiting ? await repo.waitingLeads(tx, customerId, { group }) : [];
  await repo.dropFromQueue(
    tx,
    customerId,
    waiting.filter((older) => !older.open).map((older) => older.queueId),
  );
  // Every lead given is out of the queue and locked before any is handed over (the lock order).
  const given: Array<{ older: repo.WaitingLead; decision: Decision & { given: object } }> = [];
  for (const older of waiting.filter((row) => row.open)) {
    const decision = nextTurn(session);
    if (!decision.given) {
      blocked = decision;
      break;
    }
    if (!(await repo.takeFromQueue(tx, customerId, older))) continue;
    take(session, decision);
    given.push({ older, decision });
  }
  for (const { older, decision } of given) {
    await handOver(tx, customerId, older, decision, now, syncedCrms);
    drained.push({ id: older.leadId, listKind: older.listKind as LeadKind });
  }

  const decision = blocked ?? nextTurn(session);
  if (decision.given) take(session, decision);
  else markWaiting(session, true);
  if (session.changed) await repo.saveDay(tx, day, stringifyState(session.state));
  const skipped = JSON.stringify(decision.skipped);
  if (!decision.given) {
    const id = await lead.insert(null);
    await repo.insertRecord(tx, { ...routed, leadId: id, status: DistributionStatus.Waiting, reason: WaitReason.NobodyQualifies, skipped });
    await repo.enqueue(tx, { customerId, crmCode: route.crmCode, itemId: lead.itemId, leadId: id, enqueuedAt: now.getTime() });
    return { pushNow: false, id, receiver: null, syncedCrms, selectedBy, drained };
  }
  const { userId, userName, round } = decision.given;
  const id = await lead.insert({ userId, userName });
  // The receiver's follow-up deadline runs from now (the project's rule; none: no deadline).
  await startFollowUpClock(tx, customerId, id, lead.itemId, now);
  await repo.insertRecord(tx, {
    ...routed,
    leadId: id,
    status: DistributionStatus.Assigned,
    userId,
    userName,
    round,
    reason: null,
    skipped,
    assignTime: record.createTime,
  });
  return { pushNow: true, id, receiver: userName, syncedCrms, selectedBy, drained };
}

/**
 * Hands waiting leads of the customer's projects (`itemIds`, or all) to whoever now qualifies, in
 * arrival order, each in its own transaction with its CRM push; a group whose oldest lead still
 * waits is not tried further (first in first out). Publishes `lead.pushed` for each lead given
 * (the lists showing it refresh). Answers how many were given.
 */
export async function drainQueue(
  db: Kysely<Database>,
  events: ServerEvents,
  customerId: number,
  itemIds?: readonly number[],
  now: Date = new Date(),
): Promise<number> {
  if (itemIds && itemIds.length === 0) return 0;
  const waiting = await repo.waitingLeads(db, customerId, { itemIds });
  await repo.dropFromQueue(
    db,
    customerId,
    waiting.filter((lead) => !lead.open).map((lead) => lead.queueId),
  );
  const blocked = new Set<string>();
  let given = 0;
  for (const lead of waiting) {
    const group = JSON.stringify([lead.crmCode, lead.itemId, lead.acceptGroupId]);
    if (!lead.open || blocked.has(group)) continue;
    const outcome = await withEvents(db, events, async (tx, publish) => {
      const day = { customerId, crmCode: lead.crmCode, itemId: lead.itemId, date: chinaToday(now) };
      const rows = await repo.dayRows(tx, day, lead.acceptGroupId);
      if (rows.length === 0) return 'waiting';
      const session = await openSession(tx, day, lead.acceptGroupId, rows, now);
      const decision = nextTurn(session);
      if (!decision.given) return 'waiting';
      if (!(await repo.takeFromQueue(tx, customerId, lead))) return 'gone';
      take(session, decision);
      await repo.saveDay(tx, day, stringifyState(session.state));
      await handOver(tx, customerId, lead, decision, now);
      publish('lead.pushed', { customerId, listKind: lead.listKind as LeadKind, id: lead.leadId });
      return 'given';
    });
    if (outcome === 'waiting') blocked.add(group);
    if (outcome === 'given') given += 1;
  }
  return given;
}

/**
 * In the manual assignment's transaction: the leads of `leadIds` that wait leave the queue
 * (recorded as assigned by hand). Answers them, with what the push rules read: their CRM push was
 * held back (modes 1 and 2 enqueue it now; mode 3 pushes them itself).
 */
export async function leaveQueue(tx: Db, customerId: number, leadIds: readonly number[], now: Date = new Date()): Promise<OutboxLead[]> {
  const left = await repo.leaveQueue(tx, customerId, leadIds);
  await repo.updateRecords(
    tx,
    customerId,
    left.map((lead) => lead.id),
    { status: DistributionStatus.Manual, reason: null, assignTime: chinaTime(now) },
  );
  return left;
}

/**
 * A lead taken back from its receiver (a recycle, issue 24), in the caller's transaction: the
 * engine gives it to the next qualifying person on shift of its group today, the receiver it was
 * taken from left out, and its record says so. Answers that person, or null when nobody
 * qualifies now (nothing changed). The caller moves the rollups and the lead.
 */
export async function redistribute(
  tx: Db,
  customerId: number,
  lead: { id: number; itemId: number; province: string | null; region: string | null; channelId: number | null },
  excludeUserId: number | null,
  now: Date,
): Promise<{ userId: number; userName: string; round: number } | null> {
  const rules = await repo.syncedRules(tx, customerId);
  const routing = await routeOf(tx, customerId, { ...lead, insert: async () => lead.id }, rules);
  if ('reason' in routing) return null;
  const { route } = routing;
  const day = { customerId, crmCode: route.crmCode, itemId: lead.itemId, date: chinaToday(now) };
  const rows = (await repo.dayRows(tx, day, route.acceptGroupId)).filter((row) => row.userId !== excludeUserId);
  if (rows.length === 0) return null;
  const session = await openSession(tx, day, route.acceptGroupId, rows, now);
  const decision = nextTurn(session);
  if (!decision.given) return null;
  take(session, decision);
  await repo.saveDay(tx, day, stringifyState(session.state));
  const { userId, userName, round } = decision.given;
  await repo.updateRecords(tx, customerId, [lead.id], {
    status: DistributionStatus.Assigned,
    userId,
    userName,
    round,
    reason: null,
    skipped: JSON.stringify(decision.skipped),
    assignTime: chinaTime(now),
  });
  return decision.given;
}

/** Every customer's waiting leads, tried once (the sweep). Answers how many were given. */
export async function drainAll(db: Kysely<Database>, events: ServerEvents, now: Date = new Date()): Promise<number> {
  let given = 0;
  for (const customerId of await repo.customersWaiting(db)) given += await drainQueue(db, events, customerId, undefined, now);
  return given;
}

const skipsOf = (text: string | null): LeadDistribution['skipped'] => {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((skip) => distributionSkipSchema.safeParse(skip).success) : [];
  } catch {
    return [];
  }
};

/** The record of the customer's lead `leadId` (null when the engine never saw it); 404 '数据不存在' when not theirs. */
export async function leadRecord(db: Db, customerId: number, leadId: number): Promise<LeadDistribution | null> {
  const row = await repo.findLeadRecord(db, customerId, leadId);
  if (!row) throw notFound(LeadApiMessage.NotFound);
  if (row.leadId === null || row.status === null || row.createTime === null) return null;
  return {
    leadId: row.leadId,
    status: row.status as LeadDistribution['status'],
    crmCode: row.crmCode,
    ruleType: row.ruleType,
    acceptGroupId: row.acceptGroupId,
    acceptGroupName: row.acceptGroupName,
    userId: row.userId,
    userName: row.userName,
    round: row.round,
    reason: row.reason as LeadDistribution['reason'],
    skipped: skipsOf(row.skipped),
    createTime: row.createTime,
    assignTime: row.assignTime,
    recycles: await recyclesOf(db, customerId, leadId),
    crmFollowerChanges: (
      await db
        .selectFrom('crmFollowerChanges')
        .select(['crmCode', 'status', 'lastReason', 'createTime', 'doneAt'])
        .where('customerId', '=', customerId)
        .where('leadId', '=', leadId)
        .orderBy('crmCode')
        .execute()
    ).map((change) => ({ crmCode: change.crmCode, status: change.status, reason: change.lastReason, time: change.doneAt ?? change.createTime })),
    followUpDue: row.followUpDue ? toChinaDateTime(row.followUpDue) : null,
  };
}
