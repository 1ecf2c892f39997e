import { OrderStatus } from '@portal/contracts/mall';
import { DEMO_CUSTOMERS } from '../../db/seed-data';
import { dialects, startApp, type TestApp, type TestClient } from '../../test/harness';
import { DEMO_MALL_PICTURES_PATH, demoMallPicturesPlugin } from './demo-pictures';
import { demoMallPictures, seedDemoMallIfMissing } from './seed';

const BASE = '/rest/customer/mall';

/** Every table the mall seed writes, row counts. */
async function counts(t: TestApp): Promise<Record<string, number>> {
  const tables = ['mallGoods', 'mallBanners', 'mallGoodCases', 'mallAddresses', 'mallOrders', 'mallOrderTracks', 'pointsLog', 'mallSignins'] as const;
  const entries = await Promise.all(
    tables.map(
      async (table) =>
        [
          table,
          Number(
            (
              await t.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ] as const,
    ),
  );
  return Object.fromEntries(entries);
}

describe.each(dialects())("the demo's points mall on %s", (dialect) => {
  let t: TestApp;
  let a: TestClient;
  beforeAll(async () => {
    // The demo's own route of pictures, as server/src/demo/main.ts adds it.
    t = await startApp(dialect, { routes: (app) => void app.register(demoMallPicturesPlugin, { pictures: demoMallPictures() }) });
    expect(await seedDemoMallIfMissing(t.db)).toBe(true);
    a = t.client();
    await a.login(DEMO_CUSTOMERS[0].loginAccount);
  });
  afterAll(() => t.close());

  it('seeds once: a second run adds nothing', async () => {
    const before = await counts(t);
    expect(before).toMatchObject({ mallBanners: 3, mallGoodCases: 4, mallAddresses: 3, mallOrders: 4 });
    expect(await seedDemoMallIfMissing(t.db)).toBe(false);
    expect(await counts(t)).toEqual(before);
  });

  it('gives the demo customer an order in each status, shipped ones with their events, and addresses with one default', async () => {
    const orders = (await a.get(`${BASE}/orders`)).json() as Array<{ id: number; status: number }>;
    expect(orders.map((order) => order.status).sort()).toEqual(
      [OrderStatus.Cancelled, OrderStatus.AwaitingShipment, OrderStatus.AwaitingReceipt, OrderStatus.Completed].sort(),
    );
    for (const { id, status } of orders) {
      const detail = (await a.get(`${BASE}/orders/${id}`)).json();
      if (status === OrderStatus.AwaitingReceipt || status === OrderStatus.Completed) {
        expect(detail.express.list.length).toBe(3);
        // Newest first: the shipping event is the oldest.
        expect(detail.express.list.at(-1).context).toMatch(/^已发货/);
      } else {
        expect(detail.express).toBeNull();
      }
    }
    const addresses = (await a.get(`${BASE}/addresses`)).json() as Array<{ isDefault: number }>;
    expect(addresses).toHaveLength(3);
    expect(addresses.filter((address) => address.isDefault === 1)).toHaveLength(1);
    // The cancelled order's points came back: the log holds the exchange and its return.
    const log = (await a.get(`${BASE}/points/logs`, { query: { pageSize: '50' } })).json() as Array<{ source: string }>;
    expect(log.filter((row) => row.source === 'order')).toHaveLength(4);
    expect(log.filter((row) => row.source === 'order-cancel')).toHaveLength(1);
    // The other demo customer has none of them.
    const other = t.client();
    await other.login(DEMO_CUSTOMERS[1].loginAccount);
    expect((await other.get(`${BASE}/orders`)).json()).toEqual([]);
  });

  it('shows pictures the demo serves: every good, banner and case picture is an SVG with its title', async () => {
    const goods = (await a.get(`${BASE}/goods`)).json() as Array<{ id: number; title: string; productPics: string[] }>;
    const banners = (await a.get(`${BASE}/banners`)).json() as Array<{ title: string; picUrl: string }>;
    expect(banners.map((banner) => banner.title)).toEqual(['做任务赚积分', '积分兑好礼', '新品上架']);
    const withCases = await Promise.all(goods.map(async (good) => (await a.get(`${BASE}/goods/${good.id}`)).json()));
    const pictures: Array<[string, string]> = [
      ...goods.flatMap((good) => good.productPics.map((pic) => [pic, good.title] as [string, string])),
      ...banners.map((banner) => [banner.picUrl, banner.title] as [string, string]),
      ...withCases.flatMap((good: { cases: Array<{ picture: string; title: string }> }) =>
        good.cases.map((item) => [item.picture, item.title] as [string, string]),
      ),
    ];
    expect(goods.every((good) => good.productPics.length === 2)).toBe(true);
    expect(withCases.filter((good) => good.cases.length > 0)).toHaveLength(3);
    for (const [url, title] of pictures) {
      expect(url.startsWith(`${DEMO_MALL_PICTURES_PATH}/`)).toBe(true);
      // An <img> sends neither the session nor X-Requested-With.
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body).toContain(`<title>${title}</title>`);
    }
    expect((await t.app.inject({ method: 'GET', url: `${DEMO_MALL_PICTURES_PATH}/goods/999.svg` })).statusCode).toBe(404);
  });

  it('gives goods seeded before the demo had pictures their pictures, once', async () => {
    await t.db.updateTable('mallGoods').set({ productPics: '[]' }).where('title', '=', '品牌保温杯').execute();
    expect(await seedDemoMallIfMissing(t.db)).toBe(true);
    const row = await t.db.selectFrom('mallGoods').select('productPics').where('title', '=', '品牌保温杯').executeTakeFirstOrThrow();
    expect(JSON.parse(row.productPics)).toHaveLength(2);
    expect(await seedDemoMallIfMissing(t.db)).toBe(false);
  });
});

describe('the production app', () => {
  it("has no route of the demo's pictures", async () => {
    const t = await startApp('sqlite', { seed: false });
    try {
      const [name] = demoMallPictures().keys();
      expect((await t.app.inject({ method: 'GET', url: `${DEMO_MALL_PICTURES_PATH}/${name}` })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
