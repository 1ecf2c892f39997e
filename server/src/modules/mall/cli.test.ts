import { IDEMPOTENCY_KEY_HEADER } from '@portal/contracts/ingest';
import { OrderStatus } from '@portal/contracts/mall';
import { runCli } from '../../cli';
import { dialects, useDemoApp } from '../../test/harness';
import { customerIdOf } from '../../test/leads';
import type { TestApp } from '../../test/harness';
import { grantPoints } from './service';

const BASE = '/rest/customer/mall';

/** The CLI's environment on the test app's own database (the SQLite file or the PostgreSQL schema). */
const cliEnv = (t: TestApp): NodeJS.ProcessEnv =>
  t.database.dialect === 'sqlite'
    ? { DATABASE_URL: '', SQLITE_PATH: t.database.path }
    : { DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema ?? '' };

describe.each(dialects())("the operator's mall commands on %s", (dialect) => {
  const suite = useDemoApp(dialect);
  let logs: jest.SpyInstance;
  let errors: jest.SpyInstance;
  beforeEach(() => {
    logs = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  const cli = (...argv: string[]) => runCli(argv, cliEnv(suite.t));
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
});
