import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { codeOk, installMallHttp, refused, renderMall, type FakeHttp } from '../../test/renderMall';
import { good, SUMMARY } from '../../test/fixtures';
import type { GoodCase } from '@portal/contracts/mall';
import GoodDetailPage from './GoodDetailPage';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/points', codeOk(SUMMARY));
});
afterEach(() => http.restore());

const cup = {
  ...good(7, 1, '定制保温杯', {
    exchangeScore: 4_000,
    stock: 5,
    details: '304 不锈钢内胆，容量 500ml。',
    productPics: ['/rest/files/goods/cup.png'],
  }),
  cases: [] as GoodCase[],
};
const CASE: GoodCase = {
  id: 3,
  goodsId: 7,
  title: '诊断后线索成本下降 32%',
  company: '杭州某连锁餐饮品牌',
  picture: '/rest/demo-assets/mall/cases/1.svg',
  thumbnail: '/rest/demo-assets/mall/cases/1.svg',
  impression: 182_000,
  click: 6_400,
  content: '一个月内线索量提升 21%。',
};
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

test('shows only the 商品详情 tab when the good has no success case', async () => {
  http.on('GET /customer/mall/goods/7', codeOk(cup));
  renderMall(<GoodDetailPage />, '/shopping-details?id=7');
  expect(await screen.findByRole('tab', { name: '商品详情' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByRole('tab', { name: '成功案例' })).not.toBeInTheDocument();
});

test('shows the 成功案例 tab when the good has cases: each with its picture, company, impressions, clicks and text', async () => {
  http.on('GET /customer/mall/goods/7', codeOk({ ...cup, cases: [CASE] }));
  renderMall(<GoodDetailPage />, '/shopping-details?id=7');
  fireEvent.click(await screen.findByRole('tab', { name: '成功案例' }));
  const item = await screen.findByRole('article', { name: '诊断后线索成本下降 32%' });
  expect(within(item).getByRole('heading', { name: '诊断后线索成本下降 32%' })).toBeInTheDocument();
  expect(within(item).getByRole('img', { name: '诊断后线索成本下降 32%' })).toHaveAttribute('src', '/rest/demo-assets/mall/cases/1.svg');
  expect(within(item).getByText('杭州某连锁餐饮品牌')).toBeInTheDocument();
  expect(within(item).getByText('展现量 182,000 · 点击量 6,400')).toBeInTheDocument();
  expect(within(item).getByText('一个月内线索量提升 21%。')).toBeInTheDocument();
  // Back to the details.
  fireEvent.click(screen.getByRole('tab', { name: '商品详情' }));
  expect(await screen.findByText('304 不锈钢内胆，容量 500ml。')).toBeVisible();
});
