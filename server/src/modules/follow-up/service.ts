import { ALL_PROJECTS_ITEM_ID, type FollowUpRule, type FollowUpRuleSave, FollowUpText } from '@portal/contracts/schedule';
import type { LeadKind } from '@portal/contracts/leads';
import type { Kysely, Updateable } from 'kysely';
import type { Database, Db, LeadsTable } from '../../db/schema';
import { notFound } from '../../http/errors';
import { toChinaDateTime } from '../../lib/time';
import type { ServerEvents } from '../../realtime/events';
import { withEvents } from '../../realtime/with-events';
import { queueFollowerChanges } from '../crm/push/outbox';
import { redistribute } from '../distribution/service';
import { createNotice } from '../messages/service';
import { moveReceiver } from '../reports/rollup';
import { dueUnder, hasCallSince, lastRecycledAt, ruleFor } from './clock';

/**
 * Follow-up deadlines and recycling (issue 24). The customer's rules (per project, or one for all
 * projects), and the sweep: a lead whose deadline has passed unfollowed notifies the customer
 * (message centre and socket) and, when its rule recycles and its recycles are under the limit,
 * is taken back from its receiver and given by the distribution engine to the next qualifying
 * person on shift (the one it was taken from left out), its clock started again; the recycle is
 * recorded (lead_recycles) and the report rollups count the lead under its new receiver. When
 * nobody qualifies, the lead stays with its receiver and its clock stops (recorded).
 */

/** The customer's rules: the one of all projects first, then by project title. */
export async function listRules(db: Db, customerId: number): Promise<FollowUpRule[]> {
  const rows = await db
    .selectFrom('followUpRules as r')
    .leftJoin('items as i', (join) => join.onRef('i.id', '=', 'r.itemId').onRef('i.customerId', '=', 'r.customerId'))
    .select(['r.itemId', 'i.title', 'r.deadlineMinutes', 'r.workingHoursOnly', 'r.recycle', 'r.recycleLimit'])
    .where('r.customerId', '=', customerId)
    .orderBy('r.itemId')
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    itemId: row.itemId,
    itemTitle: row.itemId === ALL_PROJECTS_ITEM_ID ? FollowUpText.AllProjects : (row.title ?? ''),
    deadlineMinutes: row.deadlineMinutes,
    workingHoursOnly: row.workingHoursOnly === 1,
    recycle: row.recycle === 1,
    recycleLimit: row.recycleLimit,
  }));
}

/** Saves one rule (its project must be the customer's, else 404); leads given from then on run under it. */
export async function saveRule(db: Db, customerId: number, rule: FollowUpRuleSave): Promise<FollowUpRule[]> {
  if (rule.itemId !== ALL_PROJECTS_ITEM_ID) {
    const item = await db.selectFrom('items').select('id').where('id', '=', rule.itemId).where('customerId', '=', customerId).executeTakeFirst();
    if (!item) throw notFound(FollowUpText.ItemInvalid);
  }
  const values = {
    deadlineMinutes: rule.deadlineMinutes,
    workingHoursOnly: rule.workingHoursOnly ? 1 : 0,
    recycle: rule.recycle ? 1 : 0,
    recycleLimit: rule.recycleLimit,
  };
  await db
    .insertInto('followUpRules')
    .values({ customerId, itemId: rule.itemId, ...values })
    .onConflict((oc) => oc.columns(['customerId', 'itemId']).doUpdateSet(values))
    .execute();
  return listRules(db, customerId);
}

/** Removes one rule (none: nothing changes); deadlines already running keep running. */
export async function removeRule(db: Db, customerId: number, itemId: number): Promise<FollowUpRule[]> {
  await db.deleteFrom('followUpRules').where('customerId', '=', customerId).where('itemId', '=', itemId).execute();
  return listRules(db, customerId);
}

/** The overdue lead changed between its reading and its handling (followed up, assigned by hand, another sweep). */
class Changed extends Error {}

interface Overdue {
  id: number;
  customerId: number;
  itemId: number | null;
  listKind: string;
  name: string;
  mobile: string;
  province: string | null;
  region: string | null;
  channelId: number | null;
  crmFollower: string | null;
  crmFollowerId: number | null;
  recycleCount: number;
  followUpDue: string | null;
  callData: string | null;
}

export interface FollowUpSweepResult {
  overdue: number;
  recycled: number;
}

