import type { CrmCode } from '@portal/contracts';
import type { Db } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

/**
 * The schedule's queries (daily_arrangements, the staff, groups and projects they name, pending
 * imports). Every query is scoped by the customer; a day is (customer, CRM, project, date).
 */

/** One project's day of one CRM. */
export interface DayKey {
  customerId: number;
  crmCode: CrmCode;
  itemId: number;
  date: string;
}

/** What a row of a day holds besides its day, person and order. */
export interface RowValues {
  userId: number;
  acceptGroupId: number | null;
  dataNum: number | null;
  dataNumLimit: number | null;
  timeStr: string;
}

// ---------------------------------------------------------------------------------------------
// Projects

export const listItems = (db: Db, customerId: number) =>
  db.selectFrom('items').select(['id', 'title', 'status']).where('customerId', '=', customerId).orderBy('id').execute();

export async function hasItems(db: Db, customerId: number): Promise<boolean> {
  return (await db.selectFrom('items').select('id').where('customerId', '=', customerId).limit(1).executeTakeFirst()) !== undefined;
}

export const findItem = (db: Db, customerId: number, itemId: number) =>
  db.selectFrom('items').select(['id', 'title']).where('customerId', '=', customerId).where('id', '=', itemId).executeTakeFirst();

/**
 * Holds the project's schedule until the transaction ends (PostgreSQL; SQLite has one writer):
 * writes of one project's days run one after the other. FOR NO KEY UPDATE leaves the project
 * free for rows that only reference it (a new lead's insert takes FOR KEY SHARE).
 */
export async function lockItem(tx: Db, customerId: number, itemId: number): Promise<void> {
  if (!isPostgres(tx)) return;
  await tx.selectFrom('items').select('id').where('customerId', '=', customerId).where('id', '=', itemId).forNoKeyUpdate().execute();
}

// ---------------------------------------------------------------------------------------------
// Days

/** Per project, how many days from `from` on have rows (this CRM). */
export async function scheduledDayCounts(db: Db, customerId: number, crmCode: CrmCode, from: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('dailyArrangements')
    .select((eb) => ['itemId', eb.fn.count<number | string>('date').distinct().as('days')])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('date', '>=', from)
    .groupBy('itemId')
    .execute();
  return new Map(rows.map((row) => [row.itemId, Number(row.days)]));
}

