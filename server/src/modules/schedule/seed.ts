import { ItemStatus } from '@portal/contracts';
import type { Db } from '../../db/schema';
import { addDays, nowIso, toChinaDateTime } from '../../lib/time';

/**
 * The demo schedule: the `demo` customer's ec staff (as a staff sync from the CRM sandbox would
 * have stored them), two accept groups, and a month of schedules from today for every on-air
 * project, so that `npm run demo:traffic` shows new leads distributed in rounds and pushed to the
 * sandbox with their follower. The sandbox EC (server/src/test/fake-crm/ec.ts) answers exactly
 * these staff, and refuses a push whose follower it does not know.
 */

/** The sandbox corp's departments, as EC's org/struct/info answers them. */
export const DEMO_EC_DEPTS = [
  { deptId: 11, deptName: '管理部', parentDeptId: 0 },
  { deptId: 12, deptName: '销售一部', parentDeptId: 11 },
] as const;

/** The sandbox corp's staff: the operator (8001), the follow-up staff (8002) and one more. */
export const DEMO_EC_STAFF = [
  { userId: 8001, userName: '张管理', account: '13900000001', deptId: 11 },
  { userId: 8002, userName: '李销售', account: '13900000002', deptId: 12 },
  { userId: 8003, userName: '王销售', account: '13900000003', deptId: 12 },
] as const;

export const DEMO_ACCEPT_GROUPS = ['一组', '二组'] as const;

/** Days scheduled, today first. */
export const DEMO_SCHEDULE_DAYS = 31;

/** Each day's rows, in drag order: the sales staff take 2 and 1 per round all day, the operator 1 per round up to 20 a day. */
const DEMO_ROWS: ReadonlyArray<{ userId: number; group: (typeof DEMO_ACCEPT_GROUPS)[number]; dataNum: number; dataNumLimit: number | null }> = [
  { userId: 8002, group: '一组', dataNum: 2, dataNumLimit: null },
  { userId: 8003, group: '二组', dataNum: 1, dataNumLimit: null },
  { userId: 8001, group: '一组', dataNum: 1, dataNumLimit: 20 },
];

/** Gives the customer `loginAccount` the demo schedule (see above); does nothing for a customer that already has ec staff or a schedule. */
export async function seedDemoSchedule(tx: Db, loginAccount: string, today: string): Promise<void> {
  const customer = await tx.selectFrom('customers').select('id').where('loginAccount', '=', loginAccount).executeTakeFirst();
  if (!customer) return;
  const customerId = customer.id;
  const synced = await tx
    .selectFrom('crmUsers')
    .select('id')
    .where('customerId', '=', customerId)
    .where('crmCode', '=', 'ec')
    .limit(1)
    .executeTakeFirst();
  const scheduled = await tx.selectFrom('dailyArrangements').select('id').where('customerId', '=', customerId).limit(1).executeTakeFirst();
  if (synced || scheduled) return;

  const deptNames = new Map<number, string>(DEMO_EC_DEPTS.map((dept) => [dept.deptId, dept.deptName]));
  const staff = await tx
    .insertInto('crmUsers')
    .values(
      DEMO_EC_STAFF.map((member) => ({
        customerId,
        crmCode: 'ec',
        crmUserId: String(member.userId),
        userName: member.userName,
        phone: member.account,
        deptName: deptNames.get(member.deptId) ?? '',
      })),
    )
    .returning(['id', 'crmUserId'])
    .execute();
  const staffIds = new Map(staff.map((row) => [Number(row.crmUserId), row.id]));

  const groupIds = new Map<string, number>();
  for (const name of DEMO_ACCEPT_GROUPS) {
    const existing = await tx
      .selectFrom('acceptGroups')
      .select('id')
      .where('customerId', '=', customerId)
      .where('name', '=', name)
      .executeTakeFirst();
    const id = existing?.id ?? (await tx.insertInto('acceptGroups').values({ customerId, name }).returning('id').executeTakeFirstOrThrow()).id;
    groupIds.set(name, id);
  }

  const items = await tx
    .selectFrom('items')
    .select('id')
    .where('customerId', '=', customerId)
    .where('status', '=', ItemStatus.OnAir)
    .orderBy('id')
    .execute();
  const stamp = { createTime: toChinaDateTime(nowIso()), creater: loginAccount };
  for (const item of items) {
    const rows = Array.from({ length: DEMO_SCHEDULE_DAYS }, (_, day) => addDays(today, day)).flatMap((date) =>
      DEMO_ROWS.map((row, sort) => ({
        customerId,
        crmCode: 'ec',
        itemId: item.id,
        date,
        userId: staffIds.get(row.userId) as number,
        acceptGroupId: groupIds.get(row.group) ?? null,
        dataNum: row.dataNum,
        dataNumLimit: row.dataNumLimit,
        timeStr: '',
        sort,
        status: 1,
        ...stamp,
      })),
    );
    await tx.insertInto('dailyArrangements').values(rows).execute();
  }
}
