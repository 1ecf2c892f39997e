import { PAGINATION_INFO_HEADER } from '@portal/contracts';
import { type LeadKind } from '@portal/contracts/leads';
import {
  type ConsumptionReport,
  type DailyStatement,
  foldSlices,
  formatShare,
  PIE_OTHER_LABEL,
  type PromotionReport,
  REPORT_LIST_KINDS,
  type ReportLeadGroup,
  type Slice,
} from '@portal/contracts/reports';
import { addDays, chinaToday } from '../../lib/time';
import { dialects, type TestClient, useDemoApp } from '../../test/harness';
import { runAtOf } from '../ledger/job';
import { daysInMonth } from './service';

/**
 * Issue 27, "Numbers agree", over the seeded demo data (90 days of leads of every kind, some of
 * them of kinds no menu entry lists): 留言数 is one figure on the workbench, 推广管理 and the two
 * daily statements; each statement figure is the count of the lists it covers; pies and their
 * tables give the same shares; future days are '-' (null), never 0.
 */

const R = '/rest/customer/report';
const STATS = '/rest/customer/workbench/stats';
const ITEMS = '/rest/customer/platform/items/all';
const STATEMENT: Record<ReportLeadGroup, string> = { smart: `${R}/daily-statement`, cpc: `${R}/cpc-daily-statement` };
/** The list call behind each page the menu opens. */
const LIST: Partial<Record<LeadKind, string>> = {
  resource: '/rest/customer/feedback/resource',
  feedback: '/rest/customer/feedback/feedbacks',
  infoList: '/rest/customer/feedback/feedbacks/form-list',
  baiList: '/rest/customer/feedback/baidu-flow',
};
const GROUPS: ReportLeadGroup[] = ['smart', 'cpc'];
const SEEDED_DAYS = 90;

