import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { getEventBus, LeadArrivedEvent } from '@portal/event-bus';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { ReportsRoot } from '../../app';

const ITEMS = [
  { id: 11, title: '全国加盟项目', status: 1, modeType: null },
  { id: 12, title: '审核中项目', status: 0, modeType: null },
  { id: 13, title: '已下架项目', status: -1, modeType: null },
  { id: 14, title: '华东推广项目', status: 1, modeType: null },
];

const STATS = [
  { date: '2026-03-01', impressions: 1200, clicks: 80, messages: 5, validConversations: 3, phoneRequests: 2 },
  { date: '2026-03-02', impressions: 3400, clicks: 120, messages: 7, validConversations: 4, phoneRequests: 0 },
  { date: '2026-03-03', impressions: 5600, clicks: 100, messages: 0, validConversations: 1, phoneRequests: 6 },
];

// antd spaces out two-character Chinese button labels: '重 试'.
const RETRY = /^重\s*试$/;
const STATS_PATH = '/customer/workbench/stats';
const SERVER_ERROR = { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } };

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  window.history.pushState(null, '', '/work-bench');
  http.on('GET /customer/platform/items/all', { body: ITEMS });
  http.on(`GET ${STATS_PATH}`, { body: STATS });
  http.on('GET /customer/workbench/banners', { body: [] });
  http.on('GET /customer/workbench/industries', { body: [] });
  http.on('GET /customer/workbench/articles', { body: [] });
});
afterEach(() => http.restore());

// Without animations: antd's motion would otherwise finish after a test, outside act().
// `pageRoutes`: the paths the page serves, as the shell passes them at mount (none: the remote alone).
const renderWorkbench = (pageRoutes?: readonly string[]) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <ReportsRoot pageRoutes={pageRoutes} />
    </ConfigProvider>,
  );
