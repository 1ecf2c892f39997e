import {
  CommonMessage,
  DateMessage,
  LINK_HEADER,
  PAGINATION_INFO_HEADER,
  PlatformMessage,
  STATS_DEFAULT_DAYS,
  WorkbenchMessage,
} from '@portal/contracts';
import { addDays, chinaToday } from '../../lib/time';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { statsRange } from './service';

const STATS = '/rest/customer/workbench/stats';
const BANNERS = '/rest/customer/workbench/banners';
const ARTICLES = '/rest/customer/workbench/articles';
const INDUSTRIES = '/rest/customer/workbench/industries';
const ITEMS = '/rest/customer/platform/items/all';

type Stat = { date: string; impressions: number; clicks: number; messages: number; validConversations: number; phoneRequests: number };

describe('statsRange', () => {
  it('defaults to the 30 days ending today', () => {
    expect(statsRange({}, '2025-03-31')).toEqual({ start: '2025-03-02', end: '2025-03-31', days: 30 });
    expect(statsRange({ endTime: '2025-01-10' }, '2025-03-31')).toEqual({ start: '2024-12-12', end: '2025-01-10', days: 30 });
  });
  it('checks ranges completed by the defaults', () => {
    expect(() => statsRange({ startTime: '2025-04-01' }, '2025-03-31')).toThrow(DateMessage.Order);
    expect(() => statsRange({ startTime: '2020-01-01' }, '2025-03-31')).toThrow(WorkbenchMessage.RangeTooLong);
  });
});

