import type { Address } from '@portal/contracts/mall';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { codeOk, installMallHttp, refused, renderMall, type FakeHttp } from '../../test/renderMall';
import { good, order, SUMMARY } from '../../test/fixtures';
import ConfirmOrderPage from './ConfirmOrderPage';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/points', codeOk(SUMMARY));
  // A good's call answers its success cases too (none here).
  http.on('GET /customer/mall/goods/7', codeOk({ ...good(7, 1, '定制保温杯', { exchangeScore: 4_000, stock: 5 }), cases: [] }));
});
afterEach(() => http.restore());

const address = (id: number, name: string, isDefault = 0): Address => ({
  id,
  name,
  mobile: `1380000000${id}`,
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '北山街道',
  address: `文三路${id}号`,
  postalCode: null,
  isDefault,
});
const ADDRESSES = [address(2, '王芳', 1), address(1, '李强'), address(3, '赵敏')];
const ORDER = order(41, 1);

const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name} `) });

test('the default address chosen, two shown and 显示更多地址; the order line, courier and total; 确认兑换 places one order with its key', async () => {
  http.on('GET /customer/mall/addresses', codeOk(ADDRESSES));
  http.on('POST /customer/mall/orders', { status: 201, body: { code: '200', message: '成功', data: ORDER } });
  renderMall(<ConfirmOrderPage />, '/confirm-order?id=7&num=2');

  expect(await screen.findByRole('link', { name: '定制保温杯' })).toHaveAttribute('href', '/shopping-details?id=7');
  expect(radio('王芳')).toBeChecked();
  expect(screen.queryByRole('radio', { name: /^赵敏 / })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '显示更多地址' }));
  expect(radio('赵敏')).not.toBeChecked();
  expect(screen.getByText('8,000', { exact: true })).toBeInTheDocument();
  expect(screen.getByText(/普通快递 运费 ¥0.00/)).toBeInTheDocument();
  expect(screen.getByText('合计：8,000 积分')).toBeInTheDocument();

  fireEvent.click(radio('李强'));
  fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
  const confirm = await screen.findByRole('dialog', { name: '确认兑换' });
  expect(within(confirm).getByText('兑换后将扣除 8,000 积分，商品兑换后不退不换，确定兑换吗？')).toBeInTheDocument();
  fireEvent.click(within(confirm).getByRole('button', { name: '确定兑换' }));

  expect(await screen.findByText('兑换成功')).toBeInTheDocument();
  expect(screen.getByText('订单号 MO202611280041，我们会尽快为您发货。')).toBeInTheDocument();
  const [placed] = http.requestsTo('/customer/mall/orders', 'POST');
  expect(placed.body).toEqual({ goodId: 7, amount: 2, addressId: 1 });
  expect(placed.headers['Idempotency-Key']).toMatch(/^[\x21-\x7e]{1,100}$/);
});

test('a total above the balance opens the insufficient-points dialog and sends nothing', async () => {
  http.on('GET /customer/mall/addresses', codeOk(ADDRESSES));
  renderMall(<ConfirmOrderPage />, '/confirm-order?id=7&num=4');
  fireEvent.click(await screen.findByRole('button', { name: '提交订单' }));
  const dialog = await screen.findByRole('dialog', { name: '积分不足' });
  expect(within(dialog).getByText('积分余额不足')).toBeInTheDocument();
  expect(http.requestsTo('/customer/mall/orders', 'POST')).toHaveLength(0);
});

test('a refusal of the server is shown, and submitting again sends the same key (one order at most)', async () => {
  http.on('GET /customer/mall/addresses', codeOk(ADDRESSES));
  http.on('POST /customer/mall/orders', refused('不能大于库存数量'));
  renderMall(<ConfirmOrderPage />, '/confirm-order?id=7&num=2');
  const submit = await screen.findByRole('button', { name: '提交订单' });
  fireEvent.click(submit);
  fireEvent.click(within(await screen.findByRole('dialog', { name: '确认兑换' })).getByRole('button', { name: '确定兑换' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('不能大于库存数量');

  fireEvent.click(submit);
  fireEvent.click(within(await screen.findByRole('dialog', { name: '确认兑换' })).getByRole('button', { name: '确定兑换' }));
  await waitFor(() => expect(http.requestsTo('/customer/mall/orders', 'POST')).toHaveLength(2));
  const [first, second] = http.requestsTo('/customer/mall/orders', 'POST');
  expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
});

test('without an address the page says so and offers 新增收货地址; a broken link says where to go', async () => {
  http.on('GET /customer/mall/addresses', codeOk([]));
  const { unmount } = renderMall(<ConfirmOrderPage />, '/confirm-order?id=7&num=1');
  expect(await screen.findByText('还没有收货地址，请先新增一个')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('请选择收货地址');
  expect(screen.getByRole('button', { name: '新增收货地址' })).toBeInTheDocument();
  unmount();
  renderMall(<ConfirmOrderPage />, '/confirm-order?id=7');
  expect(screen.getByText('订单信息不完整，请从商品页重新兑换')).toBeInTheDocument();
});