const card = (title: string) => screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
const statsCard = () => card('数据概览');
/** The summary card of an indicator (found by its label; role queries by name are slow on antd's DOM). */
const metricCard = (label: string) => {
  const found = within(statsCard())
    .getAllByRole('radio')
    .find((radio) => radio.textContent?.startsWith(label));
  if (!found) throw new Error(`no summary card ${label}`);
  return found;
};
/** The trend chart, once drawn (an svg named after its series). */
const findChart = () => screen.findByLabelText(/^趋势图：/);
/** The chart's [day, value] rows, from the table it gives screen readers. */
const chartRows = () => [...statsCard().querySelectorAll('section table tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));

/** Opens the project picker and lists its options as the user sees them. */
async function openProjectPicker() {
  fireEvent.mouseDown(within(statsCard()).getByRole('combobox'));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(ITEMS.length));
  return [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
}

test('the project picker lists every project with its status, none disabled, and starts on the first active one', async () => {
  renderWorkbench();
  await waitFor(() => expect(http.requestsTo(STATS_PATH)).toHaveLength(1));
  // The last 30 China days (the server's), whatever the machine's zone.
  const today = dayjs(chinaToday());
  expect(http.requestsTo(STATS_PATH)[0].query).toEqual({
    itemId: '11',
    startTime: today.subtract(29, 'day').format('YYYY-MM-DD'),
    endTime: today.format('YYYY-MM-DD'),
  });

  const options = await openProjectPicker();
  expect(options.map((option) => [option.textContent, option.getAttribute('aria-disabled')])).toEqual([
    ['全国加盟项目', 'false'],
    ['审核中项目（无效或审核中）', 'false'],
    ['已下架项目（已下架）', 'false'],
    ['华东推广项目', 'false'],
  ]);

  // A taken-down project's history is reachable (issue 27).
  fireEvent.click(options[2]);
  await waitFor(() => expect(http.requestsTo(STATS_PATH).map((request) => request.query.itemId)).toEqual(['11', '13']));
});

test("changing the project asks the server for that project's stats", async () => {
  renderWorkbench();
  await findChart();
  const options = await openProjectPicker();
  fireEvent.click(options[3]);
  await waitFor(() => expect(http.requestsTo(STATS_PATH).map((request) => request.query.itemId)).toEqual(['11', '14']));
});

test('the summary cards show the totals of the range and the chart draws the chosen indicator', async () => {
  renderWorkbench();
  await findChart();

  expect(metricCard('展现量')).toHaveTextContent('10,200');
  expect(metricCard('点击量')).toHaveTextContent('300');
  expect(metricCard('留言数')).toHaveTextContent('12');
  expect(metricCard('有效对话')).toHaveTextContent('8');
  expect(metricCard('电话请求')).toHaveTextContent('8');
  expect(metricCard('展现量')).toHaveAttribute('aria-checked', 'true');
  expect(screen.getByLabelText('展现量趋势')).toContainElement(screen.getByLabelText('趋势图：展现量'));
  expect(screen.getByLabelText('趋势图：展现量').querySelector('path[data-series="impressions"]')).toBeInTheDocument();
  expect(chartRows()).toEqual([
    ['2026-03-01', '1,200'],
    ['2026-03-02', '3,400'],
    ['2026-03-03', '5,600'],
  ]);

  fireEvent.click(metricCard('点击量'));
  expect(metricCard('点击量')).toHaveAttribute('aria-checked', 'true');
  expect(screen.getByLabelText('点击量趋势')).toContainElement(screen.getByLabelText('趋势图：点击量'));
  expect(screen.getByLabelText('趋势图：点击量').querySelector('path[data-series="clicks"]')).toBeInTheDocument();
  expect(chartRows()).toEqual([
    ['2026-03-01', '80'],
    ['2026-03-02', '120'],
    ['2026-03-03', '100'],
  ]);
});

test('a lead arriving while the range reaches today asks for the stats again, and the cards show the new 留言数', async () => {
  renderWorkbench();
  await findChart();
  expect(metricCard('留言数')).toHaveTextContent('12');

  http.on(`GET ${STATS_PATH}`, { body: [...STATS.slice(0, 2), { ...STATS[2], messages: 1 }] });
  act(() => getEventBus().publish(new LeadArrivedEvent({ list: 'resource', count: 1 })));
  await waitFor(() => expect(metricCard('留言数')).toHaveTextContent('13'));
  expect(http.requestsTo(STATS_PATH)).toHaveLength(2);
});

test('a range with no stats shows 暂无数据', async () => {
  http.on(`GET ${STATS_PATH}`, { body: [] });
  renderWorkbench();
  expect(await within(statsCard()).findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  expect(screen.queryByLabelText(/^趋势图：/)).not.toBeInTheDocument();
});

test('a failed stats call shows the server message with 重试, and retrying loads the stats', async () => {
  http.on(`GET ${STATS_PATH}`, SERVER_ERROR);
  http.on('GET /customer/workbench/industries', { body: [{ id: 1, title: '餐饮加盟', summary: '餐饮行业的加盟项目' }] });
  renderWorkbench();

  expect(await within(statsCard()).findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  // The rest of the page is still there.
  expect(await screen.findByRole('link', { name: '餐饮加盟' })).toHaveAttribute('href', '/industry-details?id=1');
  expect(screen.getByText('工作台')).toBeInTheDocument();

  http.on(`GET ${STATS_PATH}`, { body: STATS });
  fireEvent.click(within(statsCard()).getByRole('button', { name: RETRY }));
  await findChart();
  expect(metricCard('展现量')).toHaveTextContent('10,200');
  expect(http.requestsTo(STATS_PATH)).toHaveLength(2);
});

test('a project list that cannot load fails in the stats block only, and 重试 reloads it', async () => {
  http.on('GET /customer/platform/items/all', SERVER_ERROR);
  renderWorkbench();
  expect(await within(statsCard()).findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  expect(http.requestsTo(STATS_PATH)).toHaveLength(0);

  http.on('GET /customer/platform/items/all', { body: ITEMS });
  fireEvent.click(within(statsCard()).getByRole('button', { name: RETRY }));
  await findChart();
});

test('an account without projects is told so', async () => {
  http.on('GET /customer/platform/items/all', { body: [] });
  renderWorkbench();
  expect(await within(statsCard()).findByText('该账号暂无项目')).toBeInTheDocument();
});

test('banners with linkType 0 are pictures only; other sites open in a new tab, portal pages in place', async () => {
  http.on('GET /customer/workbench/banners', {
    body: [
      { id: 1, title: '春季招商', picUrl: '/rest/banners/1.png', linkUrl: null, linkType: 0 },
      { id: 2, title: '品牌推广', picUrl: '/rest/banners/2.png', linkUrl: 'https://example.com/brand', linkType: 1 },
      { id: 3, title: '空链接', picUrl: '/rest/banners/3.png', linkUrl: 'https://example.com/ignored', linkType: 0 },
      { id: 4, title: '推广数据', picUrl: '/rest/banners/4.png', linkUrl: '/promote-data', linkType: 1 },
    ],
  });
  renderWorkbench();

  const plain = await screen.findAllByAltText('春季招商');
  for (const image of [...plain, ...screen.getAllByAltText('空链接')]) expect(image.closest('a')).toBeNull();
  for (const image of screen.getAllByAltText('品牌推广')) {
    const link = image.closest('a');
    expect(link).toHaveAttribute('href', 'https://example.com/brand');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  const portalLink = screen.getAllByAltText('推广数据')[0].closest('a') as HTMLAnchorElement;
  expect(portalLink).toHaveAttribute('href', '/promote-data');
  expect(portalLink).not.toHaveAttribute('target');
  fireEvent.click(portalLink);
  expect(window.location.pathname).toBe('/promote-data');
});

test('a banner to a portal page that no remote declares is a picture only, and links once a remote declares the page', async () => {
  http.on('GET /customer/workbench/banners', {
    body: [
      { id: 1, title: '智能投放 全新上线', picUrl: '/rest/banners/1.png', linkUrl: '/common-problem', linkType: 1 },
      { id: 2, title: '推广数据', picUrl: '/rest/banners/2.png', linkUrl: '/promote-data', linkType: 1 },
    ],
  });
  const today = ['/account-info', '/message-center', '/work-bench', '/promote-data', '/feedback'];
  const first = renderWorkbench(today);
  const help = await screen.findAllByAltText('智能投放 全新上线');
  for (const image of help) expect(image.closest('a')).toBeNull();
  expect(screen.getAllByAltText('推广数据')[0].closest('a')).toHaveAttribute('href', '/promote-data');
  first.unmount();

  renderWorkbench([...today, '/common-problem']);
  const linked = await screen.findAllByAltText('智能投放 全新上线');
  expect(linked[0].closest('a')).toHaveAttribute('href', '/common-problem');
});

test('articles are paged by the server', async () => {
  const article = (id: number) => ({ id, title: `文章${id}`, summary: `摘要${id}`, publishTime: '2026-03-01 10:00:00' });
  http.on('GET /customer/workbench/articles', (request) => {
    const page = Number(request.query.page);
    const ids = page === 1 ? [1, 2, 3, 4, 5] : page === 2 ? [6, 7, 8, 9, 10] : [11, 12];
    return {
      body: ids.map(article),
      headers: { 'x-pagination-info': JSON.stringify({ page, pageSize: 5, totalRow: 12, totalPage: 3 }) },
    };
  });
  renderWorkbench();

  const list = await screen.findByRole('list', { name: '文章列表' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  expect(within(card('文章列表')).getByText('共 12 条')).toBeInTheDocument();

  fireEvent.click(within(card('文章列表')).getByTitle('3'));
  expect(await within(list).findByText('文章11')).toBeInTheDocument();
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  // Each article opens its page on the visitor site.
  expect(within(list).getByRole('link', { name: '文章11' })).toHaveAttribute('href', '/article-details?id=11');
  expect(http.requestsTo('/customer/workbench/articles').map((request) => request.query)).toEqual([
    { page: '1', pageSize: '5' },
    { page: '3', pageSize: '5' },
  ]);
});

test('empty and failed side blocks show their own state', async () => {
  http.on('GET /customer/workbench/industries', SERVER_ERROR);
  renderWorkbench();
  expect(await within(card('行业列表')).findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  expect(await within(card('文章列表')).findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  await findChart();
});
