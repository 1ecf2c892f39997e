import * as XLSX from '@e965/xlsx';
import contentDisposition from 'content-disposition';
import { DateMessage, PlatformMessage } from '@portal/contracts';
import { LOW_BALANCE_DAYS, ReportMessage } from '@portal/contracts/reports';
import { hashPassword } from '../auth/passwords';
import { addDays, chinaToday } from '../../lib/time';
import { ServerEvents } from '../../realtime/events';
import { dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, insertFixtures, leadRow } from '../../test/leads';
import { rebuildRollups } from '../reports/rollup';
import { bookDay, nextRunAt, runConsumptionJob } from './job';
import { bookConsumption, canConsumeDays, topUp } from './service';

const R = '/rest/customer/report';
const today = chinaToday();
const ago = (days: number) => addDays(today, -days);
const zero = { costCoin: 0, serviceCoin: 0, cpCostCoin: 0, cpCostMoney: 0, jpCostCoin: 0, jpCostMoney: 0, impressions: 0, clicks: 0, talks: 0 };

describe('nextRunAt (China time = UTC+8)', () => {
  // 2025-03-07 is a Friday.
  it.each([
    ['Friday before 10:00', '2025-03-07T01:59:00Z', '2025-03-07T02:00:00.000Z'],
    ['Friday at 10:00 sharp goes to Saturday 11:00', '2025-03-07T02:00:00Z', '2025-03-08T03:00:00.000Z'],
    ['Friday after 10:00 -> Saturday 11:00', '2025-03-07T05:00:00Z', '2025-03-08T03:00:00.000Z'],
    ['Saturday 10:30 -> Saturday 11:00', '2025-03-08T02:30:00Z', '2025-03-08T03:00:00.000Z'],
    ['Sunday after 11:00 -> Monday 10:00', '2025-03-09T04:00:00Z', '2025-03-10T02:00:00.000Z'],
    ['Thursday 23:30 China (15:30 UTC) -> Friday 10:00', '2025-03-06T15:30:00Z', '2025-03-07T02:00:00.000Z'],
    ['Friday 00:30 China (Thursday 16:30 UTC) -> Friday 10:00', '2025-03-06T16:30:00Z', '2025-03-07T02:00:00.000Z'],
  ])('%s', (_name, now, next) => {
    expect(nextRunAt(new Date(now)).toISOString()).toBe(next);
  });
});

describe('canConsumeDays', () => {
  it('divides the balance by the average of the cost days, in integers', () => {
    expect(canConsumeDays(1000, 300, 3)).toBe(10);
    expect(canConsumeDays(999, 300, 3)).toBe(9);
    expect(canConsumeDays(0, 300, 3)).toBe(0);
    expect(canConsumeDays(-5, 300, 3)).toBe(0);
    expect(canConsumeDays(1000, 0, 0)).toBeNull();
  });
});