describe.each(dialects())('numbers agree on %s', (dialect) => {
  const s = useDemoApp(dialect);
  const today = chinaToday();
  const start = addDays(today, -SEEDED_DAYS);

  const json = async <T>(client: TestClient, url: string, query: Record<string, string> = {}): Promise<T> => {
    const response = await client.get(url, { query });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return response.json() as T;
  };
  /** The months from `start` to today, 'YYYY-MM'. */
  const months = (): string[] => {
    const out: string[] = [];
    for (let day = `${start.slice(0, 7)}-01`; day <= today; day = addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7) + '-01') out.push(day.slice(0, 7));
    return out;
  };
  /** A statement cell per `${day}|${itemId}` of every month touched. */
  const statementCells = async (client: TestClient, group: ReportLeadGroup): Promise<Map<string, number | null>> => {
    const cells = new Map<string, number | null>();
    for (const month of months()) {
      const statement = await json<DailyStatement>(client, STATEMENT[group], { month });
      for (const row of statement.rows)
        row.days.forEach((value, index) => cells.set(`${month}-${String(index + 1).padStart(2, '0')}|${row.itemId}`, value));
    }
    return cells;
  };

  it.each(['a', 'b'] as const)(
    '留言数 of the workbench and of 推广管理 are one figure, the sum of both daily statements, for every project and day (customer %s)',
    async (who) => {
      const client = s[who];
      const items = (await json<Array<{ id: number }>>(client, ITEMS)).map((item) => item.id);
      expect(items.length).toBeGreaterThan(0);
      const promotion = new Map<string, number>();
      for (let page = 1; ; page++) {
        const report = await json<PromotionReport>(client, `${R}/promotion`, {
          startTime: start,
          endTime: today,
          page: String(page),
          pageSize: '100',
        });
        for (const row of report.rows) promotion.set(`${row.day}|${row.itemId}`, row.feedback);
        if (page >= report.pagination.totalPage) break;
      }
      const [smart, cpc] = await Promise.all(GROUPS.map((group) => statementCells(client, group)));
      let compared = 0;
      let seen = 0;
      for (const itemId of items) {
        const days = await json<Array<{ date: string; messages: number }>>(client, STATS, {
          itemId: String(itemId),
          startTime: start,
          endTime: today,
        });
        expect(days).toHaveLength(SEEDED_DAYS + 1);
        for (const { date, messages } of days) {
          const key = `${date}|${itemId}`;
          const statements = (smart!.get(key) ?? 0)! + (cpc!.get(key) ?? 0)!;
          expect({ key, workbench: messages, promotion: promotion.get(key) ?? 0, statements }).toEqual({
            key,
            workbench: messages,
            promotion: messages,
            statements: messages,
          });
          compared++;
          seen += messages;
        }
      }
      expect(compared).toBe(items.length * (SEEDED_DAYS + 1));
      expect(seen).toBeGreaterThan(0);
    },
  );

  it('each daily statement figure is the total of the lists it covers, for every project of the last 7 days and every day of the month', async () => {
    const listTotal = async (kind: LeadKind, query: Record<string, string>): Promise<number> => {
      // The originals, as the figures' links open them (a duplicate counts once, in its own column).
      const response = await s.a.get(LIST[kind]!, { query: { ...query, duplicate: '0', page: '1', pageSize: '1' } });
      expect(response.statusCode).toBe(200);
      return (JSON.parse(response.headers[PAGINATION_INFO_HEADER] as string) as { totalRow: number }).totalRow;
    };
    const items = (await json<Array<{ id: number }>>(s.a, ITEMS)).map((item) => item.id);
    for (const group of GROUPS) {
      const kinds = REPORT_LIST_KINDS[group] as readonly LeadKind[];
      const cells = await statementCells(s.a, group);
      for (let back = 0; back < 7; back++) {
        const day = addDays(today, -back);
        for (const itemId of items) {
          const lists = await Promise.all(kinds.map((kind) => listTotal(kind, { startTime: day, endTime: day, itemId: String(itemId) })));
          expect({ group, day, itemId, figure: cells.get(`${day}|${itemId}`) }).toEqual({
            group,
            day,
            itemId,
            figure: lists.reduce((sum, n) => sum + n, 0),
          });
        }
      }
      const month = today.slice(0, 7);
      const statement = await json<DailyStatement>(s.a, STATEMENT[group], { month });
      for (let day = 1; day <= Number(today.slice(8, 10)); day++) {
        const date = `${month}-${String(day).padStart(2, '0')}`;
        const lists = await Promise.all(kinds.map((kind) => listTotal(kind, { startTime: date, endTime: date })));
        expect({ group, date, figure: statement.summary.days[day - 1] }).toEqual({ group, date, figure: lists.reduce((sum, n) => sum + n, 0) });
        // The split by list that the page's links open adds up to the figure.
        for (const row of statement.rows) {
          const split = row.lists[day - 1]!;
          expect(Object.keys(split).sort()).toEqual([...kinds].sort());
          expect(Object.values(split).reduce((sum, n) => sum + n, 0)).toBe(row.days[day - 1]);
        }
      }
    }
  });

  it('pies and their tables give every slice the same share of the grand total, and 其他 is everything outside the slices shown', async () => {
    const range = { startTime: addDays(today, -60), endTime: today };
    const answers: Array<{ name: string; slices: Slice[]; total: number }> = [];
    for (const top of ['5', '10', '20']) {
      const search = await json<{ total: number; traffic: Slice[]; info: Slice[] }>(s.a, `${R}/analysis/search-province`, { ...range, top });
      const keywords = await json<{ total: number; slices: Slice[] }>(s.a, `${R}/analysis/keywords`, { ...range, top });
      answers.push(
        { name: `traffic top ${top}`, slices: search.traffic, total: search.total },
        { name: `info top ${top}`, slices: search.info, total: search.total },
        { name: `keywords top ${top}`, slices: keywords.slices, total: keywords.total },
      );
    }
    const region = await json<{ total: number; slices: Slice[] }>(s.a, `${R}/analysis/region`, range);
    const project = await json<{ total: number; nature: Slice[]; province: Slice[] }>(s.a, `${R}/analysis/project`, range);
    answers.push(
      { name: 'region', slices: region.slices, total: region.total },
      { name: 'nature', slices: project.nature, total: project.total },
      { name: 'province', slices: project.province, total: project.total },
    );
    const sum = (slices: readonly Slice[]) => slices.reduce((total, slice) => total + slice.value, 0);
    const keywordsTop5 = answers.find((answer) => answer.name === 'keywords top 5')!;
    expect(keywordsTop5.slices.at(-1)!.name).toBe(PIE_OTHER_LABEL);
    for (const { name, slices, total } of answers) {
      expect(total).toBeGreaterThan(0);
      // The table: the answer's rows with their shares of the grand total.
      const table = new Map(slices.map((slice) => [slice.name, formatShare(slice.value, total)]));
      // The pie: what the design system's PieChart draws (foldSlices), each share of the pie's sum.
      const pie = foldSlices(slices);
      const pieSum = sum(pie);
      expect({ name, pieSum }).toEqual({ name, pieSum: total });
      for (const slice of pie) {
        if (slice.name === PIE_OTHER_LABEL) {
          const shown = sum(pie.filter((other) => other.name !== PIE_OTHER_LABEL));
          expect({ name, other: slice.value }).toEqual({ name, other: total - shown });
        } else {
          expect({ name, slice: slice.name, pie: formatShare(slice.value, pieSum) }).toEqual({ name, slice: slice.name, pie: table.get(slice.name) });
        }
      }
    }
  });

  it('shows no day that has not come: future statement and consumption days are null, never 0, and no month has more days than it has', async () => {
    const month = today.slice(0, 7);
    const day = Number(today.slice(8, 10));
    for (const group of GROUPS) {
      const statement = await json<DailyStatement>(s.a, STATEMENT[group], { month });
      expect(statement.today).toBe(today);
      for (const row of [...statement.rows.map((r) => r.days), statement.summary.days]) {
        expect(row.slice(0, day).every((value) => typeof value === 'number')).toBe(true);
        expect(row.slice(day).every((value) => value === null)).toBe(true);
      }
      const next = addDays(`${month}-28`, 5).slice(0, 7);
      const future = await json<DailyStatement>(s.a, STATEMENT[group], { month: next });
      expect(future.summary.days.every((value) => value === null)).toBe(true);
      expect(future.summary.total).toBe(0);
      const april = await json<DailyStatement>(s.a, STATEMENT[group], { month: '2026-04' });
      expect(april.daysInMonth).toBe(daysInMonth('2026-04'));
      expect(april.summary.days[30]).toBeNull();
    }
    const grid = await json<ConsumptionReport>(s.a, `${R}/consumption/daily`, { year: today.slice(0, 4), month: String(Number(today.slice(5, 7))) });
    expect(grid.today).toBe(today);
    expect(grid.summary.cells.slice(day).every((value) => value === null)).toBe(true);
    expect(grid.summary.cells.slice(0, day).every((value) => typeof value === 'number')).toBe(true);
    // Before today's run time yesterday's cost is still to come; after it, only today's.
    expect(grid.pendingFrom).toBe(Date.now() >= runAtOf(today).getTime() ? today : addDays(today, -1));
  });
});
