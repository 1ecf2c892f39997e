import { LeadStatus } from '@portal/contracts';
import { DistributionType } from '@portal/contracts/crm';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Queries of the distribution engine, each scoped by the customer: the active CRM's rule, a
 * day's rows, the day's state row (the lock), the queue and the records.
 */

const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The customer's CRMs with sync on, each with its rule's type (null: none saved) and, for a rule
 * by region (1) or channel type (2), its rows of that kind in their order with their group's name:
 * one row per rule row (or one with null row fields), in one query.
 */
export const syncedRules = (db: Db, customerId: number) =>
  db
    .selectFrom('crmAccounts as a')
    .leftJoin('distributeRules as r', (join) => join.onRef('r.customerId', '=', 'a.customerId').onRef('r.crmCode', '=', 'a.crmCode'))
    .leftJoin('distributeRuleRows as row', (join) =>
      join
        .onRef('row.customerId', '=', 'a.customerId')
        .onRef('row.crmCode', '=', 'a.crmCode')
        .on((eb) =>
          eb.or([
            eb.and([eb('r.type', '=', DistributionType.ByRegion), eb('row.kind', '=', 'area')]),
            eb.and([eb('r.type', '=', DistributionType.ByChannelType), eb('row.kind', '=', 'channelType')]),
          ]),
        ),
    )
    .leftJoin('acceptGroups as g', (join) => join.onRef('g.id', '=', 'row.acceptGroupId').onRef('g.customerId', '=', 'a.customerId'))
    .select(['a.crmCode', 'r.type', 'row.acceptGroupId', 'row.provinceList', 'row.channelType', 'g.name as groupName'])
    .where('a.customerId', '=', customerId)
    .where('a.sync', '=', 1)
    .orderBy('row.sort')
    .orderBy('row.id')
    .execute();
export type RuleRow = Awaited<ReturnType<typeof syncedRules>>[number];

export async function channelTypeOf(db: Db, customerId: number, channelId: number): Promise<number | null> {
  const row = await db
    .selectFrom('channels')
    .select('channelType')
    .where('customerId', '=', customerId)
    .where('id', '=', channelId)
    .executeTakeFirst();
  return row?.channelType ?? null;
}

/** Where a project's day is distributed: the CRM's rows of that project and China day. */
export interface DayKey {
  customerId: number;
  crmCode: string;
  itemId: number;
  date: string;
}

/** The day's rows (all, or one accept group's) in drag order, with the staff member's name. */
export function dayRows(db: Db, day: DayKey, acceptGroupId: number | null) {
  let query = db
    .selectFrom('dailyArrangements as d')
    .innerJoin('crmUsers as u', 'u.id', 'd.userId')
    .select(['d.userId', 'u.userName', 'd.dataNum', 'd.dataNumLimit', 'd.timeStr'])
    .where('d.customerId', '=', day.customerId)
    .where('d.crmCode', '=', day.crmCode)
    .where('d.itemId', '=', day.itemId)
    .where('d.date', '=', day.date);
  if (acceptGroupId !== null) query = query.where('d.acceptGroupId', '=', acceptGroupId);
  return query.orderBy('d.sort').orderBy('d.id').execute();
}

/**
 * The day's state, its row made when missing and locked until the transaction ends: one upsert
 * that rewrites the state with itself and returns it. On PostgreSQL the upsert holds the row lock
 * (a concurrent one waits, then reads the state committed before it); SQLite runs one
 * transaction at a time on its one connection (Kysely queues the others).
 */
export async function lockDay(db: Db, day: DayKey): Promise<string> {
  const row = await db
    .insertInto('distributionDays')
    .values({ ...day, state: '{}' })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode', 'itemId', 'date']).doUpdateSet((eb) => ({ state: eb.ref('distributionDays.state') })))
    .returning('state')
    .executeTakeFirstOrThrow();
  return row.state;
}

export async function saveDay(db: Db, day: DayKey, state: string): Promise<void> {
  await db
    .updateTable('distributionDays')
    .set({ state })
    .where('customerId', '=', day.customerId)
    .where('crmCode', '=', day.crmCode)
    .where('itemId', '=', day.itemId)
    .where('date', '=', day.date)
    .execute();
}

/** A waiting lead, with what the push rules and the lists' event need, and the group it waits for. */
export interface WaitingLead {
  queueId: number;
  leadId: number;
  crmCode: string;
  itemId: number;
  acceptGroupId: number | null;
  listKind: string;
  province: string | null;
  region: string | null;
  channelId: number | null;
  /** Still a live lead without receiver: else it leaves the queue. */
  open: boolean;
}

/** The customer's waiting leads (of `itemIds`, or of one project's CRM and group), first in first out. */
export async function waitingLeads(
  db: Db,
  customerId: number,
  filter: { itemIds?: readonly number[]; group?: { crmCode: string; itemId: number; acceptGroupId: number | null } },
): Promise<WaitingLead[]> {
  let query = db
    .selectFrom('distributionQueue as q')
    .innerJoin('leads as l', 'l.id', 'q.leadId')
    .innerJoin('leadDistributions as d', 'd.leadId', 'q.leadId')
    .select(['q.id as queueId', 'q.leadId', 'q.crmCode', 'q.itemId', 'd.acceptGroupId', 'l.listKind', 'l.province', 'l.region', 'l.channelId'])
    .select(['l.status', 'l.crmFollower', 'l.crmPushed'])
    .where('q.customerId', '=', customerId);
  if (filter.itemIds) query = query.where('q.itemId', 'in', [...filter.itemIds]);
  if (filter.group) {
    const { crmCode, itemId, acceptGroupId } = filter.group;
    query = query.where('q.itemId', '=', itemId).where('q.crmCode', '=', crmCode);
    query = acceptGroupId === null ? query.where('d.acceptGroupId', 'is', null) : query.where('d.acceptGroupId', '=', acceptGroupId);
  }
  const rows = await query.orderBy('q.id').execute();
  return rows.map(({ status, crmFollower, crmPushed, ...row }) => ({
    ...row,
    open: status === LeadStatus.Normal && !crmFollower && !crmPushed,
  }));
}

