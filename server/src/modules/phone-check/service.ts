import {
  mobileStatusOfClass,
  PHONE_CHECK_CACHE_DAYS,
  PHONE_HOLD_CLASSES,
  type LeadKind,
  type PhoneClass,
  isPhoneClass,
} from '@portal/contracts/leads';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import type { ServerEvents } from '../../realtime/events';
import { type PublishAfterCommit, withEvents } from '../../realtime/with-events';
import { enqueuePushes } from '../crm/push/outbox';
import { distributeNewLead } from '../distribution/service';
import { moveReceiver } from '../reports/rollup';
import { type PhoneChecker, PhoneCheckError } from './checker';

/**
 * Phone-number classes (issue 24): each arriving lead's number is checked after the lead is
 * stored (never in the way of its arrival) by the configured checker (checker.ts), the answer
 * kept per number for PHONE_CHECK_CACHE_DAYS (a number met again within it is classed at arrival,
 * without a call), a service that cannot answer retried on RETRY_SCHEDULE_MS and then given up
 * (the number keeps its pattern class). Under the customer's hold-back setting a lead waits
 * undistributed and unpushed until its number is classed: empty and risky stay held, any other
 * class (or a check given up) goes on to distribution and push as at arrival.
 *
 * The queue is the leads themselves: `phone_check_due` (partial index) says a check is wanted
 * from then on. A pass (runPhoneChecks) claims due leads under a lease, asks the cache and then
 * the checker in batches of its batchLimit, and applies each batch's answer in one transaction.
 */

const DAY_MS = 86_400_000;
/** Waits after the 1st, 2nd... failed try; after the last the check is given up. */
export const RETRY_SCHEDULE_MS: readonly number[] = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000];
/** How long a claimed lead is left to its pass before another may claim it. */
export const CLAIM_LEASE_MS = 60_000;

const cacheSince = (now: Date): string => new Date(now.getTime() - PHONE_CHECK_CACHE_DAYS * DAY_MS).toISOString();

/** A number's class when it was checked within the cache period. */
export async function cachedClass(db: Db, phoneKey: string, now: Date): Promise<PhoneClass | null> {
  const row = await db
    .selectFrom('phoneChecks')
    .select('phoneClass')
    .where('phoneKey', '=', phoneKey)
    .where('checkedAt', '>=', cacheSince(now))
    .executeTakeFirst();
  return row && isPhoneClass(row.phoneClass) ? row.phoneClass : null;
}

export async function holdBackSetting(db: Db, customerId: number): Promise<boolean> {
  const row = await db.selectFrom('customerSettings').select('phoneHoldBack').where('customerId', '=', customerId).executeTakeFirst();
  return row?.phoneHoldBack === 1;
}

const heldByClass = (holdBack: boolean, phoneClass: PhoneClass | null): boolean =>
  holdBack && phoneClass !== null && PHONE_HOLD_CLASSES.includes(phoneClass);

/** What an arriving lead stores of its number's check, and whether it is held back for it. */
export interface ArrivalCheck {
  columns: {
    phoneClass: PhoneClass | null;
    phoneCheckedAt: string | null;
    phoneCheckDue: string | null;
    phoneHeld: 'waiting' | 'held' | null;
    mobileStatus?: number;
  };
  holdBack: boolean;
}

/**
 * At arrival, in the lead's transaction: a number in the cache is classed at once; any other is
 * queued for the checker (a number too short to have a key is not checked). Under the hold-back
 * setting the lead waits for an unknown number's class, and stays held for an empty or risky one.
 */
export async function checkAtArrival(
  tx: Db,
  customerId: number,
  phoneKey: string | null,
  now: Date,
  /** The customer's hold-back setting when the caller has read it. */
  knownHoldBack?: boolean,
): Promise<ArrivalCheck> {
  if (phoneKey === null) return { columns: { phoneClass: null, phoneCheckedAt: null, phoneCheckDue: null, phoneHeld: null }, holdBack: false };
  const known = await cachedClass(tx, phoneKey, now);
  const holdBack = knownHoldBack ?? (await holdBackSetting(tx, customerId));
  if (known) {
    const held = heldByClass(holdBack, known);
    return {
      columns: {
        phoneClass: known,
        phoneCheckedAt: now.toISOString(),
        phoneCheckDue: null,
        phoneHeld: held ? 'held' : null,
        mobileStatus: mobileStatusOfClass(known),
      },
      holdBack: held,
    };
  }
  return {
    columns: { phoneClass: null, phoneCheckedAt: null, phoneCheckDue: now.toISOString(), phoneHeld: holdBack ? 'waiting' : null },
    holdBack,
  };
}

