import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { button, columnTitles, installReportHttp, renderReport, SERVER_ERROR, summaryCells, tableRows } from '../../test/renderReport';
import PromoteDataPage from './PromoteDataPage';

const people = { server: '王五', saler: '李四', talk: 0, click: 0 };
const ROWS = [
  {
    ...people,
    day: '2026-03-02',
    itemId: 11,
    itemTitle: '全国加盟项目',
    feedback: 3,
    phone: 2,
    total: 5,
    costCoin: 50,
    costMoney: 12345,
    price: 2469,
  },
  {
    ...people,
    day: '2026-03-01',
    itemId: 11,
    itemTitle: '全国加盟项目',
    feedback: 1,
    phone: 0,
    total: 1,
    costCoin: 10,
    costMoney: 1000,
    price: 1000,
  },
  {
    ...people,
    day: '2026-03-01',
    itemId: 14,
    itemTitle: '华东推广项目',
    feedback: 0,
    phone: 1,
    total: 1,
    costCoin: 8,
    costMoney: 800,
    price: 800,
    saler: '',
  },
];
const TREND = [
  { day: '2026-03-01', costMoney: 1800, total: 2 },
  { day: '2026-03-02', costMoney: 12345, total: 5 },
];
const report = (showCostCoin: boolean, page = 1, totalPage = 1) => ({
  rows: ROWS,
  trend: TREND,
  summary: { feedback: 4, phone: 3, total: 7, costCoin: 68, costMoney: 14145, price: 2021, talk: 0, click: 0 },
  pagination: { page, pageSize: 10, totalRow: 3, totalPage },
  showCostCoin,
  startTime: '2026-03-01',
  endTime: '2026-03-02',
  pendingFrom: '2026-03-03',
});
const PATH = '/customer/report/promotion';

// The charts draw when scrolled into view: never, here (their data tables are rendered all the same).
class NeverInView {
  observe() {}
  unobserve() {}
  disconnect() {}
}
const realObserver = window.IntersectionObserver;
beforeAll(() => {
  window.IntersectionObserver = NeverInView as unknown as typeof IntersectionObserver;
});
afterAll(() => {
  window.IntersectionObserver = realObserver;
});

let http: FakeHttp;
beforeEach(() => {
  http = installReportHttp();
  http.on(`GET ${PATH}`, { body: report(true) });
});
afterEach(() => http.restore());

const tableRequests = () => http.requestsTo(PATH);

test('the note, the analysis links, the columns with 消耗积分, money in yuan and the 合计 row', async () => {
  renderReport(<PromoteDataPage />, '/promote-data?startTime=2026-03-01&endTime=2026-03-02');
  await screen.findByText('华东推广项目');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('推广管理');
  expect(screen.getByText('温馨提示：工作日消耗数据约在10:00生成，周末约在11:00生成')).toBeInTheDocument();
  expect(screen.getByText(/^均价 = 消耗金额 ÷ 计费资源数。/)).toHaveTextContent('之后删除的、重复的资源也计费，电话请求不计费');
  expect(screen.getByText('数据分析').closest('a')).toHaveAttribute('href', '/intel-analysis');
  expect(screen.getByText('开屏关键词分析').closest('a')).toHaveAttribute('href', '/keyword-analysis');
  expect(columnTitles()).toEqual(['日期', '项目名称', '留言数', '电话请求数', '总资源数', '消耗积分', '消耗金额', '均价', '服务经理', '销售']);
  expect(tableRows()[0]).toEqual(['2026-03-02', '全国加盟项目', '3', '2', '5', '50', '¥123.45', '¥24.69', '王五', '李四']);
  expect(tableRows()[2][9]).toBe('-');
  expect(summaryCells()).toEqual(['合计', '', '4', '3', '7', '68', '¥141.45', '¥20.21', '', '']);
  expect(tableRequests()[0].query).toEqual({ startTime: '2026-03-01', endTime: '2026-03-02', page: '1', pageSize: '10' });
  expect(button('导出')).toHaveAttribute('href', '/rest/customer/report/promotion/files?startTime=2026-03-01&endTime=2026-03-02&format=xlsx');
});

test('without points billing there is no 消耗积分 column', async () => {
  http.on(`GET ${PATH}`, { body: report(false) });
  renderReport(<PromoteDataPage />, '/promote-data');
  await screen.findByText('华东推广项目');
  expect(columnTitles()).toEqual(['日期', '项目名称', '留言数', '电话请求数', '总资源数', '消耗金额', '均价', '服务经理', '销售']);
  expect(summaryCells()).toEqual(['合计', '', '4', '3', '7', '¥141.45', '¥20.21', '', '']);
});

test('a day whose cost the 10:00 job has not booked yet reads 待结算, not 0; booked days keep their money', async () => {
  const today = { ...ROWS[0]!, day: '2026-03-03', feedback: 6, phone: 1, total: 7, costCoin: 0, costMoney: 0, price: 0 };
  http.on(`GET ${PATH}`, { body: { ...report(true), rows: [today, ...ROWS], pendingFrom: '2026-03-03' } });
  renderReport(<PromoteDataPage />, '/promote-data?startTime=2026-03-01&endTime=2026-03-03');
  await screen.findByText('华东推广项目');
  expect(tableRows()[0]).toEqual(['2026-03-03', '全国加盟项目', '6', '1', '7', '待结算', '待结算', '待结算', '王五', '李四']);
  expect(tableRows()[1].slice(5, 8)).toEqual(['50', '¥123.45', '¥24.69']);
});

test("the trend draws the server's days of the whole range, cost in yuan, from the report's one answer", async () => {
  renderReport(<PromoteDataPage />, '/promote-data?startTime=2026-03-01&endTime=2026-03-02&itemId=11');
  const trend = await screen.findByRole('region', { name: '消耗与资源趋势' });
  await waitFor(() => expect(trend.querySelectorAll('table')).toHaveLength(2));
  const rows = (caption: string) =>
    [...within(trend).getByText(caption, { selector: 'caption' }).closest('table')!.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
  expect(rows('消耗金额')).toEqual([
    ['2026-03-01', '¥18.00'],
    ['2026-03-02', '¥123.45'],
  ]);
  expect(rows('总资源数')).toEqual([
    ['2026-03-01', '2'],
    ['2026-03-02', '5'],
  ]);
  // One call for the table and the trend.
  expect(tableRequests()).toHaveLength(1);
});

test('no rows shows 暂无数据', async () => {
  http.on(`GET ${PATH}`, { body: { ...report(true), rows: [], pagination: { page: 1, pageSize: 10, totalRow: 0, totalPage: 0 } } });
  renderReport(<PromoteDataPage />, '/promote-data');
  await waitFor(() => expect(screen.getAllByText('暂无数据', { selector: '.ant-empty-description' }).length).toBeGreaterThan(0));
  expect(document.querySelector('.ant-table')).toBeNull();
});

test('a failed call shows the server message with 重试, which asks again', async () => {
  http.on(`GET ${PATH}`, SERVER_ERROR);
  renderReport(<PromoteDataPage />, '/promote-data');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${PATH}`, { body: report(true) });
  fireEvent.click(button('重试'));
  expect(await screen.findByText('华东推广项目')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: '消耗与资源趋势' })).toBeInTheDocument();
});
