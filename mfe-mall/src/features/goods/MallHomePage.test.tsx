import { screen, waitFor, within } from '@testing-library/react';
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

const BANNERS = [
  { id: 1, title: '做任务赚积分', picUrl: '/rest/demo-assets/mall/banners/1.svg', linkUrl: '/task-wall', linkType: 1 },
  { id: 2, title: '积分兑好礼', picUrl: 'https://cdn.example.com/b2.png', linkUrl: 'https://www.example.com/promo', linkType: 1 },
  { id: 3, title: '新品上架', picUrl: '/rest/demo-assets/mall/banners/3.svg', linkUrl: null, linkType: 0 },
];

test('shows the banners in a carousel above the goods: pictures with their titles as alt text, linked ones as links', async () => {
  http.on('GET /customer/mall/banners', codeOk(BANNERS));
  http.on('GET /customer/mall/goods', codeOk([good(1, 1, '定制保温杯')]));
  renderMall(<MallHomePage />);
  const carousel = await screen.findByRole('region', { name: '积分商城推荐' });
  // The slide on screen: the first banner, a link to its portal page.
  expect(within(carousel).getByRole('link', { name: '做任务赚积分' })).toHaveAttribute('href', '/task-wall');
  // Every banner's picture is there, its title its alt text (the carousel hides those off screen).
  expect(within(carousel).getAllByAltText('做任务赚积分')[0]).toHaveAttribute('src', '/rest/demo-assets/mall/banners/1.svg');
  expect(within(carousel).getAllByAltText('积分兑好礼')[0].closest('a')).toHaveAttribute('target', '_blank');
  // linkType 0: a picture only.
  expect(within(carousel).getAllByAltText('新品上架')[0].closest('a')).toBeNull();
  expect(await screen.findByRole('region', { name: '礼品专区' })).toBeInTheDocument();
});

test('shows no carousel without banners, nor when they fail to load', async () => {
  http.on('GET /customer/mall/banners', codeOk([]));
  http.on('GET /customer/mall/goods', codeOk([good(1, 1, '定制保温杯')]));
  const { unmount } = renderMall(<MallHomePage />);
  expect(await screen.findByRole('heading', { name: '定制保温杯' })).toBeInTheDocument();
  await waitFor(() => expect(http.requestsTo('/customer/mall/banners')).not.toHaveLength(0));
  expect(screen.queryByRole('region', { name: '积分商城推荐' })).not.toBeInTheDocument();
  expect(screen.queryByRole('img', { name: '做任务赚积分' })).not.toBeInTheDocument();
  unmount();

  http.on('GET /customer/mall/banners', refused('服务器开小差了，请稍后再试', 500));
  renderMall(<MallHomePage />);
  expect(await screen.findByRole('heading', { name: '定制保温杯' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: '积分商城推荐' })).not.toBeInTheDocument();
});
