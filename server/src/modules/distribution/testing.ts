import type { CrmCode } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso, toChinaDateTime } from '../../lib/time';

/** What the distribution tests build their own customers' setups with (nothing here depends on the demo seed). */

type DB = Kysely<Database>;

/** The customer's account of `crmCode`, sync on or off, and its rule's type. */
export async function setCrm(db: DB, customerId: number, crmCode: CrmCode, sync: boolean, ruleType = 0): Promise<void> {
  await db
    .insertInto('crmAccounts')
    .values({ customerId, crmCode, createTime: toChinaDateTime(nowIso()), sync: sync ? 1 : 0 })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode']).doUpdateSet({ sync: sync ? 1 : 0 }))
    .execute();
  await db
    .insertInto('distributeRules')
    .values({ customerId, crmCode, type: ruleType })
    .onConflict((oc) => oc.columns(['customerId', 'crmCode']).doUpdateSet({ type: ruleType }))
    .execute();
}

/** Replaces the rule rows of the customer's CRM: area rows (provinces) or channel-type rows, each to a group. */
export async function setRuleRows(
  db: DB,
  customerId: number,
  crmCode: CrmCode,
  rows: ReadonlyArray<{ acceptGroupId: number; provinces?: readonly string[]; channelType?: number }>,
): Promise<void> {
  await db.deleteFrom('distributeRuleRows').where('customerId', '=', customerId).where('crmCode', '=', crmCode).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('distributeRuleRows')
    .values(
      rows.map((row, sort) => ({
        customerId,
        crmCode,
        kind: row.provinces ? 'area' : 'channelType',
        acceptGroupId: row.acceptGroupId,
        provinceList: row.provinces ? JSON.stringify(row.provinces) : null,
        channelType: row.channelType ?? null,
        sort,
      })),
    )
    .execute();
}

export async function newItem(db: DB, customerId: number, title: string): Promise<number> {
  const row = await db.insertInto('items').values({ customerId, title, status: 1, modeType: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function newStaff(db: DB, customerId: number, names: readonly string[]): Promise<number[]> {
  const rows = await db
    .insertInto('crmUsers')
    .values(
      names.map((userName, i) => ({
        customerId,
        userName,
        phone: `1370000${String(i).padStart(4, '0')}`,
        deptName: '测试部',
        crmCode: null,
        crmUserId: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function newGroups(db: DB, customerId: number, names: readonly string[]): Promise<number[]> {
  const rows = await db
    .insertInto('acceptGroups')
    .values(names.map((name) => ({ customerId, name })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface DayRow {
  userId: number;
  acceptGroupId?: number | null;
  dataNum: number | null;
  dataNumLimit: number | null;
  timeStr?: string;
}

/** Replaces a project's rows of a day for a CRM, in the given (drag) order. */
export async function setDay(
  db: DB,
  key: { customerId: number; crmCode: CrmCode; itemId: number; date: string },
  rows: readonly DayRow[],
): Promise<void> {
  await db
    .deleteFrom('dailyArrangements')
    .where('customerId', '=', key.customerId)
    .where('crmCode', '=', key.crmCode)
    .where('itemId', '=', key.itemId)
    .where('date', '=', key.date)
    .execute();
  if (rows.length === 0) return;
  const createTime = toChinaDateTime(nowIso());
  await db
    .insertInto('dailyArrangements')
    .values(
      rows.map((row, sort) => ({
        ...key,
        userId: row.userId,
        acceptGroupId: row.acceptGroupId ?? null,
        dataNum: row.dataNum,
        dataNumLimit: row.dataNumLimit,
        timeStr: row.timeStr ?? '',
        sort,
        createTime,
      })),
    )
    .execute();
}

/** The UTC instant of China day `date` at `minute` past midnight. */
export const chinaInstant = (date: string, minute: number): Date => new Date(Date.parse(`${date}T00:00:00+08:00`) + minute * 60_000);

/** The distribution records of `leadIds`, by lead. */
export async function recordsOf(db: DB, leadIds: readonly number[]) {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('leadDistributions')
    .selectAll()
    .where('leadId', 'in', [...leadIds])
    .execute();
  return new Map(rows.map((row) => [row.leadId, row]));
}

/** The project's waiting leads, first in first out. */
export async function queueOf(db: DB, itemId: number): Promise<number[]> {
  const rows = await db.selectFrom('distributionQueue').select('leadId').where('itemId', '=', itemId).orderBy('id').execute();
  return rows.map((row) => row.leadId);
}
