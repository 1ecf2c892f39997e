import { screen, within } from '@testing-library/react';
import { codeOk, installMallHttp, refused, renderMall, type FakeHttp } from '../../test/renderMall';
import { good, SUMMARY } from '../../test/fixtures';
import MallHomePage from './MallHomePage';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/points', codeOk(SUMMARY));
});
afterEach(() => http.restore());

test("shows the customer's points and each section's goods with their points price and market price; an empty section says so", async () => {
  http.on(
    'GET /customer/mall/goods',
    codeOk([
      good(1, 1, '定制保温杯', { exchangeScore: 800, minMarketPrice: 5_900, maxMarketPrice: 5_900, productPics: ['/rest/files/goods/cup.png'] }),
      good(2, 2, '智能投放诊断服务'),
      good(3, 4, '媒体曝光套餐', { exchangeScore: 36_000 }),
    ]),
  );
  renderMall(<MallHomePage />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('积分商城');
  expect(await screen.findByText('12,480')).toBeInTheDocument();

  const gifts = await screen.findByRole('region', { name: '礼品专区' });
  expect(within(gifts).getByRole('heading', { name: '定制保温杯' })).toBeInTheDocument();
  expect(within(gifts).getByText('800 积分')).toBeInTheDocument();
  expect(within(gifts).getByText('市场价 ¥59.00')).toBeInTheDocument();
  expect(within(gifts).getByRole('img', { name: '定制保温杯' })).toHaveAttribute('src', '/rest/files/goods/cup.png');

  const tools = screen.getByRole('region', { name: '智能投放工具' });
  expect(within(tools).getByText('1,200 积分')).toBeInTheDocument();
  expect(within(tools).getByText('市场价 ¥99.00-129.00')).toBeInTheDocument();
  expect(within(tools).getByText('暂无图片')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: '媒体工具' })).getByText('36,000 积分')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: '品牌工具' })).getByText('该分类暂无商品')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '积分明细' })).toHaveAttribute('href', '/channel-credit');
});

test("a failed goods call shows the server's reason with 重试, the points still shown", async () => {
  http.on('GET /customer/mall/goods', refused('服务器开小差了，请稍后再试', 500));
  renderMall(<MallHomePage />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  expect(await screen.findByText('12,480')).toBeInTheDocument();
});
