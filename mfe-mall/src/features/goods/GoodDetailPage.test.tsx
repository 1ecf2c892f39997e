import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { codeOk, installMallHttp, refused, renderMall, type FakeHttp } from '../../test/renderMall';
import { good, SUMMARY } from '../../test/fixtures';
import GoodDetailPage from './GoodDetailPage';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/points', codeOk(SUMMARY));
});
afterEach(() => http.restore());

const cup = good(7, 1, '定制保温杯', {
  exchangeScore: 4_000,
  stock: 5,
  details: '304 不锈钢内胆，容量 500ml。',
  productPics: ['/rest/files/goods/cup.png'],
});
const quantity = () => screen.getByRole('spinbutton', { name: '兑换数量' });
const setQuantity = (value: string) => fireEvent.change(quantity(), { target: { value } });
/** Where the browser's router is. */
const location = () => `${window.location.pathname}${window.location.search}`;

test('shows the good: points price, market price, stock and details; 立即兑换 opens the confirmation of the chosen quantity', async () => {
  http.on('GET /customer/mall/goods/7', codeOk(cup));
  renderMall(<GoodDetailPage />, '/shopping-details?id=7');
  expect(await screen.findByRole('heading', { name: '定制保温杯' })).toBeInTheDocument();
  expect(screen.getByText('4,000 积分')).toBeInTheDocument();
  expect(screen.getByText('¥99.00-129.00')).toBeInTheDocument();
  expect(screen.getByText('304 不锈钢内胆，容量 500ml。')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: '定制保温杯' })).toHaveAttribute('src', '/rest/files/goods/cup.png');
  expect(quantity()).toHaveValue('1');

  setQuantity('3');
  fireEvent.click(screen.getByRole('button', { name: '立即兑换' }));
  await waitFor(() => expect(location()).toBe('/confirm-order?id=7&num=3'));
});

test("refuses more than the stock and no quantity with the spec's words", async () => {
  http.on('GET /customer/mall/goods/7', codeOk(cup));
  renderMall(<GoodDetailPage />, '/shopping-details?id=7');
  await screen.findByRole('heading', { name: '定制保温杯' });
  setQuantity('9');
  expect(await screen.findByText('不能大于库存数量')).toBeInTheDocument();
  setQuantity('');
  fireEvent.click(screen.getByRole('button', { name: '立即兑换' }));
  expect(await screen.findByText('不能为空')).toBeInTheDocument();
  expect(window.location.pathname).toBe('/shopping-details');
});

test('a cost above the balance opens the insufficient-points dialog and stays on the page', async () => {
  http.on('GET /customer/mall/goods/7', codeOk({ ...cup, exchangeScore: 13_000 }));
  renderMall(<GoodDetailPage />, '/shopping-details?id=7');
  await screen.findByRole('heading', { name: '定制保温杯' });
  fireEvent.click(screen.getByRole('button', { name: '立即兑换' }));
  const dialog = await screen.findByRole('dialog', { name: '积分不足' });
  expect(within(dialog).getByText('积分余额不足')).toBeInTheDocument();
  expect(within(dialog).getByText('兑换需要 13,000 积分，当前积分 12,480。')).toBeInTheDocument();
  expect(location()).toBe('/shopping-details?id=7');
});

test('分享 shows the link of the page with 复制链接', async () => {
  http.on('GET /customer/mall/goods/7', codeOk(cup));
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  renderMall(<GoodDetailPage />, '/shopping-details?id=7');
  fireEvent.click(await screen.findByRole('button', { name: /分\s*享/ }));
  const dialog = await screen.findByRole('dialog', { name: '分享商品' });
  expect(within(dialog).getByRole('textbox', { name: '商品链接' })).toHaveValue(window.location.href);
  fireEvent.click(within(dialog).getByRole('button', { name: '复制链接' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(window.location.href));
  expect(await screen.findByText('复制成功')).toBeInTheDocument();
});

test('a good taken off sale or a bad id says 商品不存在或已下架', async () => {
  http.on('GET /customer/mall/goods/8', refused('商品不存在或已下架', 404));
  const { unmount } = renderMall(<GoodDetailPage />, '/shopping-details?id=8');
  expect(await screen.findByText('商品不存在或已下架')).toBeInTheDocument();
  unmount();
  renderMall(<GoodDetailPage />, '/shopping-details?id=abc');
  expect(screen.getByText('商品不存在或已下架')).toBeInTheDocument();
});