/** The leads of `ids` (the customer's live ones, with a number) queued for a check again, their cached classes forgotten. Answers how many. */
export async function queueRecheck(db: Kysely<Database>, customerId: number, ids: readonly number[], now: Date = new Date()): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const leads = await tx
      .selectFrom('leads')
      .select(['id', 'phoneKey'])
      .where('customerId', '=', customerId)
      .where('id', 'in', [...new Set(ids)])
      .where('status', '=', 0)
      .where('phoneKey', 'is not', null)
      .execute();
    if (leads.length === 0) return 0;
    const keys = [...new Set(leads.map((lead) => lead.phoneKey as string))];
    await tx.deleteFrom('phoneChecks').where('phoneKey', 'in', keys).execute();
    await tx
      .updateTable('leads')
      .set({ phoneCheckDue: now.toISOString(), phoneCheckAttempts: 0 })
      .where('customerId', '=', customerId)
      .where(
        'id',
        'in',
        leads.map((lead) => lead.id),
      )
      .execute();
    return leads.length;
  });
}

interface Claimed {
  id: number;
  customerId: number;
  phoneKey: string;
  phoneHeld: string | null;
  phoneCheckAttempts: number;
}

/** Claims at most `limit` leads whose check is due, under a lease (PostgreSQL: rows another pass holds are skipped). */
async function claimDue(db: Kysely<Database>, now: Date, limit: number): Promise<Claimed[]> {
  return db.transaction().execute(async (tx) => {
    let query = tx
      .selectFrom('leads')
      .select(['id', 'customerId', 'phoneKey', 'phoneHeld', 'phoneCheckAttempts'])
      .where('phoneCheckDue', 'is not', null)
      .where('phoneCheckDue', '<=', now.toISOString())
      .orderBy('phoneCheckDue')
      .limit(limit);
    if (isPostgres(tx)) query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    if (rows.length === 0) return [];
    await tx
      .updateTable('leads')
      .set({ phoneCheckDue: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.filter((row): row is Claimed => row.phoneKey !== null);
  });
}

/**
 * Hands a lead held for its number's check on to distribution as if it arrived now: the engine
 * picks its receiver (or queues it), the report rollups move it from no receiver to that one,
 * and its CRM push is enqueued unless it waits. Lock order as manual assignment's: the day's
 * state row, then the rollups, then the lead.
 */
async function release(tx: Transaction<Database>, publish: PublishAfterCommit, leadId: number, now: Date): Promise<void> {
  const lead = await tx
    .selectFrom('leads')
    .select(['id', 'customerId', 'itemId', 'province', 'region', 'channelId', 'listKind', 'status', 'crmFollower'])
    .where('id', '=', leadId)
    .executeTakeFirstOrThrow();
  // Deleted meanwhile, or given a receiver by hand: only no longer held.
  if (lead.status !== 0 || lead.crmFollower !== null) {
    await tx.updateTable('leads').set({ phoneHeld: null }).where('id', '=', lead.id).execute();
    return;
  }
  const where = { province: lead.province, region: lead.region, channelId: lead.channelId };
  let chosen: { userId: number; userName: string } | null = null;
  const distribution =
    lead.itemId === null
      ? null
      : await distributeNewLead(
          tx,
          lead.customerId,
          {
            ...where,
            itemId: lead.itemId,
            insert: async (receiver) => {
              chosen = receiver;
              return lead.id;
            },
          },
          now,
        );
  const receiver = chosen as { userId: number; userName: string } | null;
  if (receiver) await moveReceiver(tx, lead.customerId, [lead.id], receiver.userName);
  await tx
    .updateTable('leads')
    .set({ phoneHeld: null, ...(receiver ? { crmFollower: receiver.userName, crmFollowerId: receiver.userId } : {}) })
    .where('id', '=', lead.id)
    .execute();
  if (!distribution || distribution.pushNow) {
    await enqueuePushes(tx, lead.customerId, [{ id: lead.id, ...where }], 'auto', {
      crmCodes: distribution?.syncedCrms,
      selected: distribution?.selectedBy,
      now: now.getTime(),
    });
  }
  publish('lead.pushed', { customerId: lead.customerId, listKind: lead.listKind as LeadKind, id: lead.id });
  for (const older of distribution?.drained ?? []) publish('lead.pushed', { customerId: lead.customerId, ...older });
}

/** Applies one batch's classes: the leads classed, the cache filled, waiting leads held or released. */
async function applyClasses(
  db: Kysely<Database>,
  events: ServerEvents,
  leads: readonly Claimed[],
  classes: ReadonlyMap<string, PhoneClass>,
  now: Date,
) {
  await withEvents(db, events, async (tx, publish) => {
    const checkedAt = now.toISOString();
    for (const [phoneKey, phoneClass] of classes) {
      await tx
        .insertInto('phoneChecks')
        .values({ phoneKey, phoneClass, checkedAt })
        .onConflict((oc) => oc.column('phoneKey').doUpdateSet({ phoneClass, checkedAt }))
        .execute();
    }
    const holdBack = new Map<number, boolean>();
    for (const lead of leads) {
      const phoneClass = classes.get(lead.phoneKey);
      if (!phoneClass) continue;
      await tx
        .updateTable('leads')
        .set({ phoneClass, phoneCheckedAt: checkedAt, mobileStatus: mobileStatusOfClass(phoneClass), phoneCheckDue: null, phoneCheckAttempts: 0 })
        .where('id', '=', lead.id)
        .execute();
      if (lead.phoneHeld !== 'waiting') {
        publish('lead.pushed', { customerId: lead.customerId, listKind: await listKindOf(tx, lead.id), id: lead.id });
        continue;
      }
      if (!holdBack.has(lead.customerId)) holdBack.set(lead.customerId, await holdBackSetting(tx, lead.customerId));
      if (heldByClass(holdBack.get(lead.customerId) === true, phoneClass)) {
        await tx.updateTable('leads').set({ phoneHeld: 'held' }).where('id', '=', lead.id).execute();
        publish('lead.pushed', { customerId: lead.customerId, listKind: await listKindOf(tx, lead.id), id: lead.id });
      } else {
        await release(tx, publish, lead.id, now);
      }
    }
  });
}

const listKindOf = async (tx: Db, id: number): Promise<LeadKind> =>
  (await tx.selectFrom('leads').select('listKind').where('id', '=', id).executeTakeFirstOrThrow()).listKind as LeadKind;

/** A failed batch: each lead's next try on the schedule (or the service's Retry-After when later); past the schedule the check is given up and a waiting lead released. */
async function applyFailure(
  db: Kysely<Database>,
  events: ServerEvents,
  leads: readonly Claimed[],
  error: PhoneCheckError,
  now: Date,
  random: () => number,
) {
  await withEvents(db, events, async (tx, publish) => {
    for (const lead of leads) {
      const attempts = lead.phoneCheckAttempts + 1;
      if (attempts > RETRY_SCHEDULE_MS.length) {
        await tx.updateTable('leads').set({ phoneCheckDue: null, phoneCheckAttempts: attempts }).where('id', '=', lead.id).execute();
        if (lead.phoneHeld === 'waiting') await release(tx, publish, lead.id, now);
        continue;
      }
      // Up to a fifth more, so that leads failed together do not come back together.
      const wait = Math.max(RETRY_SCHEDULE_MS[attempts - 1] * (1 + random() / 5), error.retryAfterMs ?? 0);
      await tx
        .updateTable('leads')
        .set({ phoneCheckDue: new Date(now.getTime() + wait).toISOString(), phoneCheckAttempts: attempts })
        .where('id', '=', lead.id)
        .execute();
    }
  });
}

export interface PhoneCheckPassOptions {
  now?: Date;
  /** Leads claimed by one pass. */
  limit?: number;
  /** Calls one pass makes at most (the loop runs a pass a second: the service's calls per second). */
  maxCalls?: number;
  random?: () => number;
}

export interface PhoneCheckPassResult {
  claimed: number;
  classed: number;
  fromCache: number;
  failed: number;
  calls: number;
}

/**
 * One pass of the checker: claims due leads, classes the numbers the cache knows, asks the
 * checker for the others (at most its batchLimit a call, at most `maxCalls` calls), and applies
 * each answer or failure. Leads claimed but not reached by the calls allowed go back at once.
 */
export async function runPhoneChecks(
  db: Kysely<Database>,
  events: ServerEvents,
  checker: PhoneChecker,
  { now = new Date(), limit = 500, maxCalls = Math.max(1, checker.callsPerSecond), random = Math.random }: PhoneCheckPassOptions = {},
): Promise<PhoneCheckPassResult> {
  const result: PhoneCheckPassResult = { claimed: 0, classed: 0, fromCache: 0, failed: 0, calls: 0 };
  const claimed = await claimDue(db, now, limit);
  result.claimed = claimed.length;
  if (claimed.length === 0) return result;

  const byKey = new Map<string, Claimed[]>();
  for (const lead of claimed) byKey.set(lead.phoneKey, [...(byKey.get(lead.phoneKey) ?? []), lead]);
  const cached = await db
    .selectFrom('phoneChecks')
    .select(['phoneKey', 'phoneClass'])
    .where('phoneKey', 'in', [...byKey.keys()])
    .where('checkedAt', '>=', cacheSince(now))
    .execute();
  const known = new Map(cached.filter((row) => isPhoneClass(row.phoneClass)).map((row) => [row.phoneKey, row.phoneClass as PhoneClass]));
  if (known.size > 0) {
    const leads = [...known.keys()].flatMap((key) => byKey.get(key) ?? []);
    await applyClasses(db, events, leads, known, now);
    result.fromCache = leads.length;
    result.classed += leads.length;
  }

  const unknown = [...byKey.keys()].filter((key) => !known.has(key));
  for (let start = 0; start < unknown.length; start += checker.batchLimit) {
    const keys = unknown.slice(start, start + checker.batchLimit);
    const leads = keys.flatMap((key) => byKey.get(key) ?? []);
    if (result.calls >= maxCalls) {
      // Over this pass's calls: due again at once, for the next pass.
      await db
        .updateTable('leads')
        .set({ phoneCheckDue: now.toISOString() })
        .where(
          'id',
          'in',
          leads.map((lead) => lead.id),
        )
        .execute();
      continue;
    }
    result.calls += 1;
    try {
      const classes = await checker.check(keys);
      await applyClasses(db, events, leads, classes, now);
      result.classed += leads.length;
    } catch (err) {
      if (!(err instanceof PhoneCheckError)) throw err;
      await applyFailure(db, events, leads, err, now, random);
      result.failed += leads.length;
    }
  }
  return result;
}
