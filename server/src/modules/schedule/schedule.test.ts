import { CommonMessage, ItemStatus } from '@portal/contracts';
import { ingestLeadSchema } from '@portal/contracts/ingest';
import { ARRANGEMENT_DEFAULTS, SCHEDULE_LIMITS, ScheduleMessage } from '@portal/contracts/schedule';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../../db/seed-data';
import { addDays, chinaToday } from '../../lib/time';
import { hashPassword } from '../auth/passwords';
import { ingestLead } from '../ingest/service';
import { dialects, demoClients, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, freshMobile } from '../../test/leads';
import { DEMO_EC_STAFF, DEMO_SCHEDULE_DAYS } from './seed';
import { importFile, postForm, sheetBytes, URLS } from './testing';

const today = chinaToday();
/** A day of the future outside the seeded month, `n` days on: each test takes its own. */
const free = (n: number) => addDays(today, DEMO_SCHEDULE_DAYS + 10 + n);

describe.each(dialects())('call-centre schedule calls on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerA: number;
  let customerB: number;
  /** demo's projects: on air (scheduled by the seed) and not. */
  let onAir: number[];
  let inactive: number[];
  let itemB: number;
  /** demo's staff ids: the ec staff by EC user id, the staff entered here by name. */
  let ec: Map<number, number>;
  let local: Map<string, number>;
  let staffB: number;
  let groups: Map<string, number>;

  const rowsOf = (date: string, itemId: number, customerId = customerA) =>
    t.db
      .selectFrom('dailyArrangements')
      .select(['id', 'userId', 'acceptGroupId', 'dataNum', 'dataNumLimit', 'timeStr', 'sort'])
      .where('customerId', '=', customerId)
      .where('itemId', '=', itemId)
      .where('date', '=', date)
      .where('crmCode', '=', 'ec')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  const allRows = async () => (await sql<{ n: number | string }>`select count(*) as n from daily_arrangements`.execute(t.db)).rows[0].n;
  const getDay = (client: TestClient, date: string, itemId: number, crmCode = 'ec') => client.get(URLS.day(date, itemId), { query: { crmCode } });
  const save = (client: TestClient, body: Record<string, unknown>) => client.post(URLS.save, { crmCode: 'ec', ...body });

  beforeAll(async () => {
    t = await startApp(dialect);
    ({ a, b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo');
    customerB = await customerIdOf(t.db, 'demo2');
    const items = await t.db.selectFrom('items').select(['id', 'status']).where('customerId', '=', customerA).orderBy('id').execute();
    onAir = items.filter((item) => item.status === ItemStatus.OnAir).map((item) => item.id);
    inactive = items.filter((item) => item.status !== ItemStatus.OnAir).map((item) => item.id);
    itemB = (await t.db.selectFrom('items').select('id').where('customerId', '=', customerB).orderBy('id').executeTakeFirstOrThrow()).id;
    const staff = await t.db.selectFrom('crmUsers').select(['id', 'userName', 'crmCode', 'crmUserId']).where('customerId', '=', customerA).execute();
    ec = new Map(staff.filter((row) => row.crmCode === 'ec').map((row) => [Number(row.crmUserId), row.id]));
    local = new Map(staff.filter((row) => row.crmCode === null).map((row) => [row.userName, row.id]));
    staffB = (await t.db.selectFrom('crmUsers').select('id').where('customerId', '=', customerB).orderBy('id').executeTakeFirstOrThrow()).id;
    groups = new Map(
      (await t.db.selectFrom('acceptGroups').select(['id', 'name']).where('customerId', '=', customerA).execute()).map((row) => [row.name, row.id]),
    );
  });
  afterAll(() => t.close());

  it("seeds demo's ec staff, two groups and a month of schedules for every on-air project; the ec account's step 3 is done", async () => {
    expect([...ec.keys()].sort()).toEqual(DEMO_EC_STAFF.map((member) => member.userId));
    expect([...groups.keys()].sort()).toEqual(['一组', '二组'].sort());
    expect(onAir.length).toBeGreaterThan(1);
    const days = await t.db
      .selectFrom('dailyArrangements')
      .select(['itemId', 'date'])
      .distinct()
      .where('customerId', '=', customerA)
      .orderBy('itemId')
      .orderBy('date')
      .execute();
    expect(days).toEqual(onAir.flatMap((itemId) => Array.from({ length: DEMO_SCHEDULE_DAYS }, (_, day) => ({ itemId, date: addDays(today, day) }))));
    const account = (await a.get('/rest/es/crmaccountsetting/getByUser', { query: { crmCode: 'ec' } })).json().data;
    expect(account.steps).toEqual({ account: true, info: true, schedule: true, sync: true });
  });

  it('lists every project with its status and the days scheduled from today on; none for another CRM', async () => {
    const response = await a.get(URLS.items, { query: { crmCode: 'ec' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ code: '200', message: '成功', data: expect.any(Array) });
    expect(body.data.map((item: { itemId: number }) => item.itemId)).toEqual([...onAir, ...inactive].sort((x, y) => x - y));
    for (const item of body.data) {
      expect(item).toEqual({
        itemId: item.itemId,
        itemTitle: expect.any(String),
        status: onAir.includes(item.itemId) ? 1 : expect.any(Number),
        scheduledDays: onAir.includes(item.itemId) ? DEMO_SCHEDULE_DAYS : 0,
      });
    }
    const lixiao = (await a.get(URLS.items, { query: { crmCode: 'lixiao' } })).json().data;
    expect(lixiao.map((item: { scheduledDays: number }) => item.scheduledDays)).toEqual(lixiao.map(() => 0));
    expectError(await a.get(URLS.items, { query: { crmCode: 'abc' } }), 400, ScheduleMessage.CrmCodeInvalid);
  });

  it("answers the month's scheduled days of a project; 404 for a project that is not the customer's", async () => {
    const month = today.slice(0, 7);
    const expected = Array.from({ length: DEMO_SCHEDULE_DAYS }, (_, day) => addDays(today, day)).filter((date) => date.startsWith(month));
    const response = await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(onAir[0]), month } });
    expect(response.json()).toEqual({ code: '200', message: '成功', data: expected });
    expect((await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(inactive[0]), month } })).json().data).toEqual([]);
    expect((await a.get(URLS.dateExists, { query: { crmCode: 'xbb', itemId: String(onAir[0]), month } })).json().data).toEqual([]);
    expectError(await b.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(onAir[0]), month } }), 404, ScheduleMessage.ItemNotFound);
    expectError(await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: '', month } }), 400, ScheduleMessage.SelectProjectFirst);
    expectError(
      await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(onAir[0]), month: '2025-13' } }),
      400,
      ScheduleMessage.MonthInvalid,
    );
    const far = addDays(today, 800).slice(0, 7);
    expectError(await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(onAir[0]), month: far } }), 400, ScheduleMessage.MonthInvalid);
  });

  it("answers a day's rows in drag order with the person, the project and each person's leads of the day", async () => {
    const itemId = onAir[0];
    const title = (await t.db.selectFrom('items').select('title').where('id', '=', itemId).executeTakeFirstOrThrow()).title;
    await t.db
      .insertInto('distributionDays')
      .values({ customerId: customerA, crmCode: 'ec', itemId, date: today, state: JSON.stringify({ counts: { [ec.get(8002)!]: 3 }, cursors: {} }) })
      .execute();
    const response = await getDay(a, today, itemId);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data;
    expect(rows.map((row: { userName: string }) => row.userName)).toEqual(['李销售', '王销售', '张管理']);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      creater: 'demo',
      crmCode: 'ec',
      dataNum: 2,
      dataNumLimit: null,
      date: today,
      deptId: '',
      deptName: '销售一部',
      itemsId: itemId,
      itemsTitle: title,
      phone: '13900000002',
      sort: 0,
      userId: ec.get(8002),
      userName: '李销售',
      wyCustomerId: customerA,
      timeStr: '',
      status: 1,
      acceptGroupId: groups.get('一组'),
      distributedNum: 3,
    });
    expect(rows.map((row: { distributedNum: number }) => row.distributedNum)).toEqual([3, 0, 0]);
    expect(rows[2]).toEqual(expect.objectContaining({ userName: '张管理', dataNum: 1, dataNumLimit: 20, sort: 2 }));

    // A state without counts, or not JSON at all: nobody has had a lead.
    await t.db.updateTable('distributionDays').set({ state: 'not json' }).where('itemId', '=', itemId).where('date', '=', today).execute();
    expect((await getDay(a, today, itemId)).json().data.map((row: { distributedNum: number }) => row.distributedNum)).toEqual([0, 0, 0]);
    await t.db.deleteFrom('distributionDays').where('itemId', '=', itemId).execute();

    expect((await getDay(a, free(0), itemId)).json()).toEqual({ code: '200', message: '成功', data: [] });
    expect((await getDay(a, today, itemId, 'huoban')).json().data).toEqual([]);
    expectError(await getDay(b, today, itemId), 404, ScheduleMessage.ItemNotFound);
    expectError(await getDay(a, '2025-02-30', itemId), 400, ScheduleMessage.DateInvalid);
    expectError(await getDay(a, addDays(today, 367), itemId), 400, ScheduleMessage.DateInvalid);
    expectError(await getDay(a, addDays(today, -367), itemId), 400, ScheduleMessage.DateInvalid);
  });

  it("deletes a day's rows: '删除成功！', the day is no longer scheduled; '暂无数据可删' when there is nothing", async () => {
    const itemId = onAir[1];
    const date = addDays(today, 5);
    const response = await a.call('DELETE', URLS.day(date, itemId), { query: { crmCode: 'ec' } });
    expect(response.json()).toEqual({ code: '200', message: ScheduleMessage.DeleteSucceeded, data: { count: 3 } });
    expect(await rowsOf(date, itemId)).toEqual([]);
    const days = (await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(itemId), month: date.slice(0, 7) } })).json().data;
    expect(days).not.toContain(date);
    expect((await a.get(URLS.items, { query: { crmCode: 'ec' } })).json().data.find((item: { itemId: number }) => item.itemId === itemId)).toEqual(
      expect.objectContaining({ scheduledDays: DEMO_SCHEDULE_DAYS - 1 }),
    );
    expectError(await a.call('DELETE', URLS.day(date, itemId), { query: { crmCode: 'ec' } }), 400, ScheduleMessage.NothingToDelete);
  });

  it("lists the staff this CRM's day may take (synced from it or entered here), by department and name, marking who is on it", async () => {
    await t.db
      .insertInto('crmUsers')
      .values({ customerId: customerA, crmCode: 'lixiao', crmUserId: 'lx1', userName: '励销员工', phone: '', deptName: '' })
      .execute();
    const response = await a.get(URLS.staff(onAir[0], today), { query: { crmCode: 'ec' } });
    expect(response.statusCode).toBe(200);
    const staff = response.json().data as Array<{ id: number; crmUserId: string; userName: string; deptName: string; scheduled: boolean }>;
    expect(staff.map((member) => member.id).sort((x, y) => x - y)).toEqual([...ec.values(), ...local.values()].sort((x, y) => x - y));
    const order = staff.map((member) => [member.deptName, member.userName]);
    expect(order).toEqual([...order].sort((x, y) => (x[0] === y[0] ? (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) : x[0] < y[0] ? -1 : 1)));
    expect(
      staff
        .filter((member) => member.scheduled)
        .map((member) => member.id)
        .sort(),
    ).toEqual([...ec.values()].sort());
    expect(staff.find((member) => member.id === ec.get(8001))).toEqual({
      id: ec.get(8001),
      crmUserId: '8001',
      userName: '张管理',
      phone: '13900000001',
      deptName: '管理部',
      scheduled: true,
    });
    expect(staff.find((member) => member.id === local.get('张丽'))).toEqual(expect.objectContaining({ crmUserId: '', scheduled: false }));
    const lixiao = (await a.get(URLS.staff(onAir[0], today), { query: { crmCode: 'lixiao' } })).json().data as Array<{ userName: string }>;
    expect(lixiao.map((member) => member.userName)).toContain('励销员工');
    expect(lixiao.map((member) => member.userName)).not.toContain('张管理');
    expectError(await b.get(URLS.staff(onAir[0], today), { query: { crmCode: 'ec' } }), 404, ScheduleMessage.ItemNotFound);
    expect((await b.get(URLS.staff(itemB, today), { query: { crmCode: 'ec' } })).json().data.map((m: { id: number }) => m.id)).not.toContain(
      ec.get(8001),
    );
  });

  it("copies a day to other days, replacing theirs, in one go: '复制成功'; the source must be scheduled", async () => {
    const itemId = onAir[0];
    const source = free(1);
    const [target1, target2] = [free(2), free(3)];
    await save(a, {
      itemId,
      date: source,
      list: [
        { userId: local.get('张丽'), acceptGroupId: groups.get('二组'), dataNum: 3, dataNumLimit: 10, timeStr: '09:00-12:00 13:00-18:00' },
        { userId: ec.get(8003), acceptGroupId: null, dataNum: null, dataNumLimit: 0, timeStr: '' },
      ],
    });
    // target1 has other rows: they go.
    await save(a, { itemId, date: target1, list: [{ userId: local.get('王强'), acceptGroupId: null, dataNum: 1, dataNumLimit: null, timeStr: '' }] });

    const response = await postForm(a, URLS.copy, { crmCode: 'ec', itemId: String(itemId), date: source, dates: `${target1},${target2}` });
    expect(response.json()).toEqual({ code: '200', message: ScheduleMessage.CopySucceeded, data: { count: 4 } });
    const strip = (rows: Awaited<ReturnType<typeof rowsOf>>) => rows.map(({ id: _id, ...row }) => row);
    const copied = strip(await rowsOf(source, itemId));
    expect(copied).toEqual([
      { userId: local.get('张丽'), acceptGroupId: groups.get('二组'), dataNum: 3, dataNumLimit: 10, timeStr: '09:00-12:00 13:00-18:00', sort: 0 },
      { userId: ec.get(8003), acceptGroupId: null, dataNum: null, dataNumLimit: 0, timeStr: '', sort: 1 },
    ]);
    expect(strip(await rowsOf(target1, itemId))).toEqual(copied);
    expect(strip(await rowsOf(target2, itemId))).toEqual(copied);
    const marked = (await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(itemId), month: target2.slice(0, 7) } })).json().data;
    expect(marked).toContain(target2);

    const before = await allRows();
    const copy = (form: Record<string, string>) => postForm(a, URLS.copy, { crmCode: 'ec', itemId: String(itemId), date: source, ...form });
    expectError(await copy({ date: free(4), dates: target1 }), 400, ScheduleMessage.PickScheduledDay);
    expectError(await copy({ dates: '' }), 400, ScheduleMessage.CopyTargetsRequired);
    expectError(await copy({ dates: `${target1},${source}` }), 400, ScheduleMessage.CopyTargetIsSource);
    expectError(await copy({ dates: Array.from({ length: 32 }, (_, i) => free(10 + i)).join(',') }), 400, ScheduleMessage.CopyTargetsTooMany);
    expectError(await copy({ dates: addDays(today, 400) }), 400, ScheduleMessage.DateInvalid);
    expectError(await copy({ dates: '2025-1-1' }), 400, ScheduleMessage.DateInvalid);
    expectError(
      await postForm(b, URLS.copy, { crmCode: 'ec', itemId: String(itemId), date: source, dates: free(5) }),
      404,
      ScheduleMessage.ItemNotFound,
    );
    expect(await allRows()).toEqual(before);
  });

  it("adds staff from the tree after the day's rows with the defaults; those already on it are skipped; '没有可添加人员'", async () => {
    const itemId = onAir[1];
    const date = free(6);
    await save(a, { itemId, date, list: [{ userId: ec.get(8002), acceptGroupId: null, dataNum: 2, dataNumLimit: null, timeStr: '' }] });
    const insert = (client: TestClient, userIds: Array<number | undefined>, extra: Record<string, string> = {}) =>
      postForm(client, URLS.insert, { crmCode: 'ec', itemId: String(itemId), date, userIds: userIds.join(','), ...extra });

    const response = await insert(a, [ec.get(8002), local.get('李娜'), ec.get(8001)]);
    expect(response.json()).toEqual({ code: '200', message: CommonMessage.OperationSucceeded, data: { count: 3 } });
    const rows = await rowsOf(date, itemId);
    expect(
      rows.map(({ userId, sort, dataNum, dataNumLimit, timeStr, acceptGroupId }) => ({
        userId,
        sort,
        dataNum,
        dataNumLimit,
        timeStr,
        acceptGroupId,
      })),
    ).toEqual([
      { userId: ec.get(8002), sort: 0, dataNum: 2, dataNumLimit: null, timeStr: '', acceptGroupId: null },
      { userId: local.get('李娜'), sort: 1, ...ARRANGEMENT_DEFAULTS, acceptGroupId: null },
      { userId: ec.get(8001), sort: 2, ...ARRANGEMENT_DEFAULTS, acceptGroupId: null },
    ]);

    const before = await allRows();
    expectError(await insert(a, [ec.get(8002), ec.get(8001)]), 400, ScheduleMessage.NoStaffToAdd);
    expectError(await insert(a, []), 400, ScheduleMessage.SelectStaffFirst);
    const lixiaoStaff = (await t.db.selectFrom('crmUsers').select('id').where('crmUserId', '=', 'lx1').executeTakeFirstOrThrow()).id;
    expectError(await insert(a, [local.get('周婷'), lixiaoStaff]), 404, ScheduleMessage.StaffNotFound);
    expectError(await insert(a, [local.get('周婷'), staffB]), 404, ScheduleMessage.StaffNotFound);
    expectError(await insert(a, [local.get('周婷')], { date: addDays(today, 367) }), 400, ScheduleMessage.DateInvalid);
    expectError(await insert(b, [staffB]), 404, ScheduleMessage.ItemNotFound);
    expect(await allRows()).toEqual(before);
  });

  it("saves a day's whole list in drag order, keeping the rows of those who stay; an empty list unschedules the day", async () => {
    const itemId = onAir[2];
    const date = free(7);
    const first = await save(a, {
      itemId,
      date,
      list: [
        { userId: ec.get(8001), acceptGroupId: groups.get('一组'), dataNum: 1, dataNumLimit: 5, timeStr: '13:00-18:00 09:00-12:00' },
        { userId: ec.get(8002), acceptGroupId: null, dataNum: 0, dataNumLimit: null, timeStr: '' },
      ],
    });
    expect(first.json()).toEqual({ code: '200', message: ScheduleMessage.SaveSucceeded, data: expect.any(Array) });
    expect(first.json().data.map((row: { userName: string; timeStr: string; sort: number }) => [row.userName, row.timeStr, row.sort])).toEqual([
      ['张管理', '09:00-12:00 13:00-18:00', 0],
      ['李销售', '', 1],
    ]);
    const kept = (await rowsOf(date, itemId)).find((row) => row.userId === ec.get(8002))!.id;

    const second = await save(a, {
      itemId,
      date,
      list: [
        { userId: ec.get(8002), acceptGroupId: groups.get('二组'), dataNum: 2, dataNumLimit: 0, timeStr: '22:00-24:00' },
        { userId: local.get('黄磊'), acceptGroupId: null, dataNum: null, dataNumLimit: null, timeStr: '00:00-02:00' },
      ],
    });
    expect(second.json().data.map((row: { userName: string }) => row.userName)).toEqual(['李销售', '黄磊']);
    const rows = await rowsOf(date, itemId);
    expect(rows).toEqual([
      { id: kept, userId: ec.get(8002), acceptGroupId: groups.get('二组'), dataNum: 2, dataNumLimit: 0, timeStr: '22:00-24:00', sort: 0 },
      { id: expect.any(Number), userId: local.get('黄磊'), acceptGroupId: null, dataNum: null, dataNumLimit: null, timeStr: '00:00-02:00', sort: 1 },
    ]);

    const before = await allRows();
    const row = { userId: ec.get(8001), acceptGroupId: null, dataNum: 1, dataNumLimit: null, timeStr: '' };
    expectError(await save(a, { itemId, date, list: [{ ...row, timeStr: '12:00-09:00' }] }), 400, ScheduleMessage.EndBeforeStart);
    expectError(await save(a, { itemId, date, list: [{ ...row, timeStr: '09:00-12:00 11:00-13:00' }] }), 400, ScheduleMessage.RangesOverlap);
    expectError(await save(a, { itemId, date, list: [{ ...row, timeStr: '9点到12点' }] }), 400, ScheduleMessage.TimeInvalid);
    expectError(await save(a, { itemId, date, list: [{ ...row, dataNum: 1000 }] }), 400, ScheduleMessage.DataNumInvalid);
    expectError(await save(a, { itemId, date, list: [{ ...row, dataNumLimit: -1 }] }), 400, ScheduleMessage.DataNumLimitInvalid);
    expectError(await save(a, { itemId, date, list: [row, row] }), 400, ScheduleMessage.StaffRepeated);
    expectError(await save(a, { itemId, date, list: [{ ...row, userId: staffB }] }), 404, ScheduleMessage.StaffNotFound);
    const groupB = (await t.db.insertInto('acceptGroups').values({ customerId: customerB, name: 'B组' }).returning('id').executeTakeFirstOrThrow())
      .id;
    expectError(await save(a, { itemId, date, list: [{ ...row, acceptGroupId: groupB }] }), 404, ScheduleMessage.AcceptGroupNotFound);
    expectError(await save(a, { itemId: itemB, date, list: [row] }), 404, ScheduleMessage.ItemNotFound);
    expectError(await save(a, { date, list: [row] }), 400, ScheduleMessage.SelectProjectFirst);
    expectError(
      await save(a, { itemId, date, list: Array.from({ length: SCHEDULE_LIMITS.rowsPerDay + 1 }, () => row) }),
      400,
      ScheduleMessage.TooManyRows,
    );
    expect(await allRows()).toEqual(before);

    // Deleting every row and saving: the day is no longer scheduled.
    const empty = await save(a, { itemId, date, list: [] });
    expect(empty.json()).toEqual({ code: '200', message: ScheduleMessage.SaveSucceeded, data: [] });
    expect(await rowsOf(date, itemId)).toEqual([]);
    const days = (await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(itemId), month: date.slice(0, 7) } })).json().data;
    expect(days).not.toContain(date);
  });

  it("refuses a bad 每轮数量 or 每日上限 with the contracts' message, never coercing it: -3 is not saved as 0", async () => {
    const itemId = onAir[2];
    const date = free(8);
    const row = { userId: ec.get(8001), acceptGroupId: null, dataNum: 2, dataNumLimit: 5, timeStr: '' };
    expect((await save(a, { itemId, date, list: [row] })).statusCode).toBe(200);
    const stored = await rowsOf(date, itemId);

    for (const dataNum of [-3, -0.5, 1.5, 1000, 1e12, '3', 'abc', true]) {
      const answer = await save(a, { itemId, date, list: [{ ...row, dataNum }] });
      expectError(answer, 400, ScheduleMessage.DataNumInvalid);
      expect(answer.json().message).toBe('每轮数量须为0至999的整数');
    }
    for (const dataNumLimit of [-1, 2.5, 100_000, '']) {
      expectError(await save(a, { itemId, date, list: [{ ...row, dataNumLimit }] }), 400, ScheduleMessage.DataNumLimitInvalid);
    }
    // Nothing of a refused list was written: the day keeps 2 per round, cap 5.
    expect(await rowsOf(date, itemId)).toEqual(stored);
    expect(stored.map((stay) => [stay.dataNum, stay.dataNumLimit])).toEqual([[2, 5]]);

    // The bounds and the empty values are taken as they are: 0 takes none in rounds, null per round too, no cap.
    const edges = await save(a, { itemId, date, list: [{ ...row, dataNum: 0, dataNumLimit: SCHEDULE_LIMITS.dataNumLimitMax }] });
    expect(edges.statusCode).toBe(200);
    expect((await rowsOf(date, itemId)).map((stay) => [stay.dataNum, stay.dataNumLimit])).toEqual([[0, SCHEDULE_LIMITS.dataNumLimitMax]]);
    await save(a, { itemId, date, list: [{ ...row, dataNum: null, dataNumLimit: null }] });
    expect((await rowsOf(date, itemId)).map((stay) => [stay.dataNum, stay.dataNumLimit])).toEqual([[null, null]]);
  });

  it("hands the project's waiting leads to whoever qualifies after a write of today's rows, not of another day", async () => {
    const itemId = onAir[3] ?? onAir[0];
    // Today's only person is off shift now (a half hour two hours away): a new lead waits.
    const minute = Math.floor(((Date.now() + 8 * 3600_000) % 86_400_000) / 60_000);
    const start = (minute + 120) % 1380;
    const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const offShift = [{ userId: ec.get(8003), acceptGroupId: null, dataNum: 1, dataNumLimit: null, timeStr: `${clock(start)}-${clock(start + 30)}` }];
    expect((await save(a, { itemId, date: today, list: offShift })).statusCode).toBe(200);
    const waiting = () =>
      ingestLead(
        t.db,
        t.app.events,
        customerA,
        ingestLeadSchema.parse({ listKind: 'resource', resType: 1, itemId, name: '等待排班', mobile: freshMobile() }),
      );
    const receiverOf = async (id: number) =>
      (await t.db.selectFrom('leads').select('crmFollower').where('id', '=', id).executeTakeFirstOrThrow()).crmFollower;
    const first = await waiting();
    expect(await receiverOf(first)).toBeNull();

    // Another day's write, or a refused one, leaves it waiting.
    const allDay = [{ ...offShift[0], timeStr: '' }];
    expect((await save(a, { itemId, date: addDays(today, 1), list: allDay })).statusCode).toBe(200);
    expectError(await save(a, { itemId, date: today, list: [{ ...allDay[0], userId: staffB }] }), 404);
    expect(await receiverOf(first)).toBeNull();

    // Today's save puts 王销售 on all day: the lead is his.
    expect((await save(a, { itemId, date: today, list: allDay })).statusCode).toBe(200);
    expect(await receiverOf(first)).toBe('王销售');

    // Off shift again; then 添加人员 and 复制 onto today each hand over what waits.
    expect((await save(a, { itemId, date: today, list: offShift })).statusCode).toBe(200);
    const second = await waiting();
    expect(await receiverOf(second)).toBeNull();
    expect((await postForm(a, URLS.insert, { crmCode: 'ec', itemId: String(itemId), date: today, userIds: String(ec.get(8001)) })).statusCode).toBe(
      200,
    );
    expect(await receiverOf(second)).toBe('张管理');
    expect((await save(a, { itemId, date: today, list: offShift })).statusCode).toBe(200);
    const third = await waiting();
    expect((await postForm(a, URLS.copy, { crmCode: 'ec', itemId: String(itemId), date: addDays(today, 1), dates: today })).statusCode).toBe(200);
    expect(await receiverOf(third)).toBe('王销售');
  });

  it("keeps customer B away from A's schedules, staff and groups by any id: 404, nothing changed", async () => {
    const itemA = onAir[0];
    const before = await allRows();
    const rowsA = await rowsOf(today, itemA);
    const list = [{ userId: staffB, acceptGroupId: null, dataNum: 1, dataNumLimit: null, timeStr: '' }];
    expectError(await getDay(b, today, itemA), 404, ScheduleMessage.ItemNotFound);
    expectError(await b.call('DELETE', URLS.day(today, itemA), { query: { crmCode: 'ec' } }), 404, ScheduleMessage.ItemNotFound);
    expectError(await save(b, { itemId: itemA, date: today, list }), 404, ScheduleMessage.ItemNotFound);
    expectError(await save(b, { itemId: itemA, date: today, list: [] }), 404, ScheduleMessage.ItemNotFound);
    expectError(
      await postForm(b, URLS.copy, { crmCode: 'ec', itemId: String(itemA), date: today, dates: free(8) }),
      404,
      ScheduleMessage.ItemNotFound,
    );
    expectError(
      await postForm(b, URLS.insert, { crmCode: 'ec', itemId: String(itemA), date: today, userIds: String(staffB) }),
      404,
      ScheduleMessage.ItemNotFound,
    );
    // A's staff and groups on B's own project.
    expectError(await save(b, { itemId: itemB, date: today, list: [{ ...list[0], userId: ec.get(8001) }] }), 404, ScheduleMessage.StaffNotFound);
    expectError(
      await save(b, { itemId: itemB, date: today, list: [{ ...list[0], acceptGroupId: groups.get('一组') }] }),
      404,
      ScheduleMessage.AcceptGroupNotFound,
    );
    expectError(
      await postForm(b, URLS.insert, { crmCode: 'ec', itemId: String(itemB), date: today, userIds: String(local.get('张丽')) }),
      404,
      ScheduleMessage.StaffNotFound,
    );
    expect((await b.get(URLS.items, { query: { crmCode: 'ec' } })).json().data.map((item: { itemId: number }) => item.itemId)).not.toContain(itemA);
    expect(await allRows()).toEqual(before);
    expect(await rowsOf(today, itemA)).toEqual(rowsA);
    expect(await rowsOf(today, itemB, customerB)).toEqual([]);
  });

  it("refuses every write with '当前没有项目，不能排班' for a customer without projects; its project list is empty", async () => {
    await t.db
      .insertInto('customers')
      .values({
        loginAccount: 'noitems',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        whetherVoice: 0,
        firstLogin: 0,
        registerTime: new Date().toISOString(),
      })
      .execute();
    const c = t.client();
    await c.login('noitems');
    expect((await c.get(URLS.items, { query: { crmCode: 'ec' } })).json()).toEqual({ code: '200', message: '成功', data: [] });
    const list = [{ userId: staffB, acceptGroupId: null, dataNum: 1, dataNumLimit: null, timeStr: '' }];
    expectError(await save(c, { itemId: itemB, date: today, list }), 400, ScheduleMessage.NoProjects);
    expectError(
      await postForm(c, URLS.insert, { crmCode: 'ec', itemId: String(itemB), date: today, userIds: String(staffB) }),
      400,
      ScheduleMessage.NoProjects,
    );
    const sheet = { fileName: '排班.xlsx', bytes: sheetBytes([['姓名'], ['孙悦']], 'xlsx') };
    expectError(await importFile(c, { crmCode: 'ec', itemId: String(itemB), date: today }, sheet), 400, ScheduleMessage.NoProjects);
  });
});
