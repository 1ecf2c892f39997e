import { ALL_PROJECTS_ITEM_ID, FOLLOW_UP_RECYCLE_MAX, followUpDeadline, type LeadRecycle } from '@portal/contracts/schedule';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * The follow-up clock of a lead (issue 24): started when the distribution engine gives the lead
 * to someone (at arrival, from the queue, after its number's check, by a recycle), stopped when
 * the lead is followed up. Kept apart from the sweep (sweep.ts) so that the distribution engine
 * can start it without depending on what recycles.
 */

export interface FollowUpRuleRow {
  itemId: number;
  deadlineMinutes: number;
  workingHoursOnly: number;
  recycle: number;
  recycleLimit: number;
}

/** The rule of the lead's project: its own, else the customer's rule of all projects, else none. */
export async function ruleFor(db: Db, customerId: number, itemId: number | null): Promise<FollowUpRuleRow | null> {
  const { rows } = await sql<FollowUpRuleRow>`
    select item_id, deadline_minutes, working_hours_only, recycle, recycle_limit from follow_up_rules
    where customer_id = ${customerId} and item_id in (${itemId ?? ALL_PROJECTS_ITEM_ID}, ${ALL_PROJECTS_ITEM_ID})
    order by item_id desc limit 1`.execute(db);
  return rows[0] ?? null;
}

/** The deadline of a lead given at `now` under `rule` (ISO). */
export const dueUnder = (rule: FollowUpRuleRow, now: Date): string =>
  followUpDeadline(now, rule.deadlineMinutes, rule.workingHoursOnly === 1).toISOString();

/** Starts the lead's clock under its project's rule (none: no deadline runs). */
export async function startFollowUpClock(tx: Db, customerId: number, leadId: number, itemId: number | null, now: Date): Promise<void> {
  const rule = await ruleFor(tx, customerId, itemId);
  if (!rule) return;
  await tx
    .updateTable('leads')
    .set({ followUpDue: dueUnder(rule, now), followedAt: null })
    .where('id', '=', leadId)
    .execute();
}

/**
 * The customer's leads `ids` are followed up now (read in the portal, given a remark, a CRM call
 * record): the clock of each whose deadline runs stops.
 */
export async function markFollowed(tx: Db, customerId: number, ids: readonly number[], now: Date = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .updateTable('leads')
    .set({ followedAt: now.toISOString(), followUpDue: null })
    .where('customerId', '=', customerId)
    .where('id', 'in', [...ids])
    .where('followUpDue', 'is not', null)
    .execute();
}

/** The instant (ms) of a China time 'YYYY-MM-DD HH:mm:ss' (a call's callTime, a recycle's time); NaN when not one. */
const chinaTimeMs = (text: string): number => Date.parse(`${text.trim().replace(' ', 'T')}+08:00`);

/** When the lead was last handed on by a recycle (ms), or null when it never was. */
export async function lastRecycledAt(db: Db, leadId: number): Promise<number | null> {
  const row = await db
    .selectFrom('leadRecycles')
    .select('createTime')
    .where('leadId', '=', leadId)
    .where('toUserId', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? chinaTimeMs(row.createTime) : null;
}

/**
 * Whether the lead's call records (its callData JSON: `[{id, callTime, message}]`, callTime China
 * time) hold one at or after `since` (ms; null: any): a follow-up by the receiver it was given to
 * then. A record from before a recycle was its earlier receiver's, and does not stop the clock.
 */
export function hasCallSince(callData: string | null, since: number | null): boolean {
  let calls: unknown;
  try {
    calls = JSON.parse(callData ?? '[]');
  } catch {
    return false;
  }
  if (!Array.isArray(calls)) return false;
  return calls.some((call) => {
    if (since === null) return true;
    const at = typeof call === 'object' && call !== null ? chinaTimeMs(String((call as { callTime?: unknown }).callTime ?? '')) : NaN;
    return Number.isFinite(at) && at >= since;
  });
}

/** The recycles of the customer's lead, oldest first (China time). */
export async function recyclesOf(db: Db, customerId: number, leadId: number): Promise<LeadRecycle[]> {
  const rows = await db
    .selectFrom('leadRecycles')
    .select(['createTime', 'fromName', 'toName', 'reason'])
    .where('customerId', '=', customerId)
    .where('leadId', '=', leadId)
    .orderBy('id')
    .limit(FOLLOW_UP_RECYCLE_MAX + 1)
    .execute();
  return rows.map((row) => ({ time: row.createTime, fromName: row.fromName, toName: row.toName, reason: row.reason }));
}
