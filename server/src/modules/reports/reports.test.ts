import * as XLSX from '@e965/xlsx';
import { DateMessage, PlatformMessage } from '@portal/contracts';
import { LEAD_KINDS, LEAD_TABLE_NAMES, type LeadKind } from '@portal/contracts/leads';
import {
  type DailyStatement,
  leadGroupOfKind,
  type ReceiveReport,
  PIE_OTHER_LABEL,
  REPORTED_LIST_KINDS,
  type ReceiveRow,
  type ReportLeadGroup,
  ReportMessage,
} from '@portal/contracts/reports';
import { sql } from 'kysely';
import { dialectColumns } from '../../db/columns';
import { migrations } from '../../db/migrations';
import { seededRandom } from '../../db/seed';
import { addDays, chinaToday } from '../../lib/time';
import { dialects, expectError, useDemoApp } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';
import { rebuildRollups } from './rollup';
import { daysInMonth } from './service';

const R = '/rest/customer/report';
const RECEIVE: Record<ReportLeadGroup, string> = { smart: `${R}/receive`, cpc: `${R}/cpc-receive` };
const STATEMENT: Record<ReportLeadGroup, string> = { smart: `${R}/daily-statement`, cpc: `${R}/cpc-daily-statement` };
const OPEN = '/rest/open/leads';
const KEY = '/rest/customer/account/ingest-key';
const F = '/rest/customer/feedback';
const D = '/rest/es/eccutomerdistribute';
const GROUPS: ReportLeadGroup[] = ['smart', 'cpc'];

/** The delete call of each list (the one a user's 删除 sends), for one lead. */
const DELETE: Record<LeadKind, { method: 'PUT' | 'POST'; url: string; body: (id: number) => unknown }> = {
  feedback: { method: 'PUT', url: `${F}/feedbacks/deleteList`, body: (id) => ({ ids: [id] }) },
  infoList: { method: 'PUT', url: `${F}/feedbacks/deleteList`, body: (id) => ({ ids: [id] }) },
  resource: { method: 'PUT', url: `${F}/resource/deleteList`, body: (id) => [id] },
  distribution: { method: 'PUT', url: `${F}/resource-distribution/ids/del-status`, body: (id) => [id] },
  baiList: { method: 'PUT', url: `${F}/baidu-flow/deleteList`, body: (id) => [id] },
  todayHeader: { method: 'PUT', url: `${F}/today-header-flow/deleteList`, body: (id) => [id] },
  cpc: { method: 'POST', url: `${F}/resourceCpchandler/deleteBatch`, body: (id) => ({ ids: [id] }) },
};

const rowKey = (group: string, day: string, itemId: number, receiver: string): string => JSON.stringify([group, day, itemId, receiver]);

