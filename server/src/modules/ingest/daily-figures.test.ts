import { type DailyStat, DateMessage, PlatformMessage } from '@portal/contracts';
import { DAILY_FIGURE_MAX, DAILY_FIGURES_MAX_AGE_DAYS, DAILY_FIGURES_MAX_ROWS, DailyFiguresMessage, IngestMessage } from '@portal/contracts/ingest';
import { ingestEndpoints, workbenchEndpoints } from '@portal/contracts/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { ServerMessage } from '../../http/messages';
import { addDays, chinaToday } from '../../lib/time';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, itemIdsOf, freshMobile } from '../../test/leads';

const KEY = '/rest/customer/account/ingest-key';
const FIGURES = `/rest${ingestEndpoints.dailyFigures.path}`;
const LEADS = `/rest${ingestEndpoints.lead.path}`;
const STATS = `/rest${workbenchEndpoints.stats.path}`;

interface Row {
  itemId: number;
  date: string;
  impressions: number;
  clicks: number;
  validConversations: number;
  phoneRequests: number;
}

const figures = (itemId: number, date: string, base = 100): Row => ({
  itemId,
  date,
  impressions: base * 100,
  clicks: base * 4,
  validConversations: base,
  phoneRequests: Math.ceil(base / 2),
});

describe.each(dialects())('daily figures feed on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let keyA: string;
  let keyB: string;
  let itemsA: number[];
  let itemsB: number[];
  let today: string;

  /** Sends like the ad platform's server: the key header, no cookies, no X-Requested-With; `key` null sends none. */
  const put = (payload: unknown, key: string | null = keyA): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'PUT', url: FIGURES, payload: payload as object, headers: key === null ? {} : { 'x-ingest-key': key } });
  /** The workbench's answer for one of A's items over [start, end], as the logged-in page asks it. */
  const statsOf = async (itemId: number | undefined, start: string, end: string = start): Promise<DailyStat[]> => {
    const response = await a.get(STATS, { query: { ...(itemId === undefined ? {} : { itemId: String(itemId) }), startTime: start, endTime: end } });
    expect(response.statusCode).toBe(200);
    return response.json() as DailyStat[];
  };
  /** Every stored figure row, for "nothing was written". */
  const storedRows = () => t.db.selectFrom('dailyStats').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await startApp(dialect);
    const clients = await demoClients(t);
    a = clients.a;
    keyA = (await a.get(KEY)).json().data.key;
    keyB = (await clients.b.get(KEY)).json().data.key;
    itemsA = await itemIdsOf(t.db, await customerIdOf(t.db, 'demo'));
    itemsB = await itemIdsOf(t.db, await customerIdOf(t.db, 'demo2'));
    today = chinaToday();
  });
  afterAll(() => t.close());

  it('stores a batch of project-days, and the workbench shows a figure sent today', async () => {
    const rows = [figures(itemsA[0], today, 7), figures(itemsA[0], addDays(today, -1), 8), figures(itemsA[1], today, 9)];
    const response = await put({ rows });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 200,
      body: { code: '200', message: ServerMessage.Succeeded, data: { rows: 3 } },
    });
    const [yesterday, shown] = await statsOf(itemsA[0], addDays(today, -1), today);
    expect(shown).toMatchObject({ date: today, impressions: 700, clicks: 28, phoneRequests: 4 });
    expect(yesterday).toMatchObject({ impressions: 800, clicks: 32, phoneRequests: 4 });
    expect((await statsOf(itemsA[1], today))[0]).toMatchObject({ impressions: 900, clicks: 36, phoneRequests: 5 });
    // 有效对话 is the live chat's own count (chat.test.ts), not the feed's: none of these projects has one.
    expect([shown.validConversations, yesterday.validConversations]).toEqual([0, 0]);
  });

  it('counts a figure sent twice for one day once: the second replaces the first', async () => {
    const itemId = itemsA[2];
    const others = async () => {
      const [all] = await statsOf(undefined, today);
      const [own] = await statsOf(itemId, today);
      return all.impressions - own.impressions;
    };
    const rest = await others();
    for (let i = 0; i < 2; i++) expect((await put({ rows: [figures(itemId, today, 50)] })).statusCode).toBe(200);
    expect((await statsOf(itemId, today))[0]).toMatchObject({ impressions: 5000, clicks: 200, phoneRequests: 25 });
    expect((await statsOf(undefined, today))[0].impressions).toBe(rest + 5000);
    // A corrected figure replaces the whole day, lower numbers included.
    expect((await put({ rows: [{ ...figures(itemId, today, 50), clicks: 0, phoneRequests: 3 }] })).statusCode).toBe(200);
    expect((await statsOf(itemId, today))[0]).toMatchObject({ impressions: 5000, clicks: 0, phoneRequests: 3 });
    expect((await statsOf(undefined, today))[0].impressions).toBe(rest + 5000);
    // One row, the feed's conversations kept with it (the ledger's; the workbench counts the chat's own).
    const stored = await t.db
      .selectFrom('dailyStats')
      .select(['id', 'validConversations'])
      .where('itemId', '=', itemId)
      .where('date', '=', today)
      .execute();
    expect(stored.map((row) => Number(row.validConversations))).toEqual([50]);
  });

  it('counts 留言数 from the leads received, not from the feed', async () => {
    const itemId = itemsA[1];
    const [before] = await statsOf(itemId, today);
    for (let i = 0; i < 3; i++) {
      const lead = await t.app.inject({
        method: 'POST',
        url: LEADS,
        headers: { 'x-ingest-key': keyA },
        payload: { listKind: i === 0 ? 'infoList' : 'resource', itemId, name: '留言测试', mobile: freshMobile() },
      });
      expect(lead.statusCode).toBe(201);
    }
    const [after] = await statsOf(itemId, today);
    expect(after).toEqual({ ...before, messages: before.messages + 3 });
    // The feed has no 留言数: a `messages` field in the body is not stored, the leads' count stays.
    expect((await put({ rows: [{ ...figures(itemId, today, 9), messages: 999 }] })).statusCode).toBe(200);
    expect((await statsOf(itemId, today))[0].messages).toBe(before.messages + 3);
  });

  it("refuses B's key on A's projects with a Chinese 404, writing nothing of the batch", async () => {
    const before = await storedRows();
    const [statsBefore] = await statsOf(itemsA[0], today);
    expectError(await put({ rows: [figures(itemsA[0], today, 1)] }, keyB), 404, PlatformMessage.ItemNotFound);
    // B's own row in the same batch is not stored either: all or nothing.
    expectError(await put({ rows: [figures(itemsB[0], today, 1), figures(itemsA[0], today, 1)] }, keyB), 404, PlatformMessage.ItemNotFound);
    expectError(await put({ rows: [figures(999_999, today, 1)] }), 404, PlatformMessage.ItemNotFound);
    expect(await storedRows()).toEqual(before);
    expect((await statsOf(itemsA[0], today))[0]).toEqual(statsBefore);
    // B's key writes B's projects.
    expect((await put({ rows: [figures(itemsB[0], today, 1)] }, keyB)).statusCode).toBe(200);
  });

  it('refuses a missing or unknown key with 401 before reading the body', async () => {
    const before = await storedRows();
    for (const key of [null, '', 'nope', keyA.toUpperCase(), keyA.replace(/.$/, (c) => (c === '0' ? '1' : '0'))]) {
      const response = await put({ rows: [figures(itemsA[0], today, 3)] }, key);
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 401,
        body: { code: '401', message: IngestMessage.KeyInvalid },
      });
    }
    expectError(await put('{broken', 'nope'), 401, IngestMessage.KeyInvalid);
    expect(await storedRows()).toEqual(before);
  });

  it('refuses bad days, figures and batches with a Chinese 400 naming the field, writing nothing', async () => {
    const before = await storedRows();
    const row = figures(itemsA[0], today, 2);
    const oldest = addDays(today, -DAILY_FIGURES_MAX_AGE_DAYS);
    const many = Array.from({ length: DAILY_FIGURES_MAX_ROWS + 1 }, (_, i) => figures(itemsA[i % 2], addDays(today, -Math.floor(i / 2))));
    const cases: Array<[unknown, number, string, string | undefined]> = [
      [{ rows: [{ ...row, date: addDays(today, 1) }] }, 400, DailyFiguresMessage.DateOutOfWindow, 'rows.0.date'],
      [{ rows: [row, { ...row, date: addDays(oldest, -1) }] }, 400, DailyFiguresMessage.DateOutOfWindow, 'rows.1.date'],
      [{ rows: [{ ...row, date: '2025-02-30' }] }, 400, DateMessage.Invalid, 'rows.0.date'],
      [{ rows: [{ ...row, date: today.replaceAll('-', '/') }] }, 400, DateMessage.Invalid, 'rows.0.date'],
      [{ rows: [{ ...row, date: '1999-12-31' }] }, 400, DateMessage.OutOfRange, 'rows.0.date'],
      [{ rows: [{ ...row, date: 20250101 }] }, 400, DateMessage.Invalid, 'rows.0.date'],
      [{ rows: [{ ...row, date: undefined }] }, 400, DateMessage.Invalid, 'rows.0.date'],
      [{ rows: [{ ...row, impressions: -1 }] }, 400, DailyFiguresMessage.FigureInvalid, 'rows.0.impressions'],
      [{ rows: [{ ...row, clicks: 1.5 }] }, 400, DailyFiguresMessage.FigureInvalid, 'rows.0.clicks'],
      [{ rows: [{ ...row, validConversations: DAILY_FIGURE_MAX + 1 }] }, 400, DailyFiguresMessage.FigureInvalid, 'rows.0.validConversations'],
      [{ rows: [{ ...row, phoneRequests: 1e308 }] }, 400, DailyFiguresMessage.FigureInvalid, 'rows.0.phoneRequests'],
      [{ rows: [{ ...row, impressions: '5' }] }, 400, DailyFiguresMessage.FigureInvalid, 'rows.0.impressions'],
      [{ rows: [{ ...row, clicks: undefined }] }, 400, DailyFiguresMessage.FigureInvalid, 'rows.0.clicks'],
      [{ rows: [{ ...row, itemId: 0 }] }, 400, PlatformMessage.ItemInvalid, 'rows.0.itemId'],
      [{ rows: [{ ...row, itemId: String(itemsA[0]) }] }, 400, PlatformMessage.ItemInvalid, 'rows.0.itemId'],
      [{ rows: [row, { ...row, impressions: 1 }] }, 400, DailyFiguresMessage.Duplicate, 'rows.1.date'],
      [{ rows: [] }, 400, DailyFiguresMessage.RowsInvalid, 'rows'],
      [{ rows: many }, 400, DailyFiguresMessage.RowsInvalid, 'rows'],
      [{ rows: row }, 400, DailyFiguresMessage.RowsInvalid, 'rows'],
      [{}, 400, DailyFiguresMessage.RowsInvalid, 'rows'],
      [{ rows: [null] }, 400, DailyFiguresMessage.RowInvalid, 'rows.0'],
    ];
    for (const [payload, status, message, field] of cases) {
      const response = await put(payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status,
        body: { code: String(status), message, ...(field ? { field } : {}) },
      });
    }
    for (const payload of ['[]', 'null', '"text"', '{']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: FIGURES,
        payload,
        headers: { 'x-ingest-key': keyA, 'content-type': 'application/json' },
      });
      expectError(response, 400);
    }
    expectError(await put('rows=1'), 415);
    expectError(await put({ rows: many, padding: 'x'.repeat(300 * 1024) }), 413);
    expect(await storedRows()).toEqual(before);
  });

  it('takes the bounds themselves: a full batch, the oldest day, zero and the largest figure', async () => {
    // DAILY_FIGURES_MAX_ROWS distinct project-days: the whole window of one project, then another's.
    const days = DAILY_FIGURES_MAX_AGE_DAYS + 1;
    const rows = Array.from({ length: DAILY_FIGURES_MAX_ROWS }, (_, i) => ({
      ...figures(itemsA[i < days ? 3 : 4], addDays(today, -(i % days)), 1),
      impressions: i === 0 ? DAILY_FIGURE_MAX : 0,
    }));
    expect((await put({ rows })).json()).toEqual({ code: '200', message: ServerMessage.Succeeded, data: { rows: DAILY_FIGURES_MAX_ROWS } });
    const oldest = addDays(today, -DAILY_FIGURES_MAX_AGE_DAYS);
    const [first] = await statsOf(itemsA[3], oldest);
    expect(first).toMatchObject({ date: oldest, impressions: 0, clicks: 4 });
    expect((await statsOf(itemsA[3], today))[0].impressions).toBe(DAILY_FIGURE_MAX);
  });
});