describe.each(dialects())('workbench on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let itemsA: number[];
  let itemsB: number[];
  beforeAll(async () => {
    t = await startApp(dialect);
    ({ a, b } = await demoClients(t));
    itemsA = ((await a.get(ITEMS)).json() as Array<{ id: number }>).map((item) => item.id);
    itemsB = ((await b.get(ITEMS)).json() as Array<{ id: number }>).map((item) => item.id);
  });
  afterAll(() => t.close());

  describe('stats', () => {
    it('answers one row per day of the last 30 days, all items summed', async () => {
      const response = await a.get(STATS);
      expect(response.statusCode).toBe(200);
      const rows = response.json() as Stat[];
      expect(rows).toHaveLength(STATS_DEFAULT_DAYS);
      expect(rows[rows.length - 1].date).toBe(chinaToday());
      expect(rows.map((row) => row.date)).toEqual(rows.map((_, i) => addDays(rows[0].date, i)));
      for (const row of rows) {
        expect(row.impressions).toBeGreaterThan(row.clicks);
        expect(row.clicks).toBeGreaterThanOrEqual(row.messages);
        expect(row.messages).toBeGreaterThanOrEqual(row.validConversations);
      }

      // The sum over all items equals the sum of the items one by one.
      const perItem = await Promise.all(itemsA.map(async (itemId) => (await a.get(STATS, { query: { itemId: String(itemId) } })).json() as Stat[]));
      const day = rows[5];
      expect(perItem.reduce((sum, itemRows) => sum + itemRows[5].impressions, 0)).toBe(day.impressions);
    });

    it('answers the asked range, with zero days where nothing was recorded', async () => {
      const rows = (await a.get(STATS, { query: { itemId: String(itemsA[0]), startTime: '2020-01-01', endTime: '2020-01-07' } })).json() as Stat[];
      expect(rows).toEqual(
        Array.from({ length: 7 }, (_, i) => ({
          date: `2020-01-0${i + 1}`,
          impressions: 0,
          clicks: 0,
          messages: 0,
          validConversations: 0,
          phoneRequests: 0,
        })),
      );
    });

    it("refuses another customer's item as if it did not exist", async () => {
      for (const itemId of itemsA) {
        expectError(await b.get(STATS, { query: { itemId: String(itemId) } }), 404, PlatformMessage.ItemNotFound);
      }
      expectError(await a.get(STATS, { query: { itemId: '999999' } }), 404, PlatformMessage.ItemNotFound);
      // B's totals are B's own items only.
      const totalB = ((await b.get(STATS)).json() as Stat[]).reduce((sum, row) => sum + row.impressions, 0);
      const ownB = await Promise.all(itemsB.map(async (itemId) => (await b.get(STATS, { query: { itemId: String(itemId) } })).json() as Stat[]));
      expect(ownB.flat().reduce((sum, row) => sum + row.impressions, 0)).toBe(totalB);
    });

    it('refuses malformed queries with Chinese messages', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ itemId: 'abc' }, PlatformMessage.ItemInvalid],
        [{ itemId: '-1' }, PlatformMessage.ItemInvalid],
        [{ itemId: '0' }, PlatformMessage.ItemInvalid],
        [{ itemId: '1.5' }, PlatformMessage.ItemInvalid],
        [{ itemId: '99999999999999999999' }, PlatformMessage.ItemInvalid],
        [{ itemId: '1; DROP TABLE items' }, PlatformMessage.ItemInvalid],
        [{ startTime: '2025/01/01' }, DateMessage.Invalid],
        [{ startTime: '2025-02-30' }, DateMessage.Invalid],
        [{ endTime: "2025-01-01' OR '1'='1" }, DateMessage.Invalid],
        [{ endTime: 'x'.repeat(2_000) }, DateMessage.Invalid],
        [{ startTime: '2025-02-01', endTime: '2025-01-01' }, DateMessage.Order],
        [{ startTime: '2023-01-01', endTime: '2025-01-01' }, WorkbenchMessage.RangeTooLong],
        [{ startTime: '2000-01-01' }, WorkbenchMessage.RangeTooLong],
        [{ startTime: '1999-12-31' }, DateMessage.OutOfRange],
      ];
      for (const [query, message] of cases) expectError(await a.get(STATS, { query }), 400, message);
    });

    it('treats blank filters as absent', async () => {
      expect((await a.get(STATS, { query: { itemId: '', startTime: '', endTime: '' } })).json()).toHaveLength(STATS_DEFAULT_DAYS);
    });
  });

  describe('banners', () => {
    it('lists three banners whose pictures are public SVGs', async () => {
      const banners = (await a.get(BANNERS)).json() as Array<{ id: number; title: string; picUrl: string; linkUrl: string | null; linkType: number }>;
      expect(banners).toHaveLength(3);
      expect(banners[0]).toEqual({
        id: expect.any(Number),
        title: '智能投放 全新上线',
        picUrl: `/rest/content/banners/${banners[0].id}.svg`,
        linkUrl: '/common-problem',
        linkType: 1,
      });
      expect(banners[2]).toMatchObject({ linkUrl: null, linkType: 0 });
      const picture = await t.client().get(banners[0].picUrl);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(picture.headers['cache-control']).toContain('public');
      expect(picture.body).toContain('智能投放 全新上线');
    });

    it('answers 404 JSON for a banner picture that does not exist', async () => {
      expectError(await t.client().get('/rest/content/banners/999999.svg'), 404, CommonMessage.NotFound);
      expectError(await t.client().get('/rest/content/banners/abc.svg'), 404, CommonMessage.NotFound);
      expectError(await t.client().get('/rest/content/banners/99999999999999.svg'), 404, CommonMessage.NotFound);
      expectError(await t.client().get('/rest/content/banners/9999999999.svg'), 404, CommonMessage.NotFound);
      const [first] = (await a.get(BANNERS)).json() as Array<{ id: number }>;
      for (const spelling of [`00${first.id}`, `+${first.id}`, `${first.id}.0`, `0x${first.id.toString(16)}`]) {
        expectError(await t.client().get(`/rest/content/banners/${spelling}.svg`), 404, CommonMessage.NotFound);
      }
    });
  });

  describe('articles', () => {
    it('pages the articles, newest first, with x-pagination-info and link headers', async () => {
      const first = await a.get(ARTICLES);
      expect(first.statusCode).toBe(200);
      const rows = first.json() as Array<{ id: number; title: string; summary: string; publishTime: string }>;
      expect(rows).toHaveLength(10);
      expect(Object.keys(rows[0]).sort()).toEqual(['id', 'publishTime', 'summary', 'title']);
      expect(rows[0].publishTime).toMatch(/^\d{4}-\d{2}-\d{2} 10:00:00$/);
      expect(rows.map((row) => row.publishTime)).toEqual([...rows.map((row) => row.publishTime)].sort().reverse());
      expect(JSON.parse(first.headers[PAGINATION_INFO_HEADER] as string)).toEqual({
        rows: 10,
        count: 12,
        page: 1,
        pageSize: 10,
        totalRow: 12,
        totalPage: 2,
      });

      const second = await a.get(ARTICLES, { query: { page: '2', pageSize: '5' } });
      expect((second.json() as unknown[]).length).toBe(5);
      expect(JSON.parse(second.headers[PAGINATION_INFO_HEADER] as string)).toEqual({
        rows: 5,
        count: 12,
        page: 2,
        pageSize: 5,
        totalRow: 12,
        totalPage: 3,
      });
      expect(second.headers[LINK_HEADER]).toBe(
        [
          '</rest/customer/workbench/articles?page=1&pageSize=5>; rel="first"',
          '</rest/customer/workbench/articles?page=1&pageSize=5>; rel="previous"',
          '</rest/customer/workbench/articles?page=2&pageSize=5>; rel="self"',
          '</rest/customer/workbench/articles?page=3&pageSize=5>; rel="next"',
          '</rest/customer/workbench/articles?page=3&pageSize=5>; rel="last"',
        ].join(', '),
      );
    });

    it('answers an empty page past the end', async () => {
      const response = await a.get(ARTICLES, { query: { page: '99' } });
      expect(response.json()).toEqual([]);
      expect(JSON.parse(response.headers[PAGINATION_INFO_HEADER] as string)).toMatchObject({ page: 99, totalRow: 12 });
    });

    it('refuses bad page numbers with Chinese messages', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ page: '0' }, '页码不能小于1'],
        [{ page: '-5' }, '页码不能小于1'],
        [{ page: 'abc' }, '页码必须是整数'],
        [{ page: '0x10' }, '页码必须是整数'],
        [{ page: '02' }, '页码必须是整数'],
        [{ page: '+2' }, '页码必须是整数'],
        [{ page: '1.5' }, '页码必须是整数'],
        [{ page: '1e12' }, '页码必须是整数'],
        [{ page: '1000000000000' }, '页码过大'],
        [{ page: "1' OR '1'='1" }, '页码必须是整数'],
        [{ pageSize: '0' }, '每页条数不能小于1'],
        [{ pageSize: '101' }, '每页条数不能超过100'],
        [{ pageSize: '9'.repeat(400) }, '每页条数不能超过100'], // beyond any float: Infinity
        [{ pageSize: '1e1' }, '每页条数必须是整数'],
      ];
      for (const [query, message] of cases) expectError(await a.get(ARTICLES, { query }), 400, message);
    });
  });

  it('lists the eight industries', async () => {
    const industries = (await a.get(INDUSTRIES)).json() as Array<{ id: number; title: string; summary: string }>;
    expect(industries).toHaveLength(8);
    expect(industries[0]).toEqual({ id: expect.any(Number), title: '餐饮美食', summary: expect.any(String) });
  });

  it('needs a session for every dashboard call', async () => {
    for (const url of [STATS, BANNERS, ARTICLES, INDUSTRIES]) expectError(await t.client().get(url), 401, CommonMessage.NotLoggedIn);
  });
});