/** The days from `from` to `to` (inclusive) with rows of the project, in order. */
export async function scheduledDates(db: Db, customerId: number, crmCode: CrmCode, itemId: number, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('dailyArrangements')
    .select('date')
    .distinct()
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('itemId', '=', itemId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
  return rows.map((row) => row.date);
}

/** The day's rows with their person, in drag order (sort, then id). */
export const dayRows = (db: Db, key: DayKey) =>
  db
    .selectFrom('dailyArrangements as a')
    .innerJoin('crmUsers as u', (join) => join.onRef('u.id', '=', 'a.userId').onRef('u.customerId', '=', 'a.customerId'))
    .select([
      'a.id',
      'a.createTime',
      'a.creater',
      'a.crmCode',
      'a.dataNum',
      'a.dataNumLimit',
      'a.date',
      'a.itemId',
      'a.sort',
      'a.userId',
      'a.timeStr',
      'a.status',
      'a.acceptGroupId',
      'u.userName',
      'u.phone',
      'u.deptName',
    ])
    .where('a.customerId', '=', key.customerId)
    .where('a.crmCode', '=', key.crmCode)
    .where('a.itemId', '=', key.itemId)
    .where('a.date', '=', key.date)
    .orderBy('a.sort')
    .orderBy('a.id')
    .execute();

/** The day's rows as stored (ids, persons and values), in drag order. */
export const storedDayRows = (db: Db, key: DayKey) =>
  db
    .selectFrom('dailyArrangements')
    .select(['id', 'userId', 'acceptGroupId', 'dataNum', 'dataNumLimit', 'timeStr', 'sort'])
    .where('customerId', '=', key.customerId)
    .where('crmCode', '=', key.crmCode)
    .where('itemId', '=', key.itemId)
    .where('date', '=', key.date)
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** The engine's state of the day (JSON), or undefined before its first lead. */
export async function distributionState(db: Db, key: DayKey): Promise<string | undefined> {
  const row = await db
    .selectFrom('distributionDays')
    .select('state')
    .where('customerId', '=', key.customerId)
    .where('crmCode', '=', key.crmCode)
    .where('itemId', '=', key.itemId)
    .where('date', '=', key.date)
    .executeTakeFirst();
  return row?.state;
}

/** Deletes the day's rows; answers how many there were. */
export async function deleteDay(tx: Db, key: DayKey): Promise<number> {
  const result = await tx
    .deleteFrom('dailyArrangements')
    .where('customerId', '=', key.customerId)
    .where('crmCode', '=', key.crmCode)
    .where('itemId', '=', key.itemId)
    .where('date', '=', key.date)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Makes `rows` the day's rows in this order (sort = index): a person already on the day keeps
 * their row (and id), updated; persons no longer listed lose theirs; new ones get one.
 */
export async function replaceDay(tx: Db, key: DayKey, rows: readonly RowValues[], stamp: { createTime: string; creater: string }): Promise<void> {
  const existing = new Map((await storedDayRows(tx, key)).map((row) => [row.userId, row]));
  const kept = new Set(rows.map((row) => row.userId));
  const gone = [...existing.values()].filter((row) => !kept.has(row.userId)).map((row) => row.id);
  if (gone.length) await tx.deleteFrom('dailyArrangements').where('customerId', '=', key.customerId).where('id', 'in', gone).execute();
  const inserts: Array<RowValues & { sort: number }> = [];
  for (const [sort, row] of rows.entries()) {
    const stored = existing.get(row.userId);
    if (!stored) {
      const { userId, acceptGroupId, dataNum, dataNumLimit, timeStr } = row;
      inserts.push({ userId, acceptGroupId, dataNum, dataNumLimit, timeStr, sort });
      continue;
    }
    const same =
      stored.sort === sort &&
      stored.acceptGroupId === row.acceptGroupId &&
      stored.dataNum === row.dataNum &&
      stored.dataNumLimit === row.dataNumLimit &&
      stored.timeStr === row.timeStr;
    if (!same) {
      await tx
        .updateTable('dailyArrangements')
        .set({ sort, acceptGroupId: row.acceptGroupId, dataNum: row.dataNum, dataNumLimit: row.dataNumLimit, timeStr: row.timeStr })
        .where('customerId', '=', key.customerId)
        .where('id', '=', stored.id)
        .execute();
    }
  }
  await insertRows(tx, key, inserts, stamp);
}

/** Adds rows to the day (each with its sort). */
export async function insertRows(
  tx: Db,
  key: DayKey,
  rows: ReadonlyArray<RowValues & { sort: number }>,
  stamp: { createTime: string; creater: string },
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('dailyArrangements')
    .values(rows.map((row) => ({ ...key, ...row, ...stamp, status: 1 })))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Staff and groups

/** Staff that may be scheduled for a CRM: synced from it, or entered here (no CRM). */
const schedulableStaff = (db: Db, customerId: number, crmCode: CrmCode) =>
  db
    .selectFrom('crmUsers')
    .select(['id', 'crmUserId', 'userName', 'phone', 'deptName'])
    .where('customerId', '=', customerId)
    .where((eb) => eb.or([eb('crmCode', '=', crmCode), eb('crmCode', 'is', null)]));

/** The staff tree: the schedulable staff by department and name, at most `limit`. */
export const listStaff = (db: Db, customerId: number, crmCode: CrmCode, limit: number) =>
  schedulableStaff(db, customerId, crmCode).orderBy('deptName').orderBy('userName').orderBy('id').limit(limit).execute();

/** Which of `ids` are schedulable staff of the customer for the CRM. */
export async function staffByIds(db: Db, customerId: number, crmCode: CrmCode, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return schedulableStaff(db, customerId, crmCode)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The schedulable staff carrying one of `names`, by id. */
export async function staffByNames(db: Db, customerId: number, crmCode: CrmCode, names: readonly string[]) {
  if (names.length === 0) return [];
  return schedulableStaff(db, customerId, crmCode)
    .where('userName', 'in', [...new Set(names)])
    .orderBy('id')
    .execute();
}

export const listGroups = (db: Db, customerId: number) =>
  db.selectFrom('acceptGroups').select(['id', 'name']).where('customerId', '=', customerId).orderBy('id').execute();

/** Which of `ids` are the customer's accept groups. */
export async function ownGroupIds(db: Db, customerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('acceptGroups')
    .select('id')
    .where('customerId', '=', customerId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function loginAccountOf(db: Db, customerId: number): Promise<string> {
  const row = await db.selectFrom('customers').select('loginAccount').where('id', '=', customerId).executeTakeFirst();
  return row?.loginAccount ?? '';
}

// ---------------------------------------------------------------------------------------------
// Imports waiting for repeated names to be resolved

export interface PendingImportValues extends DayKey {
  id: string;
  payload: string;
  createdAt: number;
}

/** Stores a pending import; the customer's expired ones and earlier ones of the same day go. */
export async function savePendingImport(tx: Db, values: PendingImportValues, expiredBefore: number): Promise<void> {
  await tx
    .deleteFrom('scheduleImports')
    .where('customerId', '=', values.customerId)
    .where((eb) =>
      eb.or([
        eb('createdAt', '<', expiredBefore),
        eb.and([eb('crmCode', '=', values.crmCode), eb('itemId', '=', values.itemId), eb('date', '=', values.date)]),
      ]),
    )
    .execute();
  await tx.insertInto('scheduleImports').values(values).execute();
}

export async function findPendingImport(db: Db, customerId: number, id: string) {
  const row = await db.selectFrom('scheduleImports').selectAll().where('customerId', '=', customerId).where('id', '=', id).executeTakeFirst();
  return row && { ...row, crmCode: row.crmCode as CrmCode, createdAt: Number(row.createdAt) };
}

/** Deletes the pending import; answers whether it was still there (a second submit finds nothing). */
export async function deletePendingImport(tx: Db, customerId: number, id: string): Promise<boolean> {
  const result = await tx.deleteFrom('scheduleImports').where('customerId', '=', customerId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