describe.each(dialects())('ledger on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let c: TestClient;
  let events: ServerEvents;
  /** The fresh customer's projects: one, two (no data) and a third with a formula-like title. */
  let p1: number;
  let p2: number;
  let p3: number;
  let demoItem: number;

  const json = async (client: TestClient, path: string, query?: Record<string, string>) => {
    const response = await client.get(`${R}${path}`, { query });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const sheet = async (client: TestClient, path: string, query?: Record<string, string>) => {
    const response = await client.get(`${R}${path}`, { query });
    expect(response.statusCode).toBe(200);
    const book = XLSX.read(response.rawPayload);
    return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
  };
  const book = (itemId: number, day: string, costMoney: number, extra: Partial<typeof zero> = {}) =>
    bookConsumption(t.db, events, { itemId, day, ...zero, costMoney, costCoin: Math.floor(costMoney / 50), ...extra });

  beforeAll(async () => {
    t = await startApp(dialect);
    events = t.app.events;
    const passwordHash = await hashPassword('Ledger12345');
    const { id: customerId } = await t.db
      .insertInto('customers')
      .values({ loginAccount: 'ledgerc', passwordHash, registerTime: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = (title: string, saler: string) =>
      t.db
        .insertInto('items')
        .values({ customerId, title, status: 1, modeType: null, industry: '餐饮', saler, serverManager: '何佳', unitPrice: 100_00 })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    p1 = await item('甲项目', '孙浩');
    p2 = await item('乙项目', '孙浩');
    p3 = await item('=HYPERLINK("x")', '@evil');
    a = t.client();
    b = t.client();
    c = t.client();
    await a.login('demo');
    await b.login('demo2');
    await c.login('ledgerc', 'Ledger12345');
    demoItem = ((await a.get('/rest/customer/platform/items/all')).json() as Array<{ id: number }>)[0]!.id;

    // A known ledger: 1000 yuan in, then 100 yuan yesterday, 50 the day before, 0 three days ago, 30 eight days ago (outside the window).
    await topUp(t.db, events, { customerId, itemId: p1, money: 1000_00, type: 1, payTime: ago(10), remark: '首充' });
    await book(p1, ago(8), 30_00);
    await book(p1, ago(3), 0, { impressions: 500 });
    await book(p1, ago(2), 50_00, { clicks: 40, talks: 4 });
    await book(p1, ago(1), 100_00, { clicks: 70, talks: 9 });
    await topUp(t.db, events, { customerId, itemId: p3, money: 20_00, type: 2, payTime: ago(1), remark: '=1+1' });
    // 留言数 counts the leads on the lists (live ones): 3 + 1 + 1 yesterday for p1 (the distributed
    // resource is on 资源列表 too), 2 five days ago for p2; a deleted lead does not count.
    const at = (day: string) => ({ createTime: `${day}T04:00:00.000Z` });
    await insertFixtures(t.db, [
      ...Array.from({ length: 3 }, () => leadRow(customerId, 'resource', { itemId: p1, ...at(ago(1)) })),
      leadRow(customerId, 'feedback', { itemId: p1, crmFollower: '张丽', ...at(ago(1)) }),
      leadRow(customerId, 'feedback', { itemId: p1, status: -1, ...at(ago(1)) }),
      leadRow(customerId, 'distribution', { itemId: p1, ...at(ago(1)) }),
      leadRow(customerId, 'infoList', { itemId: p2, ...at(ago(5)) }),
      leadRow(customerId, 'baiList', { itemId: p2, ...at(ago(5)) }),
    ]);
    await rebuildRollups(t.db, customerId);
    await t.db
      .insertInto('dailyStats')
      .values({ customerId, itemId: p1, date: ago(1), impressions: 900, clicks: 70, validConversations: 9, phoneRequests: 4 })
      .execute();
  });
  afterAll(() => t.close());

  describe('balance', () => {
    it('answers the totals, the last two days and canConsumeDay from the ledger', async () => {
      const report = await json(c, '/balance');
      const row = report.rows.find((r: { itemId: number }) => r.itemId === p1);
      // Balance 1000 - 30 - 50 - 100 = 820 yuan; window days with cost: 50 and 100 -> average 75 -> 10 days.
      expect(row).toEqual({
        itemId: p1,
        title: '甲项目',
        industry: '餐饮',
        saler: '孙浩',
        server: '何佳',
        increment: 1000_00,
        money: 820_00,
        beforeYesterdayCostMoney: 50_00,
        yesterdayCostMoney: 100_00,
        canConsumeDay: 10,
      });
      expect(report.rows.find((r: { itemId: number }) => r.itemId === p2)).toMatchObject({ increment: 0, money: 0, canConsumeDay: null });
      expect(report.summary).toEqual({ increment: 1020_00, money: 840_00, beforeYesterdayCostMoney: 50_00, yesterdayCostMoney: 100_00 });
    });

    it('exports the balance as xlsx with the 合计 row, money in yuan, formulas neutralised', async () => {
      const rows = await sheet(c, '/balance/files');
      expect(rows[0]).toEqual([
        '项目',
        '行业',
        '销售经理',
        '服务经理',
        '累计充值(元)',
        '现金余额(元)',
        '前天消耗(元)',
        '昨天消耗(元)',
        '预计可用天数',
      ]);
      expect(rows[1]).toEqual(['甲项目', '餐饮', '孙浩', '何佳', 1000, 820, 50, 100, 10]);
      expect(rows[3]![0]).toBe(`'=HYPERLINK("x")`);
      expect(rows[3]![2]).toBe(`'@evil`);
      expect(rows[rows.length - 1]).toEqual(['合计', '', '', '', 1020, 840, 50, 100, '']);
      const csv = await c.get(`${R}/balance/files`, { query: { format: 'csv' } });
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body).toContain('合计');
    });

    it('lists the demo project seeded low, and none of demo2', async () => {
      const low = await json(a, '/balance/low');
      expect(low).toHaveLength(1);
      expect(low[0].canConsumeDay).toBeGreaterThan(0);
      expect(low[0].canConsumeDay).toBeLessThanOrEqual(LOW_BALANCE_DAYS);
      expect(await json(b, '/balance/low')).toEqual([]);
    });
  });

  describe('booking', () => {
    it('books a day once, and two concurrent bookings once', async () => {
      const again = await book(p2, ago(6), 10_00);
      expect(again.booked).toBe(true);
      expect((await book(p2, ago(6), 10_00)).booked).toBe(false);
      const both = await Promise.all([book(p2, ago(7), 5_00), book(p2, ago(7), 5_00)]);
      expect(both.map((r) => r.booked).sort()).toEqual([false, true]);
      const account = await t.db.selectFrom('ledgerAccounts').select('consumed').where('itemId', '=', p2).executeTakeFirstOrThrow();
      expect(Number(account.consumed)).toBe(15_00);
    });

    it('runs the job once per day, also when two run at once', async () => {
      const day = ago(4);
      const [first, second] = await Promise.all([runConsumptionJob(t.db, events, day), runConsumptionJob(t.db, events, day)]);
      expect([first.claimed, second.claimed].sort()).toEqual([false, true]);
      const outcome = first.claimed ? first : second;
      if (!outcome.claimed) throw new Error('unreachable');
      // The fresh customer's projects had no booking that day (the demo's are seeded: already booked).
      expect(outcome.results.filter((r) => [p1, p2, p3].includes(r.itemId)).map((r) => [r.itemId, r.booked])).toEqual([
        [p1, true],
        [p2, true],
        [p3, true],
      ]);
      expect(await runConsumptionJob(t.db, events, day)).toEqual({ claimed: false });
      // The booking itself is idempotent too (the CLI's path).
      expect((await bookDay(t.db, events, day)).some((r) => r.booked)).toBe(false);
      const rows = await t.db.selectFrom('ledgerConsumptions').select('itemId').where('day', '=', day).execute();
      expect(new Set(rows.map((r) => r.itemId)).size).toBe(rows.length);
    });

    it('sends the low-balance notice once per drop and re-arms after a top-up', async () => {
      const notices = async () =>
        (
          (await c.get('/rest/customer/message/messages', { query: { pageSize: '100' } })).json() as Array<{ title: string; contents: string }>
        ).filter((m) => m.title === ReportMessage.LowBalanceTitle && m.contents.includes('HYPERLINK'));
      // p3: 20 yuan, then 15 yuan yesterday -> 5 left, average 15 -> 0 days: low.
      const first = await book(p3, ago(1), 15_00);
      expect(first).toMatchObject({ booked: true, noticed: true, state: { balance: 5_00, canConsumeDay: 0 } });
      expect(await notices()).toHaveLength(1);
      expect((await notices())[0]!.contents).toContain(ReportMessage.lowBalanceDays(0));
      expect((await notices())[0]!.contents).toContain('=HYPERLINK("x")');
      // p2 spent without a top-up: low too (0 days).
      expect((await json(c, '/balance/low')).map((r: { itemId: number }) => r.itemId)).toEqual([p2, p3]);
      // Still low after another booking: no second notice.
      expect((await book(p3, ago(2), 1_00)).noticed).toBe(false);
      expect(await notices()).toHaveLength(1);
      // A top-up that leaves it low re-arms nothing; one that lifts it above the threshold re-arms.
      await topUp(t.db, events, {
        customerId: (await t.db.selectFrom('items').select('customerId').where('id', '=', p3).executeTakeFirstOrThrow()).customerId,
        itemId: p3,
        money: 1_00,
        type: 1,
        payTime: today,
      });
      expect(await notices()).toHaveLength(1);
      const customerId = (await t.db.selectFrom('items').select('customerId').where('id', '=', p3).executeTakeFirstOrThrow()).customerId;
      const lifted = await topUp(t.db, events, { customerId, itemId: p3, money: 500_00, type: 1, payTime: today });
      expect(lifted.state.canConsumeDay).toBeGreaterThan(LOW_BALANCE_DAYS);
      expect((await t.db.selectFrom('ledgerAccounts').select('lowNoticeSent').where('itemId', '=', p3).executeTakeFirstOrThrow()).lowNoticeSent).toBe(
        0,
      );
      expect((await json(c, '/balance/low')).map((r: { itemId: number }) => r.itemId)).toEqual([p2]);
      // The next drop notifies again.
      expect((await book(p3, ago(3), 600_00)).noticed).toBe(true);
      expect(await notices()).toHaveLength(2);
      // Another customer hears nothing of it.
      const demoNotices = (await a.get('/rest/customer/message/messages', { query: { pageSize: '100' } })).json() as Array<{ contents: string }>;
      expect(demoNotices.some((m) => m.contents.includes('HYPERLINK'))).toBe(false);
    });
  });

  describe('top-ups', () => {
    it('pages the records, filters by project, type and arrival day, sums every record', async () => {
      const all = await json(c, '/topups', { pageSize: '1' });
      expect(all.rows).toHaveLength(1);
      expect(all.pagination).toMatchObject({ page: 1, pageSize: 1 });
      expect(all.pagination.totalRow).toBeGreaterThanOrEqual(4);
      const p1Only = await json(c, '/topups', { itemId: String(p1) });
      expect(p1Only.rows).toEqual([
        {
          id: expect.any(Number),
          itemId: p1,
          itemTitle: '甲项目',
          money: 1000_00,
          type: 1,
          payTime: ago(10),
          remark: '首充',
          publishTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        },
      ]);
      expect(p1Only.summary).toEqual({ money: 1000_00 });
      const typeTwo = await json(c, '/topups', { type: '2' });
      expect(typeTwo.rows.map((r: { itemId: number }) => r.itemId)).toEqual([p3]);
      const ranged = await json(c, '/topups', { startTime: ago(1), endTime: today });
      expect(ranged.rows.every((r: { payTime: string }) => r.payTime >= ago(1))).toBe(true);
      expect(ranged.rows.some((r: { itemId: number }) => r.itemId === p1)).toBe(false);
    });

    it('exports the records with 合计 and a neutralised remark', async () => {
      const rows = await sheet(c, '/topups/files', { itemId: String(p3), type: '2' });
      expect(rows[0]).toEqual(['编号', '项目', '充值金额(元)', '类型', '到账日期', '备注', '录入时间']);
      expect(rows[1]).toEqual([expect.any(Number), `'=HYPERLINK("x")`, 20, '智能投放', ago(1), `'=1+1`, expect.any(String)]);
      expect(rows[2]).toEqual(['合计', '', 20, '', '', '', '']);
    });

    it('exports a date range: the file name holds 至 in its UTF-8 form beside an ASCII fallback', async () => {
      for (const format of ['xlsx', 'csv']) {
        const response = await c.get(`${R}/topups/files`, { query: { startTime: ago(10), endTime: today, format } });
        expect({ status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({ status: 200, body: '' });
        const header = response.headers['content-disposition'] as string;
        // parse() gives the UTF-8 name (filename*) over the ASCII fallback (filename).
        expect(contentDisposition.parse(header)).toEqual({ type: 'attachment', parameters: { filename: `充值记录_${ago(10)}至${today}.${format}` } });
        expect(header).toBe(
          `attachment; filename="topups-${ago(10)}-${today}.${format}"; filename*=UTF-8''${encodeURIComponent(`充值记录_${ago(10)}至${today}.${format}`)}`,
        );
        if (format === 'csv') expect(response.body.startsWith('\uFEFF')).toBe(true);
        const book = XLSX.read(format === 'csv' ? response.body.slice(1) : response.rawPayload, { type: format === 'csv' ? 'string' : 'buffer' });
        const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
        expect(rows[0]).toEqual(['编号', '项目', '充值金额(元)', '类型', '到账日期', '备注', '录入时间']);
        // p1's top-up arrived ten days ago: inside the range, and the summary row comes last.
        expect(rows.some((row) => row[1] === '甲项目' && row[2] === 1000)).toBe(true);
        expect(rows[rows.length - 1]![0]).toBe('合计');
      }
    });
  });

  describe('consumption grids', () => {
    it('answers the daily grid of a month (31 cells, null past its end) and the measure asked', async () => {
      const [year, month] = [Number(ago(1).slice(0, 4)), Number(ago(1).slice(5, 7))];
      const grid = await json(c, '/consumption/daily', { year: String(year), month: String(month), itemId: String(p1) });
      expect(grid).toMatchObject({ year, month, dataType: 2, money: true });
      expect(grid.rows).toHaveLength(1);
      const cells = grid.rows[0].cells as Array<number | null>;
      expect(cells).toHaveLength(31);
      const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
      expect(cells.slice(monthDays).every((cell) => cell === null)).toBe(true);
      expect(cells[Number(ago(1).slice(8, 10)) - 1]).toBe(100_00);
      const inMonth = [ago(8), ago(2), ago(1)].filter((d) => d.slice(0, 7) === ago(1).slice(0, 7));
      expect(grid.rows[0].total).toBe(inMonth.reduce((sum, d) => sum + ({ [ago(8)]: 30_00, [ago(2)]: 50_00, [ago(1)]: 100_00 }[d] ?? 0), 0));
      const coins = await json(c, '/consumption/daily', { year: String(year), month: String(month), itemId: String(p1), dataType: '1' });
      expect(coins.money).toBe(false);
      expect(coins.rows[0].cells[Number(ago(1).slice(8, 10)) - 1]).toBe(200);
    });

    it('answers the monthly grid: 12 cells per project and a total; the year sums the months', async () => {
      const year = Number(ago(1).slice(0, 4));
      const grid = await json(c, '/consumption/monthly', { year: String(year) });
      expect(grid).toMatchObject({ year, month: null, dataType: 2, money: true });
      for (const row of grid.rows) {
        expect(row.cells).toHaveLength(12);
        expect(row.total).toBe(row.cells.reduce((s: number, v: number) => s + v, 0));
      }
      expect(grid.summary.total).toBe(grid.rows.reduce((s: number, r: { total: number }) => s + r.total, 0));
      const empty = await json(c, '/consumption/monthly', { year: '2001' });
      expect(empty.summary.total).toBe(0);
    });

    it('exports a grid with 合计 and yuan numbers', async () => {
      const year = ago(1).slice(0, 4);
      const rows = await sheet(c, '/consumption/monthly/files', { year, itemId: String(p1) });
      expect(rows[0]).toEqual(['项目', ...Array.from({ length: 12 }, (_, i) => `${i + 1}月(元)`), '合计(元)']);
      expect(rows[1]![0]).toBe('甲项目');
      expect(rows[2]![0]).toBe('合计');
      expect(rows[2]![13]).toBe(rows[1]![13]);
      const daily = await sheet(c, '/consumption/daily/files', { year: '2024', month: '2', dataType: '3' });
      expect(daily[0]).toHaveLength(1 + 29 + 1);
      expect(daily[0]![29]).toBe('29日');
    });
  });

  describe('promotion', () => {
    it('answers a row per day and project with consumption or leads, newest first, with the summary and cost-points switch', async () => {
      const report = await json(c, '/promotion', { startTime: ago(10), endTime: today, pageSize: '100' });
      const yesterday = report.rows.find((r: { day: string; itemId: number }) => r.day === ago(1) && r.itemId === p1);
      expect(yesterday).toEqual({
        day: ago(1),
        itemId: p1,
        itemTitle: '甲项目',
        feedback: 5,
        phone: 4,
        total: 9,
        costCoin: 200,
        costMoney: 100_00,
        // 均价: the cost over the 6 leads received that day (the deleted one billed too), not over
        // 总资源数 (5 listed + 4 phone requests, which are not billed).
        price: 16_67,
        server: '何佳',
        saler: '孙浩',
        talk: 9,
        click: 70,
      });
      // Leads without a booked day still make a row.
      expect(report.rows.find((r: { day: string; itemId: number }) => r.day === ago(5) && r.itemId === p2)).toMatchObject({
        feedback: 2,
        costMoney: 0,
        price: 0,
      });
      const days = report.rows.map((r: { day: string }) => r.day);
      expect(days).toEqual([...days].sort().reverse());
      expect(report.summary.costMoney).toBe(report.rows.reduce((s: number, r: { costMoney: number }) => s + r.costMoney, 0));
      expect(report.showCostCoin).toBe(true);
      expect(report).toMatchObject({ startTime: ago(10), endTime: today });

      // The trend: every day of the range, oldest first, the days' sums over every row (every page).
      type Day = { day: string; costMoney: number; total: number };
      expect(report.trend.map((d: Day) => d.day)).toEqual(Array.from({ length: 11 }, (_, i) => ago(10 - i)));
      expect(report.trend.find((d: Day) => d.day === ago(1))).toEqual({
        day: ago(1),
        costMoney: report.rows.filter((r: { day: string }) => r.day === ago(1)).reduce((s: number, r: Day) => s + r.costMoney, 0),
        total: report.rows.filter((r: { day: string }) => r.day === ago(1)).reduce((s: number, r: Day) => s + r.total, 0),
      });
      expect(report.trend.reduce((s: number, d: Day) => s + d.costMoney, 0)).toBe(report.summary.costMoney);
      expect(report.trend.reduce((s: number, d: Day) => s + d.total, 0)).toBe(report.summary.total);

      const paged = await json(c, '/promotion', { startTime: ago(10), endTime: today, pageSize: '2', page: '2' });
      expect(paged.rows).toEqual(report.rows.slice(2, 4));
      expect(paged.trend).toEqual(report.trend);
      expect(paged.summary).toEqual(report.summary);
      expect(paged.pagination).toEqual({ page: 2, pageSize: 2, totalRow: report.rows.length, totalPage: Math.ceil(report.rows.length / 2) });

      const onlyP2 = await json(c, '/promotion', { itemId: String(p2), startTime: ago(10), endTime: ago(5) });
      expect(onlyP2.rows.every((r: { itemId: number }) => r.itemId === p2)).toBe(true);
      const none = await json(c, '/promotion', { startTime: '2001-01-01', endTime: '2001-01-31' });
      expect(none).toMatchObject({ rows: [], showCostCoin: false, summary: { total: 0, price: 0 } });
      expect(none.trend).toHaveLength(31);
    });

    it('defaults to the last 30 days ending today', async () => {
      expect(await json(a, '/promotion')).toMatchObject({ startTime: ago(29), endTime: today });
    });

    it('exports the promotion table with 合计', async () => {
      const rows = await sheet(c, '/promotion/files', { itemId: String(p1), startTime: ago(1), endTime: ago(1) });
      expect(rows[0]).toEqual(['日期', '项目', '留言数', '电话请求数', '总资源数', '消耗积分', '消耗金额(元)', '均价(元)', '服务经理', '销售']);
      expect(rows[1]).toEqual([ago(1), '甲项目', 5, 4, 9, 200, 100, 16.67, '何佳', '孙浩']);
      expect(rows[2]).toEqual(['合计', '', 5, 4, 9, 200, 100, 16.67, '', '']);
    });

    it('writes 待结算, as the page shows, for the costs of a day not booked yet (today), never 0', async () => {
      await t.db
        .insertInto('dailyStats')
        .values({
          customerId: await customerIdOf(t.db, 'ledgerc'),
          itemId: p2,
          date: today,
          impressions: 50,
          clicks: 5,
          validConversations: 1,
          phoneRequests: 2,
        })
        .execute();
      const report = await json(c, '/promotion', { itemId: String(p2), startTime: today, endTime: today });
      expect(report.pendingFrom <= today).toBe(true);
      expect(report.rows).toEqual([expect.objectContaining({ day: today, costMoney: 0, phone: 2 })]);
      const rows = await sheet(c, '/promotion/files', { itemId: String(p2), startTime: today, endTime: today });
      const costs = report.showCostCoin ? ['待结算', '待结算', '待结算'] : ['待结算', '待结算'];
      expect(rows[1]).toEqual([today, '乙项目', 0, 2, 2, ...costs, '何佳', '孙浩']);
    });
  });

  describe('isolation and hostile filters', () => {
    it('answers 404 for another customer item on every filtered call, and shows none of its figures', async () => {
      for (const path of [
        '/topups',
        '/topups/files',
        '/promotion',
        '/promotion/files',
        '/consumption/monthly',
        '/consumption/monthly/files',
        '/consumption/daily',
        '/consumption/daily/files',
      ]) {
        expectError(await b.get(`${R}${path}`, { query: { itemId: String(p1) } }), 404, PlatformMessage.ItemNotFound);
        expectError(await c.get(`${R}${path}`, { query: { itemId: String(demoItem) } }), 404, PlatformMessage.ItemNotFound);
      }
      const balanceB = await json(b, '/balance');
      expect(balanceB.rows.some((r: { itemId: number }) => [p1, p2, p3, demoItem].includes(r.itemId))).toBe(false);
      const topupsB = await json(b, '/topups', { pageSize: '100' });
      expect(topupsB.rows.some((r: { itemId: number }) => [p1, p2, p3, demoItem].includes(r.itemId))).toBe(false);
      const promotionB = await json(b, '/promotion', { pageSize: '100' });
      expect(promotionB.rows.some((r: { itemId: number }) => [p1, p2, p3, demoItem].includes(r.itemId))).toBe(false);
      const gridB = await json(b, '/consumption/monthly');
      expect(gridB.rows.some((r: { itemId: number }) => [p1, p2, p3, demoItem].includes(r.itemId))).toBe(false);
    });

    it.each([
      ['/promotion', { startTime: '2025-02-30' }, DateMessage.Invalid],
      ['/promotion', { startTime: '2025-03-02', endTime: '2025-03-01' }, DateMessage.Order],
      ['/promotion', { startTime: '2020-01-01', endTime: '2025-01-01' }, ReportMessage.RangeTooLong],
      ['/promotion', { startTime: '2020-01-01' }, ReportMessage.RangeTooLong],
      ['/promotion/files', { endTime: '+010000-01-01' }, DateMessage.Invalid],
      ['/consumption/monthly', { year: '99999' }, ReportMessage.YearInvalid],
      ['/consumption/daily', { month: '13' }, ReportMessage.MonthInvalid],
      ['/consumption/daily', { dataType: '8' }, ReportMessage.DataTypeInvalid],
      ['/consumption/monthly/files', { format: 'pdf' }, ReportMessage.FormatInvalid],
      ['/topups', { type: '3' }, ReportMessage.TopupTypeInvalid],
      ['/topups/files', { startTime: '1999-12-31' }, DateMessage.OutOfRange],
      ['/balance/files', { format: 'xls' }, ReportMessage.FormatInvalid],
    ])('refuses %s %j with 400', async (path, query, message) => {
      expectError(await c.get(`${R}${path}`, { query }), 400, message);
    });

    it('needs a login', async () => {
      const anonymous = t.client();
      expectError(await anonymous.get(`${R}/balance`), 401);
    });
  });
});
