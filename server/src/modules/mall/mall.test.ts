import { ADDRESS_MAX, MallMessage, OrderStatus } from '@portal/contracts/mall';
import { IDEMPOTENCY_KEY_HEADER } from '@portal/contracts/ingest';
import { Required } from '@portal/contracts';
import { ServerEvents } from '../../realtime/events';
import { dialects, expectError, type TestClient, useDemoApp } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';
import { topUp } from '../ledger/service';
import { addGood, addTrack, cancelOrder, completeOrder, grantPoints, type NewGood, shipOrder } from './service';

const BASE = '/rest/customer/mall';
const address = (extra: Record<string, unknown> = {}) => ({
  name: '张三',
  mobile: '13800138000',
  province: '广东省',
  city: '深圳市',
  area: '南山区',
  street: '粤海街道',
  address: '科技园1号',
  postalCode: '518000',
  ...extra,
});
let keys = 0;
const nextKey = () => `key-${Date.now()}-${(keys += 1)}`;
const order = (client: TestClient, body: Record<string, unknown>, key: string = nextKey()) =>
  client.post(`${BASE}/orders`, body, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

describe.each(dialects())('the points mall on %s', (dialect) => {
  const suite = useDemoApp(dialect);
  let aId: number;
  let bId: number;

  const good = (extra: Partial<NewGood> = {}) =>
    addGood(suite.t.db, {
      section: 1,
      title: '测试商品',
      exchangeScore: 100,
      minMarketPrice: 1000,
      maxMarketPrice: 2000,
      stock: 5,
      productPics: [],
      ...extra,
    });
  const grant = (customerId: number, points: number) => suite.t.db.transaction().execute((tx) => grantPoints(tx, customerId, points, 'task'));
  const balance = async (client: TestClient): Promise<number> => (await client.get(`${BASE}/points`)).json().currentScore;
  const stockOf = async (id: number) =>
    (await suite.t.db.selectFrom('mallGoods').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const newAddress = async (client: TestClient, extra: Record<string, unknown> = {}): Promise<number> => {
    const response = await client.post(`${BASE}/addresses`, address(extra));
    expect(response.statusCode).toBe(201);
    return response.json().id;
  };
  /** Brings a customer's balance to exactly `points` (a spend is an order; here a direct top-up of the difference from 0). */
  const setBalance = async (customerId: number, points: number) => {
    await suite.t.db.updateTable('pointsAccounts').set({ balance: 0 }).where('customerId', '=', customerId).execute();
    if (points > 0) await grant(customerId, points);
  };

  beforeAll(async () => {
    aId = await customerIdOf(suite.t.db, 'demo');
    bId = await customerIdOf(suite.t.db, 'demo2');
  });

  it('refuses the address form with the spec messages', async () => {
    const { a } = suite;
    expectError(await a.post(`${BASE}/addresses`, address({ province: '' })), 400, MallMessage.RegionRequired);
    expectError(await a.post(`${BASE}/addresses`, address({ street: undefined })), 400, '请选择省/市/区/街道');
    expectError(await a.post(`${BASE}/addresses`, address({ address: ' ' })), 400, '请输入详细地址信息');
    expectError(await a.post(`${BASE}/addresses`, address({ postalCode: '12345' })), 400, '格式不正确,请输入6位数字');
    expectError(await a.post(`${BASE}/addresses`, address({ name: '欧阳先生你好' })), 400, '长度在 1 到 5 个字符');
    expectError(await a.post(`${BASE}/addresses`, address({ name: '' })), 400, '长度在 1 到 5 个字符');
    expectError(await a.post(`${BASE}/addresses`, address({ mobile: undefined })), 400, '请输入11位手机号');
    expectError(await a.post(`${BASE}/addresses`, address({ name: 'a\u0000b' })), 400, MallMessage.TextInvalid);
    expect((await a.get(`${BASE}/addresses`)).json()).toEqual([]);
    // The postal code is optional.
    const response = await a.post(`${BASE}/addresses`, address({ postalCode: '' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ postalCode: null, isDefault: 1 });
    await a.call('DELETE', `${BASE}/addresses/${response.json().id}`);
  });

  it('keeps exactly one default address: the first, the chosen one, the newest left after deleting the default', async () => {
    const { a } = suite;
    const first = await newAddress(a, { name: '一号' });
    const second = await newAddress(a, { name: '二号' });
    const third = await newAddress(a, { name: '三号' });
    const defaults = (list: Array<{ id: number; isDefault: number }>) => list.filter((row) => row.isDefault === 1).map((row) => row.id);
    expect(defaults((await a.get(`${BASE}/addresses`)).json())).toEqual([first]);
    const afterSet = (await a.put(`${BASE}/addresses/${second}/default`)).json();
    expect(defaults(afterSet)).toEqual([second]);
    expect(afterSet[0].id).toBe(second);
    const afterDelete = (await a.call('DELETE', `${BASE}/addresses/${second}`)).json();
    expect(defaults(afterDelete)).toEqual([third]);
    const updated = await a.put(`${BASE}/addresses/${third}`, address({ name: '改名' }));
    expect(updated.json()).toMatchObject({ id: third, name: '改名', isDefault: 1 });
    for (const id of [first, third]) await a.call('DELETE', `${BASE}/addresses/${id}`);
    expect((await a.get(`${BASE}/addresses`)).json()).toEqual([]);
  });

  it(`refuses the ${ADDRESS_MAX + 1}st address in Chinese`, async () => {
    const { b } = suite;
    for (let i = 0; i < ADDRESS_MAX; i++) await newAddress(b);
    expectError(await b.post(`${BASE}/addresses`, address()), 400, MallMessage.AddressLimit);
    const list = (await b.get(`${BASE}/addresses`)).json() as Array<{ id: number; isDefault: number }>;
    expect(list).toHaveLength(ADDRESS_MAX);
    expect(list.filter((row) => row.isDefault === 1)).toHaveLength(1);
    for (const row of list) await b.call('DELETE', `${BASE}/addresses/${row.id}`);
  });

  it('places an order under the exchange rules and refuses with each message', async () => {
    const { a } = suite;
    await setBalance(aId, 1000);
    const goodId = await good({ exchangeScore: 300, stock: 5 });
    const addressId = await newAddress(a);
    expectError(await order(a, { goodId, addressId, amount: 6 }), 400, '不能大于库存数量');
    expectError(await order(a, { goodId, addressId }), 400, Required);
    expectError(await order(a, { goodId, addressId, amount: null }), 400, '不能为空');
    expectError(await order(a, { goodId, addressId, amount: 0 }), 400, MallMessage.AmountInvalid);
    expectError(await order(a, { goodId, addressId, amount: 4 }), 400, '积分余额不足');
    expectError(await a.post(`${BASE}/orders`, { goodId, addressId, amount: 1 }), 400, MallMessage.IdempotencyKeyInvalid);
    expectError(await order(a, { goodId: 2_000_000, addressId, amount: 1 }), 404, MallMessage.GoodNotFound);

    const placed = await order(a, { goodId, addressId, amount: 3 });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({
      goodId,
      goodTitle: '测试商品',
      goodExchangeScore: 300,
      goodScore: 300,
      consumeScore: 900,
      amount: 3,
      status: OrderStatus.AwaitingShipment,
      receiver: { name: '张三', mobile: '13800138000', region: '广东省 深圳市 南山区 粤海街道', address: '科技园1号', postalCode: '518000' },
    });
    expect(await balance(a)).toBe(100);
    expect(await stockOf(goodId)).toBe(2);
    const log = await a.get(`${BASE}/points/logs`, { query: { page: '1', pageSize: '10' } });
    expect(log.json()[0]).toMatchObject({ source: 'order', variational: -900, balanceAfter: 100 });
    expect(JSON.parse(String(log.headers['x-pagination-info']))).toMatchObject({ page: 1, pageSize: 10 });

    const listed = await a.get(`${BASE}/orders`, { query: { status: String(OrderStatus.AwaitingShipment) } });
    expect(listed.json().map((row: { id: number }) => row.id)).toContain(placed.json().id);
    expect((await a.get(`${BASE}/orders`, { query: { status: String(OrderStatus.Completed) } })).json()).toEqual([]);
    const detail = await a.get(`${BASE}/orders/${placed.json().id}`);
    expect(detail.json()).toMatchObject({ id: placed.json().id, express: null });
    // The good as customers see it.
    expect((await a.get(`${BASE}/goods/${goodId}`)).json()).toMatchObject({ id: goodId, stock: 2, exchangeScore: 300, productPics: [] });
    expect((await a.get(`${BASE}/goods`, { query: { section: '1' } })).json().map((row: { id: number }) => row.id)).toContain(goodId);
  });

  it('makes one order of a repeated Idempotency-Key, and refuses the key for another amount (409)', async () => {
    const { a } = suite;
    await setBalance(aId, 1000);
    const goodId = await good({ exchangeScore: 100, stock: 10 });
    const addressId = await newAddress(a);
    const key = nextKey();
    const first = await order(a, { goodId, addressId, amount: 2 }, key);
    const again = await order(a, { goodId, addressId, amount: 2 }, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(first.json().id);
    const together = await Promise.all(Array.from({ length: 5 }, () => order(a, { goodId, addressId, amount: 2 }, key)));
    expect(new Set(together.map((response) => response.json().id))).toEqual(new Set([first.json().id]));
    expect(await balance(a)).toBe(800);
    expect(await stockOf(goodId)).toBe(8);
    expectError(await order(a, { goodId, addressId, amount: 3 }, key), 409, MallMessage.IdempotencyConflict);

    // A retry after the stock ran out, the address was deleted or the good went off sale still
    // answers the key's order, and takes nothing more.
    await suite.t.db.updateTable('mallGoods').set({ stock: 1 }).where('id', '=', goodId).execute();
    expect((await order(a, { goodId, addressId, amount: 2 }, key)).json().id).toBe(first.json().id);
    await a.call('DELETE', `${BASE}/addresses/${addressId}`);
    expect((await order(a, { goodId, addressId, amount: 2 }, key)).json().id).toBe(first.json().id);
    await suite.t.db.updateTable('mallGoods').set({ status: 0 }).where('id', '=', goodId).execute();
    const late = await order(a, { goodId, addressId, amount: 2 }, key);
    expect([late.statusCode, late.json().id]).toEqual([201, first.json().id]);
    expect(await balance(a)).toBe(800);
    expect(await stockOf(goodId)).toBe(1);
  });

  it('sells exactly the stock to 100 concurrent orders: 10 orders, stock 0, the exact balance', async () => {
    const { a } = suite;
    await setBalance(aId, 10_000);
    const goodId = await good({ exchangeScore: 7, stock: 10 });
    const addressId = await newAddress(a);
    const responses = await Promise.all(Array.from({ length: 100 }, () => order(a, { goodId, addressId, amount: 1 })));
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(10);
    expect(new Set(responses.filter((response) => response.statusCode !== 201).map((response) => response.json().message))).toEqual(
      new Set([MallMessage.StockExceeded]),
    );
    expect(await stockOf(goodId)).toBe(0);
    expect(await balance(a)).toBe(10_000 - 70);
    const orders = await suite.t.db.selectFrom('mallOrders').select('id').where('goodId', '=', goodId).execute();
    expect(orders).toHaveLength(10);
  });

  it('never takes the balance below 0 under concurrent orders', async () => {
    const { a } = suite;
    await setBalance(aId, 300);
    const goodId = await good({ exchangeScore: 100, stock: 50 });
    const addressId = await newAddress(a);
    const responses = await Promise.all(Array.from({ length: 20 }, () => order(a, { goodId, addressId, amount: 1 })));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(new Set(responses.filter((response) => response.statusCode !== 201).map((response) => response.json().message))).toEqual(
      new Set([MallMessage.PointsInsufficient]),
    );
    expect(await balance(a)).toBe(0);
    expect(await stockOf(goodId)).toBe(47);
    const negative = await suite.t.db.selectFrom('pointsLog').select('id').where('balanceAfter', '<', 0).execute();
    expect(negative).toEqual([]);
  });

  it('grants 2 points per yuan of a top-up, in the top-up', async () => {
    const { a } = suite;
    const before = (await a.get(`${BASE}/points`)).json();
    const itemId = (await itemIdsOf(suite.t.db, aId))[0];
    const { id } = await topUp(suite.t.db, new ServerEvents(), { customerId: aId, itemId, money: 12_345, type: 1, payTime: '2025-01-01' });
    const after = (await a.get(`${BASE}/points`)).json();
    expect(after.currentScore - before.currentScore).toBe(246);
    expect(after.todayScore - before.todayScore).toBe(246);
    const row = await suite.t.db.selectFrom('pointsLog').selectAll().where('refType', '=', 'topup').where('refId', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customerId: aId, source: 'topup', variational: 246, balanceAfter: after.currentScore });
  });

  it("keeps each customer's orders, addresses and points to them (404 for another's)", async () => {
    const { a, b } = suite;
    await setBalance(aId, 500);
    await setBalance(bId, 0);
    const goodId = await good();
    const addressId = await newAddress(a);
    const placed = (await order(a, { goodId, addressId, amount: 1 })).json();
    expectError(await b.get(`${BASE}/orders/${placed.id}`), 404, MallMessage.OrderNotFound);
    expect((await b.get(`${BASE}/orders`)).json()).toEqual([]);
    expectError(await b.put(`${BASE}/addresses/${addressId}`, address()), 404, MallMessage.AddressNotFound);
    expectError(await b.put(`${BASE}/addresses/${addressId}/default`), 404, MallMessage.AddressNotFound);
    expectError(await b.call('DELETE', `${BASE}/addresses/${addressId}`), 404, MallMessage.AddressNotFound);
    expect((await b.get(`${BASE}/addresses`)).json()).toEqual([]);
    await grant(bId, 1000);
    expectError(await order(b, { goodId, addressId, amount: 1 }), 404, MallMessage.AddressNotFound);
    expect((await b.get(`${BASE}/points`)).json().currentScore).toBe(1000);
    expect((await b.get(`${BASE}/points/logs`)).json().every((row: { variational: number }) => row.variational === 1000)).toBe(true);
    expect(await balance(a)).toBe(400);
    // The same key of another customer is another order.
    const key = nextKey();
    const addressOfB = await newAddress(b);
    const [ofA, ofB] = [await order(a, { goodId, addressId, amount: 1 }, key), await order(b, { goodId, addressId: addressOfB, amount: 1 }, key)];
    expect(ofA.json().id).not.toBe(ofB.json().id);
    await b.call('DELETE', `${BASE}/addresses/${addressOfB}`);
  });

  it('ships, tracks, completes; cancelling returns the points and the stock', async () => {
    const { a } = suite;
    await setBalance(aId, 1000);
    const goodId = await good({ exchangeScore: 200, stock: 5 });
    const addressId = await newAddress(a);
    const placed = (await order(a, { goodId, addressId, amount: 2 })).json();
    await shipOrder(suite.t.db, placed.id, '顺丰速运', 'SF123456');
    await addTrack(suite.t.db, placed.id, '已到达深圳转运中心');
    const detail = (await a.get(`${BASE}/orders/${placed.id}`)).json();
    expect(detail.status).toBe(OrderStatus.AwaitingReceipt);
    expect(detail.express).toMatchObject({ companyCode: '顺丰速运', code: 'SF123456' });
    expect(detail.express.list.map((track: { context: string }) => track.context)).toContain('已到达深圳转运中心');
    await completeOrder(suite.t.db, placed.id);
    expect((await a.get(`${BASE}/orders/${placed.id}`)).json().status).toBe(OrderStatus.Completed);
    await expect(cancelOrder(suite.t.db, placed.id)).rejects.toMatchObject({ statusCode: 409 });

    const other = (await order(a, { goodId, addressId, amount: 1 })).json();
    expect(await balance(a)).toBe(400);
    expect(await stockOf(goodId)).toBe(2);
    expect(await cancelOrder(suite.t.db, other.id)).toEqual({ points: 200, balance: 600 });
    expect(await balance(a)).toBe(600);
    expect(await stockOf(goodId)).toBe(3);
    expect((await a.get(`${BASE}/orders/${other.id}`)).json().status).toBe(OrderStatus.Cancelled);
    expect((await a.get(`${BASE}/points/logs`)).json()[0]).toMatchObject({ source: 'order-cancel', variational: 200, balanceAfter: 600 });
    await expect(cancelOrder(suite.t.db, other.id)).rejects.toMatchObject({ statusCode: 409 });
  });
});
