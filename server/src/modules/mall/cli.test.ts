import { IDEMPOTENCY_KEY_HEADER } from '@portal/contracts/ingest';
import { OrderStatus } from '@portal/contracts/mall';
import { useOperatorCli } from '../../test/cli';
import { dialects } from '../../test/harness';
import { customerIdOf } from '../../test/leads';
import { grantPoints } from './service';

const BASE = '/rest/customer/mall';

describe.each(dialects())("the operator's mall commands on %s", (dialect) => {
  const { suite, cli, logs, errors } = useOperatorCli(dialect);
  let keys = 0;
  const placeOrder = async (goodId: number, amount: number): Promise<number> => {
    const address = await suite.a.post(`${BASE}/addresses`, {
      name: '张三',
      mobile: '13800138000',
      province: '广东省',
      city: '深圳市',
      area: '南山区',
      street: '粤海街道',
      address: '科技园1号',
    });
    expect(address.statusCode).toBe(201);
    const placed = await suite.a.post(
      `${BASE}/orders`,
      { goodId, amount, addressId: address.json().id },
      { headers: { [IDEMPOTENCY_KEY_HEADER]: `cli-${(keys += 1)}` } },
    );
    expect(placed.statusCode).toBe(201);
    return placed.json().id;
  };
  const orderOf = async (id: number) => (await suite.a.get(`${BASE}/orders/${id}`)).json();
  const balance = async (): Promise<number> => (await suite.a.get(`${BASE}/points`)).json().currentScore;

  it('adds a good that customers see on sale, and stock to it', async () => {
    expect(
      await cli(
        'mall-good',
        '--section',
        '2',
        '--title',
        '投放诊断 (CLI)',
        '--points',
        '120',
        '--min-price',
        '99',
        '--max-price',
        '129.5',
        '--stock',
        '3',
      ),
    ).toBe(0);
    const added = ((await suite.a.get(`${BASE}/goods`, { query: { section: '2' } })).json() as Array<Record<string, unknown>>).find(
      (good) => good.title === '投放诊断 (CLI)',
    );
    expect(added).toMatchObject({ section: 2, exchangeScore: 120, minMarketPrice: 9_900, maxMarketPrice: 12_950, stock: 3 });
    expect(await cli('mall-stock', '--good', String(added!.id), '--add', '7')).toBe(0);
    expect((await suite.a.get(`${BASE}/goods/${added!.id}`)).json().stock).toBe(10);
  });

  it("adds banners to the mall home's carousel, in their order, with or without a link", async () => {
    expect(await cli('mall-banner', '--title', '积分兑好礼', '--pic', 'https://cdn.example.com/banner-2.png', '--sort', '2')).toBe(0);
    expect(
      await cli('mall-banner', '--title', '做任务赚积分', '--pic', '/rest/demo-assets/mall/banners/1.svg', '--link-url', '/task-wall', '--sort', '1'),
    ).toBe(0);
    expect(logs).toHaveBeenCalledWith(expect.stringMatching(/^Added banner \d+\.$/));
    expect((await suite.a.get(`${BASE}/banners`)).json()).toMatchObject([
      { title: '做任务赚积分', picUrl: '/rest/demo-assets/mall/banners/1.svg', linkUrl: '/task-wall', linkType: 1 },
      { title: '积分兑好礼', picUrl: 'https://cdn.example.com/banner-2.png', linkUrl: null, linkType: 0 },
    ]);
    // Usage errors (2): no picture, two pictures, a sort that is no number; refusals of the rules (1).
    expect(await cli('mall-banner', '--title', '无图')).toBe(2);
    expect(await cli('mall-banner', '--title', '两图', '--pic', '/a.svg', '--pic', '/b.svg')).toBe(2);
    expect(await cli('mall-banner', '--title', '排序', '--pic', '/a.svg', '--sort', 'first')).toBe(2);
    expect(await cli('mall-banner', '--title', '脚本', '--pic', 'javascript:alert(1)')).toBe(1);
    expect(await cli('mall-banner', '--title', '外站', '--pic', '/a.svg', '--link-url', '//evil.example.com')).toBe(1);
    expect(await cli('mall-banner', '--title', 'x'.repeat(101), '--pic', '/a.svg')).toBe(1);
    expect((await suite.a.get(`${BASE}/banners`)).json()).toHaveLength(2);
  });

  it("adds a success case to a good, shown with the good's detail", async () => {
    expect(
      await cli(
        'mall-good',
        '--section',
        '2',
        '--title',
        '案例商品 (CLI)',
        '--points',
        '50',
        '--min-price',
        '10',
        '--max-price',
        '10',
        '--stock',
        '1',
      ),
    ).toBe(0);
    const goodId = ((await suite.a.get(`${BASE}/goods`)).json() as Array<{ id: number; title: string }>).find(
      (good) => good.title === '案例商品 (CLI)',
    )!.id;
    expect(
      await cli(
        'mall-case',
        '--good',
        String(goodId),
        '--title',
        '两周上线官网',
        '--company',
        '成都某烘焙连锁',
        '--picture',
        'https://cdn.example.com/case.png',
        '--impression',
        '54000',
        '--click',
        '2050',
        '--content',
        '移动端访问占比 78%。',
      ),
    ).toBe(0);
    expect((await suite.a.get(`${BASE}/goods/${goodId}`)).json().cases).toMatchObject([
      {
        goodsId: goodId,
        title: '两周上线官网',
        company: '成都某烘焙连锁',
        picture: 'https://cdn.example.com/case.png',
        thumbnail: 'https://cdn.example.com/case.png',
        impression: 54_000,
        click: 2_050,
        content: '移动端访问占比 78%。',
      },
    ]);
    // Usage errors (2), a good that does not exist and bad values (1): nothing added.
    expect(await cli('mall-case', '--good', String(goodId), '--title', '无企业')).toBe(2);
    expect(await cli('mall-case', '--good', String(goodId), '--title', 't', '--company', 'c', '--click', '-5')).toBe(2);
    expect(await cli('mall-case', '--good', '999999', '--title', 't', '--company', 'c')).toBe(1);
    expect(await cli('mall-case', '--good', String(goodId), '--title', 't', '--company', 'c', '--thumbnail', 'ftp://example.com/t.png')).toBe(1);
    expect(await cli('mall-case', '--good', String(goodId), '--title', 't', '--company', 'x'.repeat(101))).toBe(1);
    expect((await suite.a.get(`${BASE}/goods/${goodId}`)).json().cases).toHaveLength(1);
  });

  it('ships an order with its courier, adds tracking events and completes it; the customer reads each step', async () => {
    const customerId = await customerIdOf(suite.t.db, 'demo');
    await suite.t.db.transaction().execute((tx) => grantPoints(tx, customerId, 1_000, 'task'));
    expect(
      await cli('mall-good', '--section', '1', '--title', '物流测试杯', '--points', '100', '--min-price', '10', '--max-price', '10', '--stock', '5'),
    ).toBe(0);
    const goodId = ((await suite.a.get(`${BASE}/goods`)).json() as Array<{ id: number; title: string }>).find(
      (good) => good.title === '物流测试杯',
    )!.id;
    const id = await placeOrder(goodId, 1);
    expect(await orderOf(id)).toMatchObject({ status: OrderStatus.AwaitingShipment, express: null });

    expect(await cli('mall-ship', '--order', String(id), '--company', '顺丰速运', '--code', 'SF1234567890')).toBe(0);
    expect(await cli('mall-track', '--order', String(id), '--context', '运输中，到达深圳转运中心')).toBe(0);
    const shipped = await orderOf(id);
    expect(shipped).toMatchObject({ status: OrderStatus.AwaitingReceipt, express: { companyCode: '顺丰速运', code: 'SF1234567890' } });
    // Shipping itself is the first event; the events are listed newest first.
    expect(shipped.express.list.map((track: { context: string }) => track.context)).toEqual([
      '运输中，到达深圳转运中心',
      '已发货 (顺丰速运 SF1234567890)',
    ]);
    expect(await cli('mall-complete', '--order', String(id))).toBe(0);
    expect((await orderOf(id)).status).toBe(OrderStatus.Completed);
    // A completed order is not cancelled.
    expect(await cli('mall-cancel', '--order', String(id))).toBe(1);
    expect(errors).toHaveBeenCalled();
  });

  it('cancels an order: its points and its stock come back', async () => {
    const customerId = await customerIdOf(suite.t.db, 'demo');
    await suite.t.db.transaction().execute((tx) => grantPoints(tx, customerId, 1_000, 'task'));
    expect(
      await cli('mall-good', '--section', '1', '--title', '取消测试杯', '--points', '200', '--min-price', '10', '--max-price', '10', '--stock', '4'),
    ).toBe(0);
    const goodId = ((await suite.a.get(`${BASE}/goods`)).json() as Array<{ id: number; title: string }>).find(
      (good) => good.title === '取消测试杯',
    )!.id;
    const before = await balance();
    const id = await placeOrder(goodId, 2);
    expect(await balance()).toBe(before - 400);
    expect(await cli('mall-cancel', '--order', String(id))).toBe(0);
    expect((await orderOf(id)).status).toBe(OrderStatus.Cancelled);
    expect(await balance()).toBe(before);
    expect((await suite.a.get(`${BASE}/goods/${goodId}`)).json().stock).toBe(4);
    const [latest] = (await suite.a.get(`${BASE}/points/logs`)).json() as Array<{ source: string; variational: number }>;
    expect(latest).toMatchObject({ source: 'order-cancel', variational: 400 });
  });

  it('prints the usage for missing or bad arguments, and refuses an order that does not exist', async () => {
    expect(await cli('mall-ship', '--order', '1')).toBe(2);
    expect(await cli('mall-good', '--section', '9', '--title', 'x', '--points', '1', '--min-price', '1', '--max-price', '1', '--stock', '1')).toBe(2);
    expect(await cli('mall-track', '--order', '1', '--context', '到达', '--time', 'yesterday')).toBe(2);
    expect(await cli('mall-complete', '--order', '999999')).toBe(1);
    expect(logs).not.toHaveBeenCalledWith(expect.stringContaining('999999'));
  });

  it('grants the official account once ever and each activity once, shown done on the task wall; usage errors and repeats grant nothing', async () => {
    const customerId = await customerIdOf(suite.t.db, 'demo');
    const status = async (client: typeof suite.a, key: string): Promise<number> =>
      ((await client.get(`${BASE}/tasks`)).json() as Array<{ key: string; status: number }>).find((task) => task.key === key)!.status;
    const balanceOfB = async (): Promise<number> => (await suite.b.get(`${BASE}/points`)).json().currentScore;
    const [before, beforeOfB] = [await balance(), await balanceOfB()];
    expect([await status(suite.a, 'official'), await status(suite.a, 'activity')]).toEqual([0, 0]);

    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'official')).toBe(0);
    expect(logs).toHaveBeenCalledWith(expect.stringContaining('20 points granted'));
    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'official')).toBe(1);
    expect(errors).toHaveBeenCalledWith('该任务已完成, 本期不再奖励');
    expect(await balance()).toBe(before + 20);
    expect(await status(suite.a, 'official')).toBe(1);

    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'activity', '--ref', '双十一直播')).toBe(0);
    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'activity', '--ref', '双十一直播')).toBe(1);
    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'activity', '--ref', '新春答题')).toBe(0);
    expect(await balance()).toBe(before + 20 + 50 + 50);
    expect(await status(suite.a, 'activity')).toBe(1);
    const log = await suite.t.db
      .selectFrom('pointsLog')
      .select(['refType', 'variational'])
      .where('customerId', '=', customerId)
      .where('source', '=', 'task')
      .where('refType', 'in', ['official', 'activity'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { refType: 'official', variational: 20 },
      { refType: 'activity', variational: 50 },
      { refType: 'activity', variational: 50 },
    ]);

    // demo2 is not touched.
    expect(await balanceOfB()).toBe(beforeOfB);
    expect([await status(suite.b, 'official'), await status(suite.b, 'activity')]).toEqual([0, 0]);

    // Usage errors (2), an unknown customer or a bad activity name (1): nothing granted.
    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'reading')).toBe(2);
    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'activity')).toBe(2);
    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'official', '--ref', 'x')).toBe(2);
    expect(await cli('mall-task', '--customer', 'demo', '--task', 'official')).toBe(2);
    expect(await cli('mall-task', '--customer', '999999', '--task', 'official')).toBe(1);
    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'activity', '--ref', ' ')).toBe(1);
    expect(await cli('mall-task', '--customer', String(customerId), '--task', 'activity', '--ref', 'x'.repeat(65))).toBe(1);
    expect(await balance()).toBe(before + 120);
  });
});