describe('daily figures rate limit', () => {
  it('limits each key on its own, apart from its leads', async () => {
    const t = await startApp('sqlite', { ingestRateLimitPerMinute: 2 });
    try {
      const { a, b } = await demoClients(t);
      const keyA = (await a.get(KEY)).json().data.key;
      const keyB = (await b.get(KEY)).json().data.key;
      const itemA = (await itemIdsOf(t.db, await customerIdOf(t.db, 'demo')))[0];
      const itemB = (await itemIdsOf(t.db, await customerIdOf(t.db, 'demo2')))[0];
      const put = (key: string, itemId: number) =>
        t.app.inject({ method: 'PUT', url: FIGURES, headers: { 'x-ingest-key': key }, payload: { rows: [figures(itemId, chinaToday())] } });
      for (let i = 0; i < 2; i++) expect((await put(keyA, itemA)).statusCode).toBe(200);
      const limited = await put(keyA, itemA);
      expectError(limited, 429, ServerMessage.TooManyRequests);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await put(keyB, itemB)).statusCode).toBe(200);
      // The lead call of the same key keeps its own count.
      const lead = await t.app.inject({
        method: 'POST',
        url: LEADS,
        headers: { 'x-ingest-key': keyA },
        payload: { listKind: 'resource', itemId: itemA, name: '测试', mobile: freshMobile() },
      });
      expect(lead.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
