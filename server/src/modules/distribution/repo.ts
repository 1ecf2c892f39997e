import { LeadStatus } from '@portal/contracts';
import { DistributionType } from '@portal/contracts/crm';
import { type Selectable, sql } from 'kysely';
import type { Db, LeadDistributionsTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

/**
 * Queries of the distribution engine, each scoped by the customer: the active CRM's rule, a
 * day's rows, the day's state row (the lock), the queue and the records.
 *
 * The statements every ingested lead runs (down to insertRecord) are plain SQL that both dialects
 * read alike: building a query with Kysely's builder costs more than SQLite takes to run it
 * (about 35 us against 2 for the SQL template), and ingestion runs a dozen of them per lead.
 */

/**
 * The customer's CRMs with sync on, each with its rule's type (null: none saved) and, for a rule
 * by region (1) or channel type (2), its rows of that kind in their order with their group's name:
 * one row per rule row (or one with null row fields), in one query.
 */
export interface RuleRow {
  crmCode: string;
  type: number | null;
  acceptGroupId: number | null;
  provinceList: string | null;
  channelType: number | null;
  groupName: string | null;
}
export async function syncedRules(db: Db, customerId: number): Promise<RuleRow[]> {
  const { rows } = await sql<RuleRow>`
    select a.crm_code, r.type, rr.accept_group_id, rr.province_list, rr.channel_type, g.name as group_name
    from crm_accounts a
    left join distribute_rules r on r.customer_id = a.customer_id and r.crm_code = a.crm_code
    left join distribute_rule_rows rr on rr.customer_id = a.customer_id and rr.crm_code = a.crm_code
      and ((r.type = ${sql.lit(DistributionType.ByRegion)} and rr.kind = 'area') or (r.type = ${sql.lit(DistributionType.ByChannelType)} and rr.kind = 'channelType'))
    left join accept_groups g on g.id = rr.accept_group_id and g.customer_id = a.customer_id
    where a.customer_id = ${customerId} and a.sync = 1
    order by rr.sort, rr.id`.execute(db);
  return rows;
}

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
export async function dayRows(db: Db, day: DayKey, acceptGroupId: number | null) {
  const group = acceptGroupId === null ? sql`` : sql`and d.accept_group_id = ${acceptGroupId}`;
  const { rows } = await sql<{ userId: number; userName: string; dataNum: number | null; dataNumLimit: number | null; timeStr: string }>`
    select d.user_id, u.user_name, d.data_num, d.data_num_limit, d.time_str
    from daily_arrangements d join crm_users u on u.id = d.user_id
    where d.customer_id = ${day.customerId} and d.crm_code = ${day.crmCode} and d.item_id = ${day.itemId} and d."date" = ${day.date} ${group}
    order by d.sort, d.id`.execute(db);
  return rows;
}

/**
 * The day's state, its row made when missing and locked until the transaction ends: one upsert
 * that rewrites the state with itself and returns it. On PostgreSQL the upsert holds the row lock
 * (a concurrent one waits, then reads the state committed before it); SQLite runs one
 * transaction at a time on its one connection (Kysely queues the others).
 */
export async function lockDay(db: Db, day: DayKey): Promise<string> {
  const { rows } = await sql<{ state: string }>`
    insert into distribution_days (customer_id, crm_code, item_id, "date", state) values (${day.customerId}, ${day.crmCode}, ${day.itemId}, ${day.date}, '{}')
    on conflict (customer_id, crm_code, item_id, "date") do update set state = distribution_days.state
    returning state`.execute(db);
  return rows[0].state;
}

export async function saveDay(db: Db, day: DayKey, state: string): Promise<void> {
  await sql`
    update distribution_days set state = ${state}
    where customer_id = ${day.customerId} and crm_code = ${day.crmCode} and item_id = ${day.itemId} and "date" = ${day.date}`.execute(db);
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
  const { rows } = await sql`
    select 1 as one from distribution_queue where customer_id = ${customerId} and item_id = ${itemId} and crm_code = ${crmCode} limit 1`.execute(db);
  return rows.length > 0;
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

/** A record as written: every column given (SQL templates take no defaults). */
export type NewRecord = Required<Selectable<LeadDistributionsTable>>;

export async function insertRecord(db: Db, r: NewRecord): Promise<void> {
  await sql`
    insert into lead_distributions (lead_id, customer_id, status, crm_code, rule_type, accept_group_id, accept_group_name, user_id, user_name, "round", reason, skipped, create_time, assign_time)
    values (${r.leadId}, ${r.customerId}, ${r.status}, ${r.crmCode}, ${r.ruleType}, ${r.acceptGroupId}, ${r.acceptGroupName}, ${r.userId}, ${r.userName}, ${r.round}, ${r.reason}, ${r.skipped}, ${r.createTime}, ${r.assignTime})`.execute(
    db,
  );
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
      'l.followUpDue',
    ])
    .where('l.customerId', '=', customerId)
    .where('l.id', '=', leadId)
    .where('l.status', '=', LeadStatus.Normal)
    .executeTakeFirst();
