import { type DailyStat } from '@portal/contracts';
import { LEAD_KINDS } from '@portal/contracts/leads';
import { ingestDailyFiguresSchema, ingestLeadSchema } from '@portal/contracts/ingest';
import { workbenchEndpoints } from '@portal/contracts/endpoints';
import { chinaToday } from '../lib/time';
import { dialects, startApp, type TestApp, type TestClient } from '../test/harness';
import { figuresBody, randomLead, readAccount, runTraffic, withOneLead } from './demo-traffic';
import { seededRandom } from '../db/seed';

describe('demo traffic', () => {
  it('sends leads the ingestion call accepts, across the main lists', () => {
    const target = {
      items: [{ id: 3, title: '茶语时光奶茶加盟' }],
      channels: [
        { id: 1, title: '百度竞价', channelType: 1 },
        { id: 2, title: '抖音信息流', channelType: 2 },
      ],
    };
    const leads = Array.from({ length: 300 }, () => randomLead(target));
    for (const lead of leads) expect(ingestLeadSchema.safeParse(lead).error?.issues).toBeUndefined();
    const kinds = new Set(leads.map((lead) => lead.listKind));
    expect([...kinds].every((kind) => LEAD_KINDS.includes(kind))).toBe(true);
    expect(kinds.has('resource') && kinds.has('feedback') && kinds.has('infoList')).toBe(true);
  });

  it("grows a project's figures with each lead, in a body the figures call accepts", () => {
    const random = seededRandom(7);
    let day = { impressions: 0, clicks: 0, validConversations: 0, phoneRequests: 0 };
    for (let i = 0; i < 200; i++) {
      const next = withOneLead(day, random);
      expect(next.clicks - day.clicks).toBeGreaterThanOrEqual(3);
      expect(next.impressions - day.impressions).toBeGreaterThanOrEqual(15 * (next.clicks - day.clicks));
      expect(next.validConversations).toBeGreaterThanOrEqual(day.validConversations);
      expect(next.phoneRequests).toBeGreaterThanOrEqual(day.phoneRequests);
      day = next;
    }
    // Some leads bring a conversation or a call, not all.
    expect(day.validConversations).toBeGreaterThan(50);
    expect(day.validConversations).toBeLessThan(200);
    expect(day.phoneRequests).toBeGreaterThan(10);
    const body = figuresBody(chinaToday(), new Map([[3, day]]));
    expect(ingestDailyFiguresSchema.safeParse(body).error?.issues).toBeUndefined();
    expect(body.rows).toEqual([{ itemId: 3, date: chinaToday(), ...day }]);
  });
});

describe.each(dialects())('demo traffic against a running server on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let url: string;
  const today = () => chinaToday();
  const workbenchToday = async (itemId: number): Promise<DailyStat> =>
    (
      (
        await a.get(`/rest${workbenchEndpoints.stats.path}`, { query: { itemId: String(itemId), startTime: today(), endTime: today() } })
      ).json() as DailyStat[]
    )[0];

  beforeAll(async () => {
    t = await startApp(dialect);
    a = t.client();
    await a.login('demo');
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("sends leads and today's figures, so the workbench's figures move", async () => {
    const account = await readAccount(t.db, 'demo');
    const before = new Map(await Promise.all(account.items.map(async (item) => [item.id, await workbenchToday(item.id)] as const)));
    // The figures start from what is stored for today (the seed's), not from zero.
    for (const item of account.items) expect(account.figures.get(item.id)?.impressions).toBe(before.get(item.id)!.impressions);

    const lines: string[] = [];
    const result = await runTraffic({
      account,
      key: account.key,
      url,
      rate: 100,
      count: 6,
      log: (line) => lines.push(line),
      random: seededRandom(3),
    });
    expect(result).toMatchObject({ sent: 6, failed: 0 });
    // Once at the end at least (and every 5 s on a slow machine), each call stored.
    expect(result.figureCalls).toBeGreaterThanOrEqual(1);
    expect(lines.filter((line) => line.startsWith('200 figures'))).toHaveLength(result.figureCalls);

    let leads = 0;
    let clicks = 0;
    for (const item of account.items) {
      const was = before.get(item.id)!;
      const now = await workbenchToday(item.id);
      leads += now.messages - was.messages;
      clicks += now.clicks - was.clicks;
      expect(now.impressions).toBeGreaterThanOrEqual(was.impressions);
      if (now.messages > was.messages) expect(now.impressions).toBeGreaterThan(was.impressions);
    }
    // 留言数 counts the six leads; each brought at least three clicks.
    expect(leads).toBe(6);
    expect(clicks).toBeGreaterThanOrEqual(18);
  });
});
