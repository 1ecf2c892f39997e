import { DateMessage, LeadMessage, PlatformMessage, WorkbenchMessage } from '@portal/contracts';
import { LEAD_EXPORT_COLUMNS, LeadApiMessage, NO_RECEIVER, type LeadKind } from '@portal/contracts/leads';
import { leadExportEndpoints } from '@portal/contracts/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { insertLeads } from './repo';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, insertFixtures, itemIdsOf, leadRow, parseCsv } from '../../test/leads';
import { EXPORT_BATCH, exportLeads, safeCell } from './export';

const RANGE = { startTime: '2021-05-01', endTime: '2021-05-02' };
const url = (kind: keyof typeof leadExportEndpoints) => `/rest${leadExportEndpoints[kind].path}`;
const BOM = '\uFEFF';
const MAX_ROWS = 4;

/** The data rows of an export (header checked and dropped). */
function rowsOf(response: LightMyRequestResponse): string[][] {
  expect(response.statusCode).toBe(200);
  expect(response.body.startsWith(BOM)).toBe(true);
  const [header, ...rows] = parseCsv(response.body.slice(1));
  expect(header).toEqual([...LEAD_EXPORT_COLUMNS]);
  return rows;
}

describe('csv cells', () => {
  it('neutralises formulas before the cell reaches the CSV writer', () => {
    expect(safeCell('=1+1')).toBe(`'=1+1`);
    expect(safeCell('+86 138')).toBe(`'+86 138`);
    expect(safeCell('-5')).toBe(`'-5`);
    expect(safeCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(safeCell('\tx')).toBe(`'\tx`);
    expect(safeCell('\rx')).toBe(`'\rx`);
    expect(safeCell('a "b", c\r\nd')).toBe('a "b", c\r\nd');
    expect(safeCell('张三')).toBe('张三');
    expect(safeCell('')).toBe('');
  });
});

describe.each(dialects())('exports on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let customerA: number;
  let customerB: number;
  beforeAll(async () => {
    t = await startApp(dialect);
    ({ a, b } = await demoClients(t));
    customerA = await customerIdOf(t.db, 'demo');
    customerB = await customerIdOf(t.db, 'demo2');
    const itemsA = await itemIdsOf(t.db, customerA);
    const at = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    await insertFixtures(t.db, [
      leadRow(customerA, 'resource', {
        name: '=HYPERLINK("http://evil.example")',
        mobile: '13800000001',
        itemId: itemsA[0],
        itemTitle: '茶语时光奶茶加盟',
        other: '-1+1',
        channelTitle: '百度竞价',
        searchWord: 'a,b "c"\r\nd',
        region: '广东省广州市',
        resType: 2,
        otherInfo: '\t制表',
        descrip: '@SUM(A1)',
        remark: '+cmd|calc',
        crmFollower: '张丽',
        readStatus: 1,
        mobileStatus: 0,
        createTime: at('2021-05-01', 2),
      }),
      leadRow(customerA, 'resource', { name: '王芳', mobile: '13800000002', createTime: at('2021-05-01', 5) }),
      leadRow(customerA, 'resource', { name: '已删', mobile: '13800000003', createTime: at('2021-05-01', 6), status: -1 }),
      leadRow(customerA, 'resource', { name: '范围外', mobile: '13800000004', createTime: '2021-05-02T16:00:00.000Z' }),
      leadRow(customerA, 'infoList', { name: '表单客户', createTime: at('2021-05-01', 3) }),
      leadRow(customerA, 'infoList', { name: '官网表单', createTime: at('2021-05-01', 1), platform: 1 }),
      leadRow(customerA, 'feedback', { name: '竞价客户', createTime: at('2021-05-01', 3) }),
      leadRow(customerA, 'baiList', { name: '留言客户', createTime: at('2021-05-01', 3) }),
      leadRow(customerB, 'resource', { name: '乙方客户', createTime: at('2021-05-01', 3) }),
    ]);
  });
  afterAll(() => t.close());

  it('streams a UTF-8 CSV with BOM, Chinese columns and an RFC 5987 file name', async () => {
    const response = await a.get(url('resource'), { query: { ...RANGE, fileGenre: '1', readStatus: '-1' } });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="leads-resource-2021-05-01-2021-05-02.csv"; filename*=UTF-8''${encodeURIComponent('智能投放资源_2021-05-01至2021-05-02.csv')}`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = rowsOf(response);
    expect(rows.map((row) => row[1])).toEqual(['王芳', `'=HYPERLINK("http://evil.example")`]);
    expect(rows[1]).toEqual([
      '茶语时光奶茶加盟',
      `'=HYPERLINK("http://evil.example")`,
      '13800000001',
      '疑似问题',
      "'-1+1",
      '百度竞价',
      'a,b "c"\r\nd',
      '广东省广州市',
      '智能对话',
      "'\t制表",
      '2021-05-01 10:00:00',
      '张丽',
      "'@SUM(A1)",
      "'+cmd|calc",
      '已读',
    ]);
    expect(rows[0].slice(3, 4)).toEqual(['正常']);
  });

  it('names a Chinese file per RFC 5987 and writes the exact bytes: quotes doubled, commas and line breaks kept in a cell', async () => {
    const response = await a.get(url('resource'), { query: RANGE });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="leads-resource-2021-05-01-2021-05-02.csv"; ` +
        `filename*=UTF-8''%E6%99%BA%E8%83%BD%E6%8A%95%E6%94%BE%E8%B5%84%E6%BA%90_2021-05-01%E8%87%B32021-05-02.csv`,
    );
    const header = `${BOM}"项目名称","姓名","电话","号码类型",`;
    expect(response.body.slice(0, header.length)).toBe(header);
    const lastLine =
      `"茶语时光奶茶加盟","'=HYPERLINK(""http://evil.example"")","13800000001","疑似问题","'-1+1","百度竞价","a,b ""c""\r\nd",` +
      `"广东省广州市","智能对话","'\t制表","2021-05-01 10:00:00","张丽","'@SUM(A1)","'+cmd|calc","已读"\r\n`;
    expect(response.body.slice(-lastLine.length)).toBe(lastLine);
  });

  it('filters by read status, and each path exports its own list', async () => {
    expect(rowsOf(await a.get(url('resource'), { query: { ...RANGE, readStatus: '1' } })).map((row) => row[2])).toEqual(['13800000001']);
    expect(rowsOf(await a.get(url('resource'), { query: { ...RANGE, readStatus: '0' } })).map((row) => row[2])).toEqual(['13800000002']);
    expect(rowsOf(await a.get(url('resource'), { query: { ...RANGE, phone: '138000000' } }))).toHaveLength(2);
    const expected: Record<keyof typeof leadExportEndpoints, string> = {
      infoList: '表单客户',
      feedback: '竞价客户',
      baiList: '留言客户',
      resource: '王芳',
    };
    for (const kind of Object.keys(leadExportEndpoints) as Array<keyof typeof leadExportEndpoints>) {
      expect(rowsOf(await a.get(url(kind), { query: RANGE }))[0][1]).toBe(expected[kind]);
    }
  });

  it('exports the form list of one platform when the form-list page asks for it', async () => {
    expect(rowsOf(await a.get(url('infoList'), { query: { ...RANGE, platformId: '1' } })).map((row) => row[1])).toEqual(['官网表单']);
    expect(rowsOf(await a.get(url('infoList'), { query: RANGE })).map((row) => row[1])).toEqual(['表单客户', '官网表单']);
    expectError(await a.get(url('infoList'), { query: { ...RANGE, platformId: '0' } }), 400, LeadApiMessage.PlatformInvalid);
  });

  it("exports only the customer's own leads", async () => {
    expect(rowsOf(await b.get(url('resource'), { query: RANGE })).map((row) => row[1])).toEqual(['乙方客户']);
    const itemsA = await itemIdsOf(t.db, customerA);
    expectError(await b.get(url('resource'), { query: { ...RANGE, itemId: String(itemsA[0]) } }), 404, PlatformMessage.ItemNotFound);
  });

  it('exports the leads of a project whatever its status or modeType, and of every project when none is named (issue 27)', async () => {
    const day = '2021-06-01';
    const projects = await t.db.selectFrom('items').select(['id', 'title']).where('customerId', '=', customerA).orderBy('id').execute();
    const idOf = (title: string) => projects.find((item) => item.title === title)!.id;
    const titles = ['茶语时光奶茶加盟', '童趣乐园早教中心', '净衣坊干洗连锁', '果然鲜水果超市'];
    await insertFixtures(
      t.db,
      titles.map((title, i) =>
        leadRow(customerA, 'feedback', { name: `项目客户${i}`, itemId: idOf(title), itemTitle: title, createTime: `${day}T0${i + 1}:00:00.000Z` }),
      ),
    );
    // The other customer's lead of that day stays out of the export of every project.
    await insertFixtures(t.db, [leadRow(customerB, 'feedback', { name: '乙方同日', createTime: `${day}T05:00:00.000Z` })]);
    const range = { startTime: day, endTime: day };
    // 童趣乐园早教中心 (modeType 1), 净衣坊干洗连锁 (审核中), 果然鲜水果超市 (已下架): each exports its own leads.
    for (const [i, title] of titles.entries()) {
      const rows = rowsOf(await a.get(url('feedback'), { query: { ...range, itemId: String(idOf(title)) } }));
      expect(rows.map((row) => [row[0], row[1]])).toEqual([[title, `项目客户${i}`]]);
    }
    // No project: every project's leads of the days, newest first.
    const all = rowsOf(await a.get(url('feedback'), { query: { ...range, readStatus: '-1', fileGenre: '1' } }));
    expect(all.map((row) => row[0])).toEqual([...titles].reverse());
    // The bound of one project holds for all of them.
    expectError(await a.get(url('feedback'), { query: { startTime: '2020-01-01', endTime: '2021-06-01' } }), 400, WorkbenchMessage.RangeTooLong);
  });

  it('refuses an export of more rows than its bound before the first byte, with how to narrow it; a narrower one goes', async () => {
    const day = '2021-07-01';
    await insertFixtures(
      t.db,
      Array.from({ length: MAX_ROWS + 1 }, (_, i) =>
        leadRow(customerA, 'feedback', { name: `批量${i}`, mobile: `1390000000${i}`, createTime: `${day}T0${i + 1}:00:00.000Z` }),
      ),
    );
    // An app on the same database with a small row bound.
    const small = await startApp(dialect, { database: t.database, seed: false, leadExportMaxRows: MAX_ROWS });
    try {
      const { a: client } = await demoClients(small);
      const range = { startTime: day, endTime: day };
      const refused = await client.get(url('feedback'), { query: range });
      expectError(refused, 400, '导出数据超过4条，请缩小时间范围或选择项目后再导出');
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(rowsOf(await client.get(url('feedback'), { query: { ...range, phone: '13900000001' } })).map((row) => row[1])).toEqual(['批量1']);
      // The default bound (LEAD_EXPORT_MAX_ROWS) takes these.
      expect(rowsOf(await a.get(url('feedback'), { query: range }))).toHaveLength(MAX_ROWS + 1);
    } finally {
      await small.close();
    }
  });

  it("exports the leads of one receiver, or of none (the receive reports' 接收人)", async () => {
    expect(rowsOf(await a.get(url('resource'), { query: { ...RANGE, crmFollower: '张丽' } })).map((row) => row[1])).toEqual([
      `'=HYPERLINK("http://evil.example")`,
    ]);
    expect(rowsOf(await a.get(url('resource'), { query: { ...RANGE, crmFollower: NO_RECEIVER } })).map((row) => row[1])).toEqual(['王芳']);
    expectError(await a.get(url('resource'), { query: { ...RANGE, crmFollower: 'x'.repeat(51) } }), 400, LeadApiMessage.ReceiverInvalid);
  });

  it('refuses an export without a time range and other bad queries', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, LeadMessage.ChooseTimeRange],
      [{ startTime: '2021-05-01' }, LeadMessage.ChooseTimeRange],
      [{ endTime: '2021-05-01' }, LeadMessage.ChooseTimeRange],
      [{ startTime: '', endTime: '' }, LeadMessage.ChooseTimeRange],
      [{ startTime: '2021-5-1', endTime: '2021-05-02' }, DateMessage.Invalid],
      [{ startTime: '2021-05-03', endTime: '2021-05-02' }, DateMessage.Order],
      [{ startTime: '2020-01-01', endTime: '2021-01-01' }, WorkbenchMessage.RangeTooLong],
      [{ ...RANGE, fileGenre: '2' }, LeadMessage.ChooseFileGenre],
      [{ ...RANGE, fileGenre: 'xls' }, LeadMessage.ChooseFileGenre],
      [{ ...RANGE, readStatus: '2' }, LeadMessage.ChooseReadStatus],
      [{ ...RANGE, readStatus: '-2' }, LeadMessage.ChooseReadStatus],
      [{ ...RANGE, itemId: "1' OR 1=1" }, PlatformMessage.ItemInvalid],
    ];
    for (const [query, message] of cases) expectError(await a.get(url('resource'), { query }), 400, message);
    // 366 days is the most.
    expect((await a.get(url('resource'), { query: { startTime: '2020-05-02', endTime: '2021-05-02' } })).statusCode).toBe(200);
  });

  if (dialect === 'sqlite') {
    it('streams 100,000 leads in keyset batches with the right row count and safe cells', async () => {
      const TOTAL = 100_000;
      const start = Date.parse('2022-06-01T00:00:00.000Z');
      const row = (i: number) =>
        leadRow(customerA, 'resource' as LeadKind, {
          name: i % 1000 === 0 ? `=cmd|' /C calc'!A${i}` : `客户${i}`,
          mobile: `139${String(i).padStart(8, '0')}`,
          remark: i % 7 === 0 ? '备注, 含 "引号"' : null,
          // Some share a time: the keyset must not skip or repeat them.
          createTime: new Date(start + Math.floor(i / 3) * 20_000).toISOString(),
        });
      await t.db.transaction().execute(async (tx) => {
        for (let from = 0; from < TOTAL; from += 10_000)
          await insertLeads(
            tx,
            Array.from({ length: 10_000 }, (_, i) => row(from + i)),
          );
      });
      const query = { startTime: '2022-06-01', endTime: '2022-07-31' };

      const response = await a.get(url('resource'), { query });
      const rows = rowsOf(response);
      expect(rows).toHaveLength(TOTAL);
      expect(new Set(rows.map((cells) => cells[2])).size).toBe(TOTAL);
      expect(rows[0][2]).toBe(`139${String(TOTAL - 1).padStart(8, '0')}`);
      const formulas = rows.filter((cells) => cells[1].startsWith(`'=cmd`));
      expect(formulas).toHaveLength(TOTAL / 1000);
      expect(rows.every((cells) => cells.every((cell) => !/^[=+\-@\t\r]/.test(cell)))).toBe(true);

      // The stream is made batch by batch as it is read, never as one string: the first chunks
      // hold at most a batch of rows each, and stopping early reads no more.
      const file = await exportLeads(t.db, customerA, 'resource', { ...query, readStatus: -1 });
      const sizes: number[] = [];
      for await (const chunk of file.stream) {
        sizes.push((chunk as Buffer).length);
        if (sizes.length === 4) break;
      }
      expect(sizes).toHaveLength(4);
      expect(Math.max(...sizes)).toBeLessThan(EXPORT_BATCH * 400);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(Buffer.byteLength(response.body) / 10);
      expect(file.stream.destroyed).toBe(true);
    }, 60_000);
  }
});
