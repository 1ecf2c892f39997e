import * as XLSX from '@e965/xlsx';
import { XLSX_MIME } from '@portal/contracts/endpoints';
import { IMPORT_COLUMNS, IMPORT_TEMPLATE_NAME, SCHEDULE_LIMITS, ScheduleMessage } from '@portal/contracts/schedule';
import { sql } from 'kysely';
import { addDays, chinaToday } from '../../lib/time';
import { dialects, demoClients, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, onAirItemOf } from '../../test/leads';
import { DEMO_SCHEDULE_DAYS } from './seed';
import { importFile, type SheetCell, sheetBytes, URLS, zipOf } from './testing';

const HEADERS = IMPORT_COLUMNS.map((column) => column.header);
const today = chinaToday();
const free = (n: number) => addDays(today, DEMO_SCHEDULE_DAYS + 10 + n);

describe.each(dialects())('the schedule import on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerA: number;
  let itemId: number;
  let itemB: number;
  /** Two staff of demo named 赵重名 (ids in order), and demo's group ids by name. */
  let twins: number[];
  let staffId: (userName: string) => Promise<number>;
  let groups: Map<string, number>;

  const rowsOf = (date: string, item = itemId) =>
    t.db
      .selectFrom('dailyArrangements')
      .select(['userId', 'acceptGroupId', 'dataNum', 'dataNumLimit', 'timeStr', 'sort'])
      .where('customerId', '=', customerA)
      .where('itemId', '=', item)
      .where('date', '=', date)
      .where('crmCode', '=', 'ec')
      .orderBy('sort')
      .execute();
  const tables = async () => ({
    rows: (await sql<{ n: number | string }>`select count(*) as n from daily_arrangements`.execute(t.db)).rows[0].n,
    hash: (await t.db.selectFrom('dailyArrangements').select(['id', 'userId', 'sort', 'dataNum', 'timeStr']).orderBy('id').execute())
      .map((row) => Object.values(row).join('|'))
      .join(';'),
    pending: (await sql<{ n: number | string }>`select count(*) as n from schedule_imports`.execute(t.db)).rows[0].n,
  });
  const fields = (date: string, item = itemId) => ({ date, itemId: String(item), crmCode: 'ec' });
  const upload = (client: TestClient, date: string, rows: SheetCell[][], bookType: 'xls' | 'xlsx' = 'xlsx', item = itemId) =>
    importFile(client, fields(date, item), { fileName: `排班.${bookType}`, bytes: sheetBytes(rows, bookType) });

  beforeAll(async () => {
    t = await startApp(dialect);
    ({ a, b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo');
    const customerB = await customerIdOf(t.db, 'demo2');
    itemId = await onAirItemOf(t.db, customerA);
    itemB = (await t.db.selectFrom('items').select('id').where('customerId', '=', customerB).orderBy('id').executeTakeFirstOrThrow()).id;
    twins = (
      await t.db
        .insertInto('crmUsers')
        .values([
          { customerId: customerA, userName: '赵重名', phone: '13700000001', deptName: '招商一部', crmCode: null, crmUserId: null },
          { customerId: customerA, userName: '赵重名', phone: '13700000002', deptName: '招商二部', crmCode: null, crmUserId: null },
        ])
        .returning('id')
        .execute()
    )
      .map((row) => row.id)
      .sort((x, y) => x - y);
    staffId = async (userName) =>
      (await t.db.selectFrom('crmUsers').select('id').where('customerId', '=', customerA).where('userName', '=', userName).executeTakeFirstOrThrow())
        .id;
    groups = new Map(
      (await t.db.selectFrom('acceptGroups').select(['id', 'name']).where('customerId', '=', customerA).execute()).map((row) => [row.name, row.id]),
    );
  });
  afterAll(() => t.close());

  it.each(['xls', 'xlsx'] as const)("imports a real %s file: its rows overwrite the day's, in the sheet's order: '导入成功！'", async (bookType) => {
    const date = bookType === 'xls' ? free(0) : free(1);
    // The day had other rows: they go.
    await t.db
      .insertInto('dailyArrangements')
      .values({ customerId: customerA, crmCode: 'ec', itemId, date, userId: await staffId('周婷'), createTime: '2025-01-01 00:00:00' })
      .execute();
    const response = await upload(
      a,
      date,
      [
        HEADERS,
        ['李销售', '13900000002', '一组', 2, 30, '09:00-12:00 13:30-18:00'],
        ['张丽', '', '', '', '', ''],
        ['王强', null, '二组', 0, 0, '22:00-24:00'],
      ],
      bookType,
    );
    expect(response.json()).toEqual({ code: '200', message: ScheduleMessage.ImportSucceeded, data: { status: 'done', count: 3 } });
    expect(await rowsOf(date)).toEqual([
      {
        userId: await staffId('李销售'),
        acceptGroupId: groups.get('一组'),
        dataNum: 2,
        dataNumLimit: 30,
        timeStr: '09:00-12:00 13:30-18:00',
        sort: 0,
      },
      { userId: await staffId('张丽'), acceptGroupId: null, dataNum: null, dataNumLimit: null, timeStr: '', sort: 1 },
      { userId: await staffId('王强'), acceptGroupId: groups.get('二组'), dataNum: 0, dataNumLimit: 0, timeStr: '22:00-24:00', sort: 2 },
    ]);
    const days = (await a.get(URLS.dateExists, { query: { crmCode: 'ec', itemId: String(itemId), month: date.slice(0, 7) } })).json().data;
    expect(days).toContain(date);
  });

  it('takes a sheet with the name column alone (one per round, no cap, all day), its columns in any order', async () => {
    const date = free(2);
    expect((await upload(a, date, [['姓名'], ['李娜']])).json().data).toEqual({ status: 'done', count: 1 });
    expect(await rowsOf(date)).toEqual([
      { userId: await staffId('李娜'), acceptGroupId: null, dataNum: 1, dataNumLimit: null, timeStr: '', sort: 0 },
    ]);
    const shuffled = [
      ['时间段', '姓名', '每轮数量'],
      ['08:00-09:00', '刘洋', 4],
    ];
    expect((await upload(a, date, shuffled)).json().data).toEqual({ status: 'done', count: 1 });
    expect(await rowsOf(date)).toEqual([
      { userId: await staffId('刘洋'), acceptGroupId: null, dataNum: 4, dataNumLimit: null, timeStr: '08:00-09:00', sort: 0 },
    ]);
  });

  it('refuses files that are not xls or xlsx, a huge file, a zip bomb, a sheet with a formula, with 400 and nothing changed', async () => {
    const date = free(3);
    await upload(a, date, [HEADERS, ['陈静']]);
    const before = await tables();
    const send = (fileName: string, bytes: Buffer) => importFile(a, fields(date), { fileName, bytes });
    const xlsx = sheetBytes([HEADERS, ['杨帆']], 'xlsx');

    expectError(await send('排班.xlsx', Buffer.from('姓名,手机号\n杨帆,\n')), 400, ScheduleMessage.ImportFormat);
    expectError(await send('排班.csv', xlsx), 400, ScheduleMessage.ImportFormat);
    expectError(await send('排班', xlsx), 400, ScheduleMessage.ImportFormat);
    expectError(await send('排班.xls', Buffer.from('<html><table><tr><td>姓名</td></tr></table></html>')), 400, ScheduleMessage.ImportFormat);
    expectError(await send('排班.xlsx', Buffer.alloc(0)), 400, ScheduleMessage.ImportFormat);
    // Over 2 MB: refused while reading, whatever it is.
    const huge = Buffer.concat([xlsx, Buffer.alloc(SCHEDULE_LIMITS.importBytes, 0x20)]);
    expectError(await send('排班.xlsx', huge), 413, ScheduleMessage.ImportTooLarge);
    // A zip bomb named .xlsx: a sheet of 30 MB of spaces, a few KB compressed.
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024, 0x20) }]);
    expect(bomb.length).toBeLessThan(SCHEDULE_LIMITS.importBytes);
    expectError(await send('排班.xlsx', bomb), 400, ScheduleMessage.ImportUnreadable);
    // One that lies about its size.
    const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20), declaredSize: 100 }]);
    expectError(await send('排班.xlsx', liar), 400, ScheduleMessage.ImportUnreadable);
    // A zip that is no workbook, an OLE header with nothing behind it.
    expectError(await send('排班.xlsx', zipOf([{ name: 'hello.txt', data: Buffer.from('hi') }])), 400, ScheduleMessage.ImportUnreadable);
    expectError(await send('排班.xls', Buffer.from('d0cf11e0a1b11ae1000000000000', 'hex')), 400, ScheduleMessage.ImportUnreadable);

    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([HEADERS, ['杨帆', '', '', 1]]);
    sheet.D2 = { t: 'n', v: 2, f: '1+1' };
    XLSX.utils.book_append_sheet(book, sheet, '排班');
    expectError(await send('排班.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer), 400, ScheduleMessage.ImportFormula);

    expect(await tables()).toEqual(before);
  });

  it('refuses a sheet without the name column, without rows, with too many, or with a bad row (row-numbered), nothing changed', async () => {
    const date = free(4);
    await upload(a, date, [HEADERS, ['陈静']]);
    const before = await tables();
    const refuse = async (rows: SheetCell[][], message: string, bookType: 'xls' | 'xlsx' = 'xlsx') =>
      expectError(await upload(a, date, rows, bookType), 400, message);

    await refuse(
      [
        ['手机号', '接收组'],
        ['13800000000', '一组'],
      ],
      `${ScheduleMessage.ImportMissingColumns}姓名`,
    );
    await refuse([['名字'], ['杨帆']], '表格缺少列：姓名', 'xls');
    await refuse([], '表格缺少列：姓名');
    await refuse([HEADERS], ScheduleMessage.ImportEmpty);
    await refuse([HEADERS, [], ['', '', '', '', '', '']], ScheduleMessage.ImportEmpty);
    await refuse([HEADERS, ...Array.from({ length: SCHEDULE_LIMITS.importRows + 1 }, () => ['杨帆'])], ScheduleMessage.ImportTooManyRows);
    await refuse([HEADERS, ['杨帆', '', '', '', '', '09:00-12:00'], ['胡斌', '', '', '', '', '12:00-09:00']], '第3行：结束时间不能小于开始时间');
    await refuse([HEADERS, ['杨帆', '', '', '', '', '9点']], `第2行：${ScheduleMessage.TimeInvalid}`);
    await refuse([HEADERS, ['杨帆', '', '', 1.5]], `第2行：${ScheduleMessage.DataNumInvalid}`);
    await refuse([HEADERS, ['杨帆', '', '', '', 100000]], `第2行：${ScheduleMessage.DataNumLimitInvalid}`);
    await refuse([HEADERS, ['杨帆', '', '', 'abc']], `第2行：${ScheduleMessage.DataNumInvalid}`);
    await refuse([HEADERS, ['杨帆'], ['', '13800000000']], `第3行：${ScheduleMessage.StaffInvalid}`);
    await refuse([HEADERS, ['杨帆'], ['不存在的人'], ['孙悦'], ['查无此人']], '找不到员工：不存在的人、孙悦、查无此人');
    await refuse([HEADERS, ['杨帆'], ['长'.repeat(3000)]], `找不到员工：${'长'.repeat(20)}…`);
    await refuse([HEADERS, ['杨帆', '', '三组'], ['胡斌', '', '一组']], '找不到接收组：三组');
    await refuse([HEADERS, ['杨帆'], ['杨帆']], `第3行：${ScheduleMessage.StaffRepeated}`);
    expect(await tables()).toEqual(before);
  });

  it("checks the fields and the project first: a missing file, a bad date, another customer's project", async () => {
    const date = free(5);
    const xlsx = { fileName: '排班.xlsx', bytes: sheetBytes([HEADERS, ['杨帆']], 'xlsx') };
    expectError(await importFile(a, fields(date)), 400, ScheduleMessage.ImportFileRequired);
    expectError(await importFile(a, { ...fields(date), date: addDays(today, 400) }, xlsx), 400, ScheduleMessage.DateInvalid);
    expectError(await importFile(a, { crmCode: 'ec', date }, xlsx), 400, ScheduleMessage.SelectProjectFirst);
    expectError(await importFile(a, { ...fields(date), crmCode: 'abc' }, xlsx), 400, ScheduleMessage.CrmCodeInvalid);
    expectError(await importFile(a, fields(date, itemB), xlsx), 404, ScheduleMessage.ItemNotFound);
    expectError(await importFile(b, fields(date), xlsx), 404, ScheduleMessage.ItemNotFound);
    expectError(await a.post(URLS.files, { date, itemId, crmCode: 'ec' }), 400, ScheduleMessage.ImportFileRequired);
    // crmCode defaults to ec (spec: the shift import form).
    const { crmCode: _crmCode, ...withoutCrm } = fields(date);
    expect((await importFile(a, withoutCrm, xlsx)).json().data).toEqual({ status: 'done', count: 1 });
    expect((await rowsOf(date)).map((row) => row.userId)).toEqual([await staffId('杨帆')]);
  });

  it('stops at repeated names and lists their candidates; the choice made is taken, the phone decides when it can', async () => {
    const date = free(6);
    const rows = [HEADERS, ['赵重名', '', '一组', 2], ['黄磊']];
    const before = await tables();
    const response = await upload(a, date, rows);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toEqual({
      status: 'repeat',
      importId: expect.stringMatching(/^[0-9a-f]{32}$/),
      repeats: [
        {
          userName: '赵重名',
          rows: [2],
          candidates: [
            { id: twins[0], userName: '赵重名', phone: '13700000001', deptName: '招商一部' },
            { id: twins[1], userName: '赵重名', phone: '13700000002', deptName: '招商二部' },
          ],
        },
      ],
    });
    // Nothing applied yet.
    expect((await tables()).rows).toEqual(before.rows);
    expect(await rowsOf(date)).toEqual([]);

    expectError(
      await a.post(URLS.submitRepeat, { importId: data.importId, choices: [{ userName: '赵重名', userId: 99999 }] }),
      400,
      ScheduleMessage.RepeatChoiceInvalid,
    );
    expectError(
      await a.post(URLS.submitRepeat, { importId: data.importId, choices: [{ userName: '黄磊', userId: twins[0] }] }),
      400,
      ScheduleMessage.RepeatChoiceInvalid,
    );
    expectError(await b.post(URLS.submitRepeat, { importId: data.importId, choices: [] }), 404, ScheduleMessage.ImportExpired);

    const submitted = await a.post(URLS.submitRepeat, { importId: data.importId, choices: [{ userName: '赵重名', userId: twins[1] }] });
    expect(submitted.json()).toEqual({ code: '200', message: ScheduleMessage.ImportSucceeded, data: { status: 'done', count: 2 } });
    expect(await rowsOf(date)).toEqual([
      { userId: twins[1], acceptGroupId: groups.get('一组'), dataNum: 2, dataNumLimit: null, timeStr: '', sort: 0 },
      { userId: await staffId('黄磊'), acceptGroupId: null, dataNum: null, dataNumLimit: null, timeStr: '', sort: 1 },
    ]);
    // Applied once: the pending import is gone.
    expectError(await a.post(URLS.submitRepeat, { importId: data.importId, choices: [] }), 404, ScheduleMessage.ImportExpired);
    expect((await tables()).pending).toEqual(before.pending);

    // The phone decides: no question.
    expect((await upload(a, date, [HEADERS, ['赵重名', '13700000002']])).json().data).toEqual({ status: 'done', count: 1 });
    expect((await rowsOf(date)).map((row) => row.userId)).toEqual([twins[1]]);
    // A phone that matches neither leaves the question.
    expect((await upload(a, date, [HEADERS, ['赵重名', '13799999999']])).json().data.status).toBe('repeat');
  });

  it('takes the first person when none is chosen; an expired import is refused', async () => {
    const date = free(7);
    const first = (await upload(a, date, [HEADERS, ['赵重名']], 'xls')).json().data;
    expect(first.status).toBe('repeat');
    expect((await a.post(URLS.submitRepeat, { importId: first.importId, choices: [{ userName: '赵重名', userId: null }] })).json().data).toEqual({
      status: 'done',
      count: 1,
    });
    expect((await rowsOf(date)).map((row) => row.userId)).toEqual([twins[0]]);

    const second = (await upload(a, date, [HEADERS, ['李娜'], ['赵重名', '', '二组']])).json().data;
    expect((await a.post(URLS.submitRepeat, { importId: second.importId, choices: [] })).json().data).toEqual({ status: 'done', count: 2 });
    expect((await rowsOf(date)).map((row) => [row.userId, row.acceptGroupId])).toEqual([
      [await staffId('李娜'), null],
      [twins[0], groups.get('二组')],
    ]);

    const third = (await upload(a, date, [HEADERS, ['赵重名']])).json().data;
    await t.db
      .updateTable('scheduleImports')
      .set({ createdAt: Date.now() - 61 * 60 * 1000 })
      .where('id', '=', third.importId)
      .execute();
    expectError(await a.post(URLS.submitRepeat, { importId: third.importId, choices: [] }), 404, ScheduleMessage.ImportExpired);
    expectError(await a.post(URLS.submitRepeat, { importId: 'x', choices: [] }), 400, ScheduleMessage.ImportExpired);
    expect((await rowsOf(date)).map((row) => row.userId)).toEqual([await staffId('李娜'), twins[0]]);
  });

  it('downloads the template the import reads: exactly its columns; filled in, it imports', async () => {
    const response = await a.get(URLS.template);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_MIME);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(IMPORT_TEMPLATE_NAME)}`);
    const bytes = response.rawPayload;
    const book = XLSX.read(bytes, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([HEADERS]);

    XLSX.utils.sheet_add_aoa(sheet, [['王强', '13811110002', '二组', 3, 12, '10:00-11:00']], { origin: -1 });
    const filled = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const date = free(8);
    expect((await importFile(a, fields(date), { fileName: IMPORT_TEMPLATE_NAME, bytes: filled })).json()).toEqual({
      code: '200',
      message: ScheduleMessage.ImportSucceeded,
      data: { status: 'done', count: 1 },
    });
    expect(await rowsOf(date)).toEqual([
      { userId: await staffId('王强'), acceptGroupId: groups.get('二组'), dataNum: 3, dataNumLimit: 12, timeStr: '10:00-11:00', sort: 0 },
    ]);
    expect((await t.client().get(URLS.template)).statusCode).toBe(401);
  });
});
