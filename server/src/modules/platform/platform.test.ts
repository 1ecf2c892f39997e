import { CommonMessage, ItemModeType, ItemStatus, LeadStatus, PlatformMessage } from '@portal/contracts';
import { dialects, expectError, useDemoApp } from '../../test/harness';
import { customerIdOf } from '../../test/leads';

const ITEMS = '/rest/customer/platform/items/all';
const CHANNELS = '/rest/customer/platform/channels/listAll';

describe.each(dialects())('platform on %s', (dialect) => {
  const s = useDemoApp(dialect);

  it("lists the customer's items with their status and modeType", async () => {
    const response = await s.a.get(ITEMS);
    expect(response.statusCode).toBe(200);
    const items = response.json() as Array<{ id: number; title: string; status: number; modeType: number | null }>;
    expect(items).toHaveLength(6);
    expect(items[0]).toEqual({ id: expect.any(Number), title: '茶语时光奶茶加盟', status: ItemStatus.OnAir, modeType: null });
    expect(new Set(items.map((item) => item.status))).toEqual(new Set([ItemStatus.OnAir, ItemStatus.Invalid, ItemStatus.TakenDown]));
  });

  it('offers every project whose leads are in the lists, whatever its status or modeType (issue 27)', async () => {
    const items = (await s.a.get(ITEMS)).json() as Array<{ id: number; title: string; status: number; modeType: number | null }>;
    const customerId = await customerIdOf(s.t.db, 'demo');
    const withLeads = await s.t.db
      .selectFrom('leads')
      .select('itemId')
      .distinct()
      .where('customerId', '=', customerId)
      .where('status', '=', LeadStatus.Normal)
      .where('itemId', 'is not', null)
      .execute();
    expect(withLeads.length).toBeGreaterThan(0);
    const offered = new Set(items.map((item) => item.id));
    expect(withLeads.filter((row) => !offered.has(Number(row.itemId)))).toEqual([]);
    // The seed's project of modeType 1 (excluded from the filter in the spec) and the ones not on air, each with its status.
    expect(items).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), title: '童趣乐园早教中心', status: ItemStatus.OnAir, modeType: ItemModeType.ExcludedFromFilter },
        { id: expect.any(Number), title: '净衣坊干洗连锁', status: ItemStatus.Invalid, modeType: null },
        { id: expect.any(Number), title: '果然鲜水果超市', status: ItemStatus.TakenDown, modeType: null },
      ]),
    );
  });

  it('filters by modeType, and treats a blank one as no filter', async () => {
    expect((await s.a.get(ITEMS, { query: { modeType: '3' } })).json()).toEqual([
      { id: expect.any(Number), title: '悦读绘本馆', status: ItemStatus.OnAir, modeType: 3 },
    ]);
    expect((await s.a.get(ITEMS, { query: { modeType: '2' } })).json()).toEqual([]);
    expect((await s.a.get(ITEMS, { query: { modeType: '' } })).json()).toHaveLength(6);
  });

  it('refuses a modeType that is not a small number', async () => {
    for (const modeType of ['abc', '-1', '1.5', '99999999999', "1' OR '1'='1", 'x'.repeat(2_000)]) {
      expectError(await s.a.get(ITEMS, { query: { modeType } }), 400, PlatformMessage.ModeTypeInvalid);
    }
  });

  it("keeps each customer's items and channels to that customer", async () => {
    const itemsA = (await s.a.get(ITEMS)).json() as Array<{ id: number }>;
    const itemsB = (await s.b.get(ITEMS)).json() as Array<{ id: number; title: string }>;
    expect(itemsB.map((item) => item.title)).toEqual(['老北京炸酱面馆', '焙香坊烘焙加盟', '美甲小站连锁', '智慧星少儿编程']);
    expect(itemsB.some((item) => itemsA.some((other) => other.id === item.id))).toBe(false);

    const channelsA = (await s.a.get(CHANNELS)).json() as Array<{ id: number; title: string; channelType: number }>;
    const channelsB = (await s.b.get(CHANNELS)).json() as Array<{ id: number; title: string; channelType: number }>;
    expect(channelsA).toHaveLength(5);
    expect(channelsA[0]).toEqual({ id: expect.any(Number), title: '百度竞价', channelType: 1 });
    expect(channelsB.map((channel) => channel.title)).toEqual(['百度竞价', '快手信息流']);
    expect(channelsB.some((channel) => channelsA.some((other) => other.id === channel.id))).toBe(false);
  });

  it('needs a session', async () => {
    expectError(await s.t.client().get(ITEMS), 401, CommonMessage.NotLoggedIn);
    expectError(await s.t.client().get(CHANNELS), 401, CommonMessage.NotLoggedIn);
  });
});