describe.each(dialects())('lead reports on %s', (dialect) => {
  const s = useDemoApp(dialect);
  let customerA: number;
  let customerB: number;
  let itemsA: number[];
  let itemsB: number[];
  let keyA: string;
  let today: string;
  /** A range holding every seeded lead (90 days) and today's. */
  let wide: { startTime: string; endTime: string };

  const ingest = async (payload: Record<string, unknown>): Promise<number> => {
    const response = await s.t.app.inject({ method: 'POST', url: OPEN, payload, headers: { 'x-ingest-key': keyA } });
    expect({ status: response.statusCode, body: response.statusCode === 201 ? null : response.body }).toEqual({ status: 201, body: null });
    return (response.json() as { data: { id: number } }).data.id;
  };

  /**
   * The receive counts of a customer straight from the leads table: one GROUP BY with the China day
   * computed by the database itself. `listed`: only what the lists show (live leads of the kinds
   * each report covers, REPORT_LIST_KINDS), the originals as the reports count them (or, with
   * `duplicates`, the duplicates of their 重复 column); else every lead received, deleted ones,
   * duplicates and every kind included, as the rollups keep them for billing.
   */
  const directCounts = async (
    customerId: number,
    range: { startTime: string; endTime: string },
    listed = true,
    duplicates = false,
  ): Promise<Map<string, number>> => {
    const day =
      dialect === 'postgres'
        ? sql<string>`to_char((create_time::timestamptz AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`
        : sql<string>`substr(datetime(create_time, '+8 hours'), 1, 10)`;
    const { rows } = await sql<{ kind: string; item: number; receiver: string; day: string; n: number | string }>`
      select list_kind as kind, item_id as item, coalesce(crm_follower, '') as receiver, ${day} as day, count(*) as n
      from leads where customer_id = ${customerId} and item_id is not null
        ${listed ? sql`and status = 0 and duplicate_of is ${duplicates ? sql`not null` : sql`null`}` : sql``}
      group by list_kind, item_id, coalesce(crm_follower, ''), ${day}`.execute(s.t.db);
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (row.day < range.startTime || row.day > range.endTime) continue;
      if (listed && !(REPORTED_LIST_KINDS as readonly string[]).includes(row.kind)) continue;
      const key = rowKey(leadGroupOfKind(row.kind as LeadKind), row.day, row.item, row.receiver);
      counts.set(key, (counts.get(key) ?? 0) + Number(row.n));
    }
    return counts;
  };

  /** Every row of a receive report, page by page (100 a page). */
  const allRows = async (group: ReportLeadGroup, query: Record<string, string>): Promise<{ rows: ReceiveRow[]; total: number }> => {
    const rows: ReceiveRow[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const response = await s.a.get(RECEIVE[group], { query: { ...query, page: String(page), pageSize: '100' } });
      expect(response.statusCode).toBe(200);
      const report = response.json() as ReceiveReport;
      rows.push(...report.rows);
      total = report.summary.countNum;
      if (page >= report.pagination.totalPage) break;
    }
    return { rows, total };
  };

  /** The receive reports of both groups equal the direct count; each statement of the months touched matches too. */
  const expectReportsMatchLeads = async (range: { startTime: string; endTime: string }): Promise<void> => {
    const expected = await directCounts(customerA, range);
    const expectedDuplicates = await directCounts(customerA, range, true, true);
    const actual = new Map<string, number>();
    const actualDuplicates = new Map<string, number>();
    for (const group of GROUPS) {
      const { rows, total } = await allRows(group, range);
      expect(total).toBe(rows.reduce((sum, row) => sum + row.countNum, 0));
      for (const row of rows) {
        const key = rowKey(group, row.dateTime, row.itemId, row.crmFollower);
        // A row of duplicates only has 0 originals.
        if (row.countNum) actual.set(key, row.countNum);
        if (row.duplicates) actualDuplicates.set(key, row.duplicates);
      }
    }
    expect(Object.fromEntries([...actual].sort())).toEqual(Object.fromEntries([...expected].sort()));
    expect(Object.fromEntries([...actualDuplicates].sort())).toEqual(Object.fromEntries([...expectedDuplicates].sort()));
  };

  const expectStatementsMatchLeads = async (months: string[]): Promise<void> => {
    const expected = await directCounts(customerA, { startTime: `${months[0]}-01`, endTime: `${months[months.length - 1]}-31` });
    for (const group of GROUPS) {
      for (const month of months) {
        const statement = (await s.a.get(STATEMENT[group], { query: { month } })).json() as DailyStatement;
        expect(statement.rows.map((row) => row.itemId)).toEqual(itemsA);
        const want = new Map<string, number>();
        for (const [key, n] of expected) {
          const [keyGroup, day, itemId] = JSON.parse(key) as [string, string, number, string];
          if (keyGroup !== group || day.slice(0, 7) !== month) continue;
          const cell = JSON.stringify([itemId, Number(day.slice(8))]);
          want.set(cell, (want.get(cell) ?? 0) + n);
        }
        for (const row of statement.rows) {
          expect(row.days).toHaveLength(31);
          expect(row.total).toBe(row.days.reduce<number>((sum, n) => sum + (n ?? 0), 0));
          row.days.forEach((n, index) => {
            const day = `${month}-${String(index + 1).padStart(2, '0')}`;
            if (index >= daysInMonth(month) || day > today) expect(n).toBeNull();
            else expect(n).toBe(want.get(JSON.stringify([row.itemId, index + 1])) ?? 0);
          });
        }
        expect(statement.summary.total).toBe(statement.rows.reduce((sum, row) => sum + row.total, 0));
        expect(statement.summary.total).toBe(statement.summary.days.reduce<number>((sum, n) => sum + (n ?? 0), 0));
      }
    }
  };

  const rollupSnapshot = async (customerId: number) => ({
    days: await s.t.db
      .selectFrom('leadDayCounts')
      .select(['leadGroup', 'day', 'itemId', 'receiver', 'count'])
      .where('customerId', '=', customerId)
      .orderBy('leadGroup')
      .orderBy('day')
      .orderBy('itemId')
      .orderBy('receiver')
      .execute(),
    dims: await s.t.db
      .selectFrom('leadDimCounts')
      .select(['dim', 'day', 'itemId', 'key', 'count'])
      .where('customerId', '=', customerId)
      .orderBy('dim')
      .orderBy('day')
      .orderBy('itemId')
      .orderBy('key')
      .execute(),
  });

  beforeAll(async () => {
    customerA = await customerIdOf(s.t.db, 'demo');
    customerB = await customerIdOf(s.t.db, 'demo2');
    itemsA = await itemIdsOf(s.t.db, customerA);
    itemsB = await itemIdsOf(s.t.db, customerB);
    keyA = (await s.a.get(KEY)).json().data.key;
    today = chinaToday();
    wide = { startTime: addDays(today, -95), endTime: today };
  });

  describe('receive reports', () => {
    it('answer the last 30 days by default, paged, newest day first, with the sum of every row', async () => {
      for (const group of GROUPS) {
        const response = await s.a.get(RECEIVE[group], { query: { pageSize: '20' } });
        expect(response.statusCode).toBe(200);
        const report = response.json() as ReceiveReport;
        expect([report.startTime, report.endTime]).toEqual([addDays(today, -29), today]);
        expect(report.rows.length).toBeGreaterThan(0);
        expect(report.pagination).toEqual({
          page: 1,
          pageSize: 20,
          totalRow: expect.any(Number),
          totalPage: Math.ceil(report.pagination.totalRow / 20),
        });
        const days = report.rows.map((row) => row.dateTime);
        expect(days).toEqual([...days].sort().reverse());
        const { rows, total } = await allRows(group, {});
        expect(rows).toHaveLength(report.pagination.totalRow);
        expect(report.summary.countNum).toBe(total);
        expect(rows.reduce((sum, row) => sum + row.countNum, 0)).toBe(total);
        for (const row of rows) expect(row.dateTime >= report.startTime && row.dateTime <= report.endTime).toBe(true);
      }
    });

    it('filter by project and range', async () => {
      const range = { startTime: addDays(today, -60), endTime: addDays(today, -10) };
      const all = await allRows('smart', range);
      let sum = 0;
      for (const itemId of itemsA) {
        const one = await allRows('smart', { ...range, itemId: String(itemId) });
        expect(one.rows.every((row) => row.itemId === itemId)).toBe(true);
        sum += one.total;
      }
      expect(sum).toBe(all.total);
      expect(all.rows.every((row) => row.dateTime >= range.startTime && row.dateTime <= range.endTime)).toBe(true);
      const empty = (await s.a.get(RECEIVE.smart, { query: { startTime: '2020-01-01', endTime: '2020-01-31' } })).json() as ReceiveReport;
      expect(empty).toEqual({
        rows: [],
        summary: { countNum: 0, duplicates: 0 },
        pagination: { page: 1, pageSize: 10, totalRow: 0, totalPage: 1 },
        startTime: '2020-01-01',
        endTime: '2020-01-31',
      });
    });

    it('show an arriving lead in its group at once, in the row of today', async () => {
      for (const [listKind, group] of [
        ['resource', 'smart'],
        ['baiList', 'cpc'],
      ] as const) {
        const query = { startTime: today, endTime: today, itemId: String(itemsA[0]) };
        const before = (await s.a.get(RECEIVE[group], { query })).json() as ReceiveReport;
        const other = (await s.a.get(RECEIVE[group === 'smart' ? 'cpc' : 'smart'], { query })).json() as ReceiveReport;
        // A number of its own per group: a repeat would be a duplicate, counted in its own column.
        const id = await ingest({ listKind, itemId: itemsA[0], name: '报表测试', mobile: group === 'smart' ? '13912345678' : '13912345677' });
        const after = (await s.a.get(RECEIVE[group], { query })).json() as ReceiveReport;
        expect(after.summary.countNum).toBe(before.summary.countNum + 1);
        // In the row of its receiver: the one the demo's schedule gave it to, or none ('').
        const { crmFollower } = await s.t.db.selectFrom('leads').select('crmFollower').where('id', '=', id).executeTakeFirstOrThrow();
        const countOf = (report: ReceiveReport) => report.rows.find((row) => row.crmFollower === (crmFollower ?? ''))?.countNum ?? 0;
        expect(countOf(after)).toBe(countOf(before) + 1);
        expect(after.rows.every((row) => row.dateTime === today)).toBe(true);
        expect(((await s.a.get(RECEIVE[group === 'smart' ? 'cpc' : 'smart'], { query })).json() as ReceiveReport).summary).toEqual(other.summary);
      }
    });
  });

  describe('daily statements', () => {
    it('answer this month by default: a row per project, 31 cells, null past the end of the month', async () => {
      for (const group of GROUPS) {
        const statement = (await s.a.get(STATEMENT[group])).json() as DailyStatement;
        expect(statement.month).toBe(today.slice(0, 7));
        expect(statement.daysInMonth).toBe(daysInMonth(statement.month));
        expect(statement.rows.map((row) => row.itemId)).toEqual(itemsA);
        expect(statement.summary.days).toHaveLength(31);
        expect(statement.rows.every((row) => row.days.length === 31)).toBe(true);
      }
      const february = (await s.a.get(STATEMENT.smart, { query: { month: '2025-02' } })).json() as DailyStatement;
      expect(february.daysInMonth).toBe(28);
      expect(february.rows[0]!.days.slice(28)).toEqual([null, null, null]);
      expect(february.rows[0]!.days.slice(0, 28)).toEqual(new Array(28).fill(0));
      expect(february.summary).toEqual({ days: [...new Array(28).fill(0), null, null, null], total: 0 });
    });

    it('filter one project', async () => {
      const all = (await s.a.get(STATEMENT.smart)).json() as DailyStatement;
      const one = (await s.a.get(STATEMENT.smart, { query: { itemId: String(itemsA[1]) } })).json() as DailyStatement;
      expect(one.rows).toEqual([all.rows.find((row) => row.itemId === itemsA[1])]);
      expect(one.summary.total).toBe(one.rows[0]!.total);
    });
  });

  describe('analysis', () => {
    it('counts every original lead the lists show by province (a duplicate once), sorted biggest first', async () => {
      const region = (await s.a.get(`${R}/analysis/region`, { query: wide })).json();
      expect(region.slices.length).toBeGreaterThan(3);
      expect(region.total).toBe(region.slices.reduce((sum: number, slice: { value: number }) => sum + slice.value, 0));
      const values = region.slices.map((slice: { value: number }) => slice.value);
      expect(values).toEqual([...values].sort((x, y) => y - x));
      const leads = await s.t.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('customerId', '=', customerA)
        .where('status', '=', 0)
        .where('itemId', 'is not', null)
        .where('listKind', 'in', [...REPORTED_LIST_KINDS])
        .where('duplicateOf', 'is', null)
        .where('createTime', '>=', `${addDays(wide.startTime, -1)}T16:00:00.000Z`)
        .executeTakeFirstOrThrow();
      expect(region.total).toBe(Number(leads.n));
      expect(region.slices.find((slice: { name: string }) => slice.name === '广东').value).toBeGreaterThan(0);
    });

    it('shows the top N provinces of search-engine leads and 其他 for the rest, summing to the total of all', async () => {
      const five = (await s.a.get(`${R}/analysis/search-province`, { query: { ...wide, top: '5' } })).json();
      const all = (await s.a.get(`${R}/analysis/search-province`, { query: wide })).json();
      expect(all.top).toBe(10);
      expect(five.top).toBe(5);
      const named = (slices: Array<{ name: string; value: number }>) => slices.filter((slice) => slice.name !== PIE_OTHER_LABEL);
      expect(named(five.traffic)).toHaveLength(5);
      expect(named(five.info)).toEqual(all.info.slice(0, 5));
      expect(five.total).toBe(all.total);
      const sum = (slices: Array<{ value: number }>) => slices.reduce((total, slice) => total + slice.value, 0);
      for (const answer of [five, all]) {
        expect(sum(answer.traffic)).toBe(answer.total);
        expect(sum(answer.info)).toBe(answer.total);
      }
      expect(five.traffic.at(-1)).toEqual({ name: PIE_OTHER_LABEL, value: all.total - sum(named(five.traffic)) });
      expect(all.total).toBeGreaterThan(0);
    });

    it('counts projects by nature and province, and keywords top N', async () => {
      const project = (await s.a.get(`${R}/analysis/project`, { query: wide })).json();
      const sum = (slices: Array<{ value: number }>) => slices.reduce((total, slice) => total + slice.value, 0);
      expect(sum(project.nature)).toBe(project.total);
      expect(sum(project.province)).toBe(project.total);
      expect(project.nature.map((slice: { name: string }) => slice.name)).toContain('竞价推广');
      const keywords = (await s.a.get(`${R}/analysis/keywords`, { query: { ...wide, top: '15' } })).json();
      expect(keywords.top).toBe(15);
      expect(keywords.slices.filter((slice: { name: string }) => slice.name !== PIE_OTHER_LABEL)).toHaveLength(15);
      expect(keywords.slices.at(-1).name).toBe(PIE_OTHER_LABEL);
      expect(keywords.total).toBe(sum(keywords.slices));
      expect(keywords.slices[0].name).toMatch(/加盟|总部|多少钱/);
    });

    it('counts an arriving search-engine lead under its address and its province', async () => {
      const query = { startTime: today, endTime: today, top: '20' };
      const before = (await s.a.get(`${R}/analysis/search-province`, { query })).json();
      const words = (await s.a.get(`${R}/analysis/keywords`, { query })).json();
      await ingest({
        listKind: 'feedback',
        itemId: itemsA[0],
        name: '搜索客户',
        mobile: '13912345679',
        province: '浙江省',
        ipArea: '广东省 广州市',
        searchDomain: 'www.baidu.com',
        searchWord: '  报表测试关键词  ',
        genreId: 3,
      });
      const after = (await s.a.get(`${R}/analysis/search-province`, { query })).json();
      const value = (slices: Array<{ name: string; value: number }>, name: string) => slices.find((slice) => slice.name === name)?.value ?? 0;
      expect(after.total).toBe(before.total + 1);
      expect(value(after.traffic, '广东')).toBe(value(before.traffic, '广东') + 1);
      expect(value(after.info, '浙江')).toBe(value(before.info, '浙江') + 1);
      const afterWords = (await s.a.get(`${R}/analysis/keywords`, { query })).json();
      expect(afterWords.total).toBe(words.total + 1);
      // The word (trimmed) is its own key; it may fall outside today's top 20.
      const stored = await s.t.db
        .selectFrom('leadDimCounts')
        .select('count')
        .where('customerId', '=', customerA)
        .where('dim', '=', 'keyword')
        .where('day', '=', today)
        .where('key', '=', '报表测试关键词')
        .executeTakeFirst();
      expect(stored?.count).toBe(1);
    });
  });

  describe('exports', () => {
    it('write the receive report as xlsx: header, rows and the 合计 row', async () => {
      const range = { startTime: addDays(today, -20), endTime: addDays(today, -10) };
      const response = await s.a.get(`${RECEIVE.smart}/files`, { query: range });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain(`receive-${range.startTime}-${range.endTime}.xlsx`);
      const book = XLSX.read(response.rawPayload, { type: 'buffer' });
      const cells = XLSX.utils.sheet_to_json<Array<string | number>>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
      const { rows, total } = await allRows('smart', range);
      expect(cells[0]).toEqual(['日期', '项目名称', '接收人', '资源数', '重复']);
      expect(cells.slice(1, -1).map((row) => [row[0], row[1], row[2] ?? '', row[3], row[4]])).toEqual(
        rows.map((row) => [row.dateTime, row.itemTitle, row.crmFollower, row.countNum, row.duplicates]),
      );
      const summary = cells[cells.length - 1]!;
      expect([summary[0], summary[3], summary[4]]).toEqual(['合计', total, rows.reduce((sum, row) => sum + row.duplicates, 0)]);
    });

    it('write the cpc receive report as CSV with the BOM', async () => {
      const response = await s.a.get(`${RECEIVE.cpc}/files`, { query: { format: 'csv' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.body.startsWith('\uFEFF日期,项目名称,接收人,资源数,重复')).toBe(true);
      const lines = response.body.trim().split(/\r?\n/);
      const { rows, total } = await allRows('cpc', {});
      expect(lines).toHaveLength(rows.length + 2);
      expect(lines[lines.length - 1]).toBe(`合计,,,${total},${rows.reduce((sum, row) => sum + row.duplicates, 0)}`);
    });

    it("write the daily statement: 项目名称, the month's days (no 31st for a 30-day month), 合计", async () => {
      for (const month of ['2026-02', '2026-04', today.slice(0, 7)]) {
        const days = daysInMonth(month);
        const statement = (await s.a.get(STATEMENT.cpc, { query: { month } })).json() as DailyStatement;
        const response = await s.a.get(`${STATEMENT.cpc}/files`, { query: { month } });
        expect(response.statusCode).toBe(200);
        const book = XLSX.read(response.rawPayload, { type: 'buffer' });
        const cells = XLSX.utils.sheet_to_json<Array<string | number>>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
        expect(cells[0]).toEqual(['项目名称', ...Array.from({ length: days }, (_, i) => String(i + 1)), '合计']);
        expect(cells).toHaveLength(statement.rows.length + 2);
        expect(cells[1]![0]).toBe(statement.rows[0]!.itemTitle);
        expect(cells[1]![days + 1]).toBe(statement.rows[0]!.total);
        const summary = cells[cells.length - 1]!;
        expect([summary[0], summary[days + 1]]).toEqual(['合计', statement.summary.total]);
      }
    });
  });

  describe('isolation and hostile filters', () => {
    it("answers another customer's project as missing, and never counts its leads", async () => {
      for (const url of [
        RECEIVE.smart,
        RECEIVE.cpc,
        `${RECEIVE.smart}/files`,
        `${RECEIVE.cpc}/files`,
        STATEMENT.smart,
        STATEMENT.cpc,
        `${STATEMENT.smart}/files`,
      ]) {
        expectError(await s.b.get(url, { query: { itemId: String(itemsA[0]) } }), 404, PlatformMessage.ItemNotFound);
        expectError(await s.a.get(url, { query: { itemId: String(itemsB[0]) } }), 404, PlatformMessage.ItemNotFound);
      }
      const before = (await s.b.get(RECEIVE.smart, { query: { startTime: today, endTime: today } })).json() as ReceiveReport;
      const regionBefore = (await s.b.get(`${R}/analysis/region`, { query: { startTime: today, endTime: today } })).json();
      await ingest({ listKind: 'resource', itemId: itemsA[2], name: '隔离测试', mobile: '13912345670', province: '广东' });
      expect(((await s.b.get(RECEIVE.smart, { query: { startTime: today, endTime: today } })).json() as ReceiveReport).summary).toEqual(
        before.summary,
      );
      expect((await s.b.get(`${R}/analysis/region`, { query: { startTime: today, endTime: today } })).json()).toEqual(regionBefore);
      const { rows } = await (async () => {
        const response = await s.b.get(RECEIVE.smart, { query: { ...wide, pageSize: '100' } });
        return response.json() as ReceiveReport;
      })();
      expect(rows.every((row) => itemsB.includes(row.itemId))).toBe(true);
      const statementB = (await s.b.get(STATEMENT.smart)).json() as DailyStatement;
      expect(statementB.rows.map((row) => row.itemId)).toEqual(itemsB);
    });

    it('refuses bad dates, long ranges, bad months, tops and formats with the Chinese message', async () => {
      const cases: Array<[string, Record<string, string>, string]> = [
        [RECEIVE.smart, { startTime: '2025-02-30' }, DateMessage.Invalid],
        [RECEIVE.cpc, { endTime: 'yesterday' }, DateMessage.Invalid],
        [RECEIVE.smart, { startTime: '2024-01-01', endTime: '2025-02-04' }, ReportMessage.RangeTooLong],
        [RECEIVE.smart, { startTime: '2025-02-04', endTime: '2025-01-04' }, DateMessage.Order],
        [`${RECEIVE.smart}/files`, { format: 'pdf' }, ReportMessage.FormatInvalid],
        [STATEMENT.smart, { month: '2025-13' }, ReportMessage.MonthInvalid],
        [STATEMENT.cpc, { month: '2025-1' }, ReportMessage.MonthInvalid],
        [`${R}/analysis/search-province`, { top: '7' }, ReportMessage.TopInvalid],
        [`${R}/analysis/keywords`, { top: '100' }, ReportMessage.TopInvalid],
        [`${R}/analysis/region`, { startTime: '2023-01-01', endTime: '2025-01-01' }, ReportMessage.RangeTooLong],
        [`${R}/analysis/project`, { startTime: '1999-12-31' }, DateMessage.OutOfRange],
        [RECEIVE.smart, { itemId: '01' }, PlatformMessage.ItemInvalid],
      ];
      for (const [url, query, message] of cases) expectError(await s.a.get(url, { query }), 400, message);
      // A range completed by the default end is checked too.
      expectError(await s.a.get(RECEIVE.smart, { query: { startTime: addDays(today, -400) } }), 400, ReportMessage.RangeTooLong);
    });
  });

  describe('consistency with the leads', () => {
    it('after random arrivals, deletions and assignments the reports equal a direct count of the leads', async () => {
      const random = seededRandom(20_261_124);
      const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
      // The demo pushes its new leads to its CRM (sync on); a lead queued for the CRM cannot be
      // assigned by hand. Here the leads arrive for hand assignment: sync off, and the pushes the
      // earlier tests' leads queued (no worker runs here) forgotten.
      await s.t.db.updateTable('crmAccounts').set({ sync: 0 }).where('customerId', '=', customerA).execute();
      await s.t.db.deleteFrom('crmPushJobs').where('customerId', '=', customerA).execute();
      const staff = (await s.a.get('/rest/es/crmuser/like')).json().data as Array<{ id: number }>;
      const sources = (await s.a.get('/rest/es/crmchannelsource/like')).json().data as Array<{ sourceCode: string }>;
      // Live leads to act on: some seeded (today and before), then every one the steps add.
      const seeded = await s.t.db
        .selectFrom('leads')
        .select(['id', 'listKind', 'crmFollower', 'crmPushed', 'remark'])
        .where('customerId', '=', customerA)
        .where('status', '=', 0)
        .orderBy('id', 'desc')
        .limit(40)
        .execute();
      const live = seeded.map((lead) => ({
        id: lead.id,
        kind: lead.listKind as LeadKind,
        assignable: !lead.crmFollower && !lead.crmPushed && !lead.remark,
      }));
      const bEmpty = (await s.b.get(RECEIVE.smart, { query: wide })).json() as ReceiveReport;
      const counts = { ingest: 0, delete: 0, assign: 0 };

      for (let step = 0; step < 80; step++) {
        const roll = random();
        if (roll < 0.5 || live.length < 3) {
          const listKind = pick(LEAD_KINDS);
          const id = await ingest({
            listKind,
            itemId: pick(itemsA),
            name: `随机${step}`,
            // Every fifth step repeats the number before it: a duplicate when that step made a lead.
            mobile: `139${String(10_000_000 + (step % 5 === 4 ? step - 1 : step)).slice(-8)}`,
            ...(random() < 0.8
              ? { province: pick(['广东', '浙江省', '北京市', '新疆维吾尔自治区', '某地', ' 广西壮族自治区 ', '族自治区', '省', '  ', 'Abc市']) }
              : {}),
            ...(random() < 0.6
              ? { ipArea: pick(['广东深圳', '上海', '四川省 成都市', '中国 湖北', '中国', '中国内蒙古自治区 呼和浩特', ' 某某省  某市', '  ']) }
              : {}),
            ...(random() < 0.4 ? { searchDomain: pick(['www.baidu.com', 'www.so.com', '  ']) } : {}),
            ...(random() < 0.5 ? { searchWord: pick(['奶茶加盟', ' 火锅加盟费 ', '咖啡', '   ', `${'长'.repeat(98)}尾词`]) } : {}),
            ...(random() < 0.7 ? { genreId: Math.floor(random() * 8) } : {}),
          });
          live.push({ id, kind: listKind, assignable: true });
          counts.ingest++;
        } else if (roll < 0.72) {
          const index = Math.floor(random() * live.length);
          const [lead] = live.splice(index, 1);
          const route = DELETE[lead!.kind];
          const response = await s.a.call(route.method, route.url, { payload: route.body(lead!.id) as object });
          expect({ step, status: response.statusCode }).toEqual({ step, status: 200 });
          counts.delete++;
        } else {
          const free = live.filter((lead) => lead.assignable);
          if (free.length === 0) continue;
          const chosen = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(free)))];
          const resourceList = chosen.map((lead) => ({ id: lead.id, tableName: LEAD_TABLE_NAMES[lead.kind] }));
          const response =
            random() < 0.6
              ? await s.a.put(`${D}/assignResourcesManually`, { resourceList, userId: pick(staff).id })
              : await s.a.put(`${D}/assignResourcesManuallyByChannelSource`, { resourceList, channelSourceCode: pick(sources).sourceCode });
          expect({ step, status: response.statusCode, body: response.statusCode === 200 ? null : response.body }).toEqual({
            step,
            status: 200,
            body: null,
          });
          for (const lead of chosen) lead.assignable = false;
          counts.assign++;
        }
        // Today's figures follow every step.
        if (step % 10 === 9) await expectReportsMatchLeads({ startTime: today, endTime: today });
      }
      expect(counts.ingest).toBeGreaterThan(20);
      const repeats = await s.t.db
        .selectFrom('leads')
        .select('id')
        .where('customerId', '=', customerA)
        .where('duplicateOf', 'is not', null)
        .execute();
      expect(repeats.length).toBeGreaterThan(0);
      expect(counts.delete).toBeGreaterThan(5);
      expect(counts.assign).toBeGreaterThan(5);

      await expectReportsMatchLeads(wide);
      const months = [
        ...new Set([addDays(today, -95).slice(0, 7), addDays(today, -62).slice(0, 7), addDays(today, -31).slice(0, 7), today.slice(0, 7)]),
      ].sort();
      await expectStatementsMatchLeads(months);
      // B's figures never moved.
      expect((await s.b.get(RECEIVE.smart, { query: wide })).json()).toEqual(bEmpty);

      // The rollups (what the consumption job bills) keep every lead received, deleted ones included.
      const received = await directCounts(customerA, wide, false);
      const incremental = await rollupSnapshot(customerA);
      const inRange = incremental.days.filter((row) => row.day >= wide.startTime && row.day <= wide.endTime);
      expect(Object.fromEntries(inRange.map((row) => [rowKey(row.leadGroup, row.day, row.itemId, row.receiver), Number(row.count)]).sort())).toEqual(
        Object.fromEntries([...received].sort()),
      );
      // A rebuild from the leads gives exactly what incremental upkeep gave (deletions included), and
      // so do the backfill migration, 0014 (the dimensions of the listed leads only), 0025 (the
      // lists came to show every kind) and 0031 (per project, originals only), run in order on the
      // table as it was before 0031 (its down).
      expect(incremental.days.every((row) => row.count > 0)).toBe(true);
      await rebuildRollups(s.t.db, customerA);
      expect(await rollupSnapshot(customerA)).toEqual(incremental);
      const other = await rollupSnapshot(customerB);
      const columns = dialectColumns(dialect);
      await migrations['0031_lead_dims_by_project']!.down!(s.t.db as never, columns);
      await s.t.db.deleteFrom('leadDayCounts').execute();
      await sql`delete from lead_dim_counts`.execute(s.t.db);
      await migrations['0008_lead_rollup_backfill']!.up(s.t.db as never, columns);
      await migrations['0014_lead_dims_listed']!.up(s.t.db as never, columns);
      await migrations['0025_lists_show_every_kind']!.up(s.t.db as never, columns);
      await migrations['0031_lead_dims_by_project']!.up(s.t.db as never, columns);
      expect(await rollupSnapshot(customerA)).toEqual(incremental);
      expect(await rollupSnapshot(customerB)).toEqual(other);
    });
  });
});
