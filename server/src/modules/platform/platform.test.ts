import { CommonMessage, ItemStatus, PlatformMessage } from '@portal/contracts';
import { dialects, expectError, useDemoApp } from '../../test/harness';

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