/** One lead past its deadline, in its own transaction (its row locked and read again first). */
async function handleOverdue(db: Kysely<Database>, events: ServerEvents, leadId: number, now: Date): Promise<'recycled' | 'notified' | 'gone'> {
  let notice: { customerId: number; contents: string } | null = null;
  const outcome = await withEvents(db, events, async (tx, publish) => {
    // (The handling below runs only when the lead is still as read: else Changed, caught below.)
    const lead: Overdue | undefined = await tx
      .selectFrom('leads')
      .select([
        'id',
        'customerId',
        'itemId',
        'listKind',
        'name',
        'mobile',
        'province',
        'region',
        'channelId',
        'crmFollower',
        'crmFollowerId',
        'recycleCount',
        'followUpDue',
        'callData',
      ])
      .where('id', '=', leadId)
      .where('status', '=', 0)
      .where('followUpDue', '<=', now.toISOString())
      .executeTakeFirst();
    if (!lead) {
      // Followed meanwhile or deleted: a deleted lead's clock stops too.
      await tx.updateTable('leads').set({ followUpDue: null }).where('id', '=', leadId).where('status', '<>', 0).execute();
      return 'gone' as const;
    }
    const from = lead.crmFollower ?? '';
    const rule = await ruleFor(tx, lead.customerId, lead.itemId);
    const minutes = rule?.deadlineMinutes ?? 0;
    let contents = FollowUpText.notice(lead.name, lead.mobile, from, minutes);
    let result: 'recycled' | 'notified' = 'notified';
    // Every change of the lead is guarded by the deadline it was read with: a lead followed up or
    // handled meanwhile changes nothing (Changed rolls the whole transaction back). Not locked
    // first: the lock order stays the engine's (day state, rollups, lead) on PostgreSQL.
    const unchanged = async (change: Updateable<LeadsTable>) => {
      const result = await tx
        .updateTable('leads')
        .set(change)
        .where('id', '=', lead.id)
        .where('followUpDue', '=', lead.followUpDue)
        .where('crmFollowerId', lead.crmFollowerId === null ? 'is' : '=', lead.crmFollowerId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new Changed();
    };
    const stop = () => unchanged({ followUpDue: null });
    // A call or follow-up record from the CRM (the lead's callData) since it was given to its
    // receiver is a follow-up: no notice, the clock stops.
    if (hasCallSince(lead.callData, await lastRecycledAt(tx, lead.id))) {
      await unchanged({ followUpDue: null, followedAt: now.toISOString() });
      return 'gone' as const;
    }
    if (rule && rule.recycle === 1 && lead.recycleCount < rule.recycleLimit && lead.itemId !== null) {
      const given = await redistribute(tx, lead.customerId, { ...lead, itemId: lead.itemId }, lead.crmFollowerId, now);
      const record = {
        customerId: lead.customerId,
        leadId: lead.id,
        fromUserId: lead.crmFollowerId,
        fromName: from,
        createTime: toChinaDateTime(now.toISOString()),
      };
      if (given) {
        // The rollups first (they read the old receiver), then the lead: the lock order of a manual assignment.
        await moveReceiver(tx, lead.customerId, [lead.id], given.userName);
        await unchanged({
          crmFollower: given.userName,
          crmFollowerId: given.userId,
          recycleCount: lead.recycleCount + 1,
          followUpDue: dueUnder(rule, now),
          followedAt: null,
          readStatus: 0,
        });
        await tx
          .insertInto('leadRecycles')
          .values({ ...record, toUserId: given.userId, toName: given.userName, reason: FollowUpText.RecycleReason })
          .execute();
        // Its CRM records follow it to the new receiver where the CRM's API can (the push worker sends it).
        await queueFollowerChanges(tx, lead.customerId, lead.id, now.getTime());
        contents += FollowUpText.noticeRecycled(given.userName);
        result = 'recycled';
      } else {
        await tx
          .insertInto('leadRecycles')
          .values({ ...record, toUserId: null, toName: null, reason: FollowUpText.RecycleNobody })
          .execute();
        await stop();
        contents += FollowUpText.noticeNobody;
      }
    } else {
      await stop();
    }
    publish('lead.pushed', { customerId: lead.customerId, listKind: lead.listKind as LeadKind, id: lead.id });
    notice = { customerId: lead.customerId, contents };
    return result;
  }).catch((err: unknown) => {
    if (err instanceof Changed) return 'gone' as const;
    throw err;
  });
  // The notice after the lead's change is committed (createNotice runs its own transaction).
  const sent = notice as { customerId: number; contents: string } | null;
  if (sent) await createNotice(db, events, { customerId: sent.customerId, title: FollowUpText.NoticeTitle, contents: sent.contents });
  return outcome;
}

/**
 * One sweep: at most `limit` leads past their deadline, oldest deadline first, each handled in
 * its own transaction (handleOverdue). `now` is the tests' clock.
 */
export async function runFollowUpSweep(
  db: Kysely<Database>,
  events: ServerEvents,
  now: Date = new Date(),
  limit = 200,
): Promise<FollowUpSweepResult> {
  const due = await db
    .selectFrom('leads')
    .select('id')
    .where('followUpDue', 'is not', null)
    .where('followUpDue', '<=', now.toISOString())
    .orderBy('followUpDue')
    .limit(limit)
    .execute();
  const result: FollowUpSweepResult = { overdue: 0, recycled: 0 };
  for (const { id } of due) {
    const outcome = await handleOverdue(db, events, id, now);
    if (outcome !== 'gone') result.overdue += 1;
    if (outcome === 'recycled') result.recycled += 1;
  }
  return result;
}