/** Whether any lead of the project's CRM waits (the common answer, no, in one cheap lookup). */
export async function anyWaiting(db: Db, customerId: number, itemId: number, crmCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('distributionQueue')
    .select('id')
    .where('customerId', '=', customerId)
    .where('itemId', '=', itemId)
    .where('crmCode', '=', crmCode)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the lead just stored in this transaction its receiver. */
export async function setReceiver(db: Db, customerId: number, leadId: number, receiver: { userId: number; userName: string }): Promise<void> {
  await db
    .updateTable('leads')
    .set({ crmFollower: receiver.userName, crmFollowerId: receiver.userId })
    .where('id', '=', leadId)
    .where('customerId', '=', customerId)
    .execute();
}

/**
 * Takes a waiting lead out of the queue, and (PostgreSQL) locks its row so nothing else changes
 * it before the transaction ends; answers false when it is no longer waiting or no longer open.
 */
export async function takeFromQueue(db: Db, customerId: number, lead: WaitingLead): Promise<boolean> {
  const removed = await db.deleteFrom('distributionQueue').where('id', '=', lead.queueId).where('customerId', '=', customerId).executeTakeFirst();
  if (Number(removed.numDeletedRows) !== 1) return false;
  let query = db
    .selectFrom('leads')
    .select(['status', 'crmFollower', 'crmPushed'])
    .where('customerId', '=', customerId)
    .where('id', '=', lead.leadId);
  if (isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return Boolean(row && row.status === LeadStatus.Normal && !row.crmFollower && !row.crmPushed);
}

export async function dropFromQueue(db: Db, customerId: number, queueIds: readonly number[]): Promise<void> {
  if (queueIds.length === 0) return;
  await db
    .deleteFrom('distributionQueue')
    .where('customerId', '=', customerId)
    .where('id', 'in', [...queueIds])
    .execute();
}

export async function enqueue(
  db: Db,
  row: { customerId: number; crmCode: string; itemId: number; leadId: number; enqueuedAt: number },
): Promise<void> {
  await db.insertInto('distributionQueue').values(row).execute();
}

/** Takes the leads of `leadIds` that wait out of the queue; answers them with what the push rules read. */
export async function leaveQueue(db: Db, customerId: number, leadIds: readonly number[]) {
  if (leadIds.length === 0) return [];
  const removed = await db
    .deleteFrom('distributionQueue')
    .where('customerId', '=', customerId)
    .where('leadId', 'in', [...leadIds])
    .returning('leadId')
    .execute();
  if (removed.length === 0) return [];
  return db
    .selectFrom('leads')
    .select(['id', 'province', 'region', 'channelId'])
    .where('customerId', '=', customerId)
    .where(
      'id',
      'in',
      removed.map((row) => row.leadId),
    )
    .orderBy('id')
    .execute();
}

/** Customers with leads waiting (the sweep's round). */
export async function customersWaiting(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('distributionQueue').select('customerId').distinct().orderBy('customerId').execute();
  return rows.map((row) => row.customerId);
}

export type NewRecord = {
  leadId: number;
  customerId: number;
  status: string;
  crmCode: string | null;
  ruleType: number | null;
  acceptGroupId: number | null;
  acceptGroupName: string | null;
  userId: number | null;
  userName: string | null;
  round: number | null;
  reason: string | null;
  skipped: string;
  createTime: string;
  assignTime: string | null;
};

export async function insertRecord(db: Db, record: NewRecord): Promise<void> {
  await db.insertInto('leadDistributions').values(record).execute();
}

export async function updateRecords(
  db: Db,
  customerId: number,
  leadIds: readonly number[],
  change: Partial<Omit<NewRecord, 'leadId' | 'customerId' | 'createTime'>>,
): Promise<void> {
  if (leadIds.length === 0) return;
  await db
    .updateTable('leadDistributions')
    .set(change)
    .where('customerId', '=', customerId)
    .where('leadId', 'in', [...leadIds])
    .execute();
}

/** The customer's live lead `leadId` (undefined when not theirs) with its record (null fields when none). */
export const findLeadRecord = (db: Db, customerId: number, leadId: number) =>
  db
    .selectFrom('leads as l')
    .leftJoin('leadDistributions as d', 'd.leadId', 'l.id')
    .select([
      'l.id',
      'd.leadId',
      'd.status',
      'd.crmCode',
      'd.ruleType',
      'd.acceptGroupId',
      'd.acceptGroupName',
      'd.userId',
      'd.userName',
      'd.round',
      'd.reason',
      'd.skipped',
      'd.createTime',
      'd.assignTime',
    ])
    .where('l.customerId', '=', customerId)
    .where('l.id', '=', leadId)
    .where('l.status', '=', LeadStatus.Normal)
    .executeTakeFirst();
