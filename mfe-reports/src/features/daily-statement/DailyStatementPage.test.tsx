import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { button, columnTitles, installReportHttp, lastRequest, renderReport, SERVER_ERROR, summaryCells, tableRows } from '../../test/renderReport';
import DailyStatementPage from './DailyStatementPage';

const days = (values: Record<number, number>, daysInMonth: number) =>
  Array.from({ length: 31 }, (_, index) => (index >= daysInMonth ? null : (values[index + 1] ?? 0)));
/** The split by list of a smart statement's days: all on 资源列表. */
const resourceLists = (cells: Array<number | null>) => cells.map((value) => (value === null ? null : { resource: value }));
const row = (itemId: number, itemTitle: string, cells: Array<number | null>, total: number) => ({
  itemId,
  itemTitle,
  days: cells,
  lists: resourceLists(cells),
  total,
});
const STATEMENT = {
  month: '2026-02',
  daysInMonth: 28,
  today: '2026-11-27',
  rows: [row(11, '全国加盟项目', days({ 1: 3, 28: 1200 }, 28), 1203), row(14, '华东推广项目', days({ 2: 5 }, 28), 5)],
  summary: { days: days({ 1: 3, 2: 5, 28: 1200 }, 28), total: 1208 },
};
const PATH = '/customer/report/daily-statement';
const CPC_PATH = '/customer/report/cpc-daily-statement';
const thisMonth = chinaToday().slice(0, 7);

let http: FakeHttp;
beforeEach(() => {
  http = installReportHttp();
  http.on(`GET ${PATH}`, { body: STATEMENT });
  http.on(`GET ${CPC_PATH}`, { body: STATEMENT });
});
afterEach(() => http.restore());

const dayTitles = (days: number) => Array.from({ length: days }, (_, index) => String(index + 1));

test("项目名称, the month's days (28 in February: no 29th to 31st column) and 合计, with the 合计 row and the lists it counts", async () => {
  renderReport(<DailyStatementPage group="smart" />, '/daily-statement?month=2026-02');
  await screen.findByText('全国加盟项目');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('日报表');
  expect(screen.getByText('智能投放')).toBeInTheDocument();
  expect(screen.getByText(/统计范围：资源列表中的资源（已删除的不计）/)).toBeInTheDocument();
  expect(columnTitles()).toEqual(['项目名称', ...dayTitles(28), '合计']);
  const [first] = tableRows();
  expect(first[0]).toBe('全国加盟项目');
  expect(first.slice(1, 4)).toEqual(['3', '0', '0']);
  expect(first.slice(28)).toEqual(['1,200', '1,203']);
  const summary = summaryCells();
  expect(summary.slice(0, 4)).toEqual(['合计', '3', '5', '0']);
  expect(summary.slice(28)).toEqual(['1,200', '1,208']);
  expect(lastRequest(http, PATH).query).toEqual({ month: '2026-02' });
  expect(button('导出')).toHaveAttribute('href', '/rest/customer/report/daily-statement/files?month=2026-02&format=xlsx');
});

test('each smart figure is a link to 资源列表 filtered to exactly its day and project (0 opens nothing)', async () => {
  renderReport(<DailyStatementPage group="smart" />, '/daily-statement?month=2026-02');
  await screen.findByText('全国加盟项目');
  expect(screen.getByRole('link', { name: '全国加盟项目 2026-02-28：1,200条，在列表中查看' })).toHaveAttribute(
    'href',
    '/resource?startTime=2026-02-28&endTime=2026-02-28&itemId=11&duplicate=0',
  );
  expect(screen.getByRole('link', { name: '华东推广项目 2026-02 合计：5条，在列表中查看' })).toHaveAttribute(
    'href',
    '/resource?startTime=2026-02-01&endTime=2026-02-28&itemId=14&duplicate=0',
  );
  // The 合计 row's days open every project's leads of the day.
  expect(screen.getByRole('link', { name: '合计 2026-02-02：5条，在列表中查看' })).toHaveAttribute(
    'href',
    '/resource?startTime=2026-02-02&endTime=2026-02-02&duplicate=0',
  );
  expect(screen.queryByRole('link', { name: /全国加盟项目 2026-02-02：/ })).not.toBeInTheDocument();
});

test('a regular figure offers its three lists, each with its part and filtered to the day and project; days not come yet read "-"', async () => {
  // November 2026 (30 days) seen on the 27th: the 28th to 30th have not come.
  const cells = Array.from({ length: 31 }, (_, index) => (index >= 27 ? null : index === 26 ? 47 : 0));
  const lists = cells.map((value, index) =>
    value === null ? null : index === 26 ? { feedback: 21, infoList: 18, baiList: 8 } : { feedback: 0, infoList: 0, baiList: 0 },
  );
  http.on(`GET ${CPC_PATH}`, {
    body: {
      month: '2026-11',
      daysInMonth: 30,
      today: '2026-11-27',
      rows: [{ itemId: 11, itemTitle: '全国加盟项目', days: cells, lists, total: 47 }],
      summary: { days: cells, total: 47 },
    },
  });
  renderReport(<DailyStatementPage group="cpc" />, '/cpc-daily-statement?month=2026-11');
  await screen.findByText('全国加盟项目');
  expect(screen.getByText(/统计范围：竞价资源、信息流资源、留言板资源三个列表中的资源/)).toBeInTheDocument();
  expect(columnTitles()).toEqual(['项目名称', ...dayTitles(30), '合计']);
  const [first] = tableRows();
  expect(first.slice(26)).toEqual(['0', '47', '-', '-', '-', '47']);
  fireEvent.click(screen.getByRole('button', { name: '全国加盟项目 2026-11-27：47条，在列表中查看' }));
  const link = async (name: string) => screen.findByRole('link', { name });
  expect(await link('竞价资源（21条）')).toHaveAttribute('href', '/feedback?startTime=2026-11-27&endTime=2026-11-27&itemId=11&duplicate=0');
  expect(await link('信息流资源（18条）')).toHaveAttribute('href', '/info-list?startTime=2026-11-27&endTime=2026-11-27&itemId=11&duplicate=0');
  expect(await link('留言板资源（8条）')).toHaveAttribute('href', '/bai-list?startTime=2026-11-27&endTime=2026-11-27&itemId=11&duplicate=0');
});

test('the regular-investment statement opens on this month and asks its own call; a future or bad month falls back', async () => {
  renderReport(<DailyStatementPage group="cpc" />, '/cpc-daily-statement?month=2099-12&itemId=0');
  await screen.findByText('全国加盟项目');
  expect(screen.getByText('常规投放')).toBeInTheDocument();
  expect(lastRequest(http, CPC_PATH).query).toEqual({ month: thisMonth });
  expect(http.requestsTo(PATH)).toHaveLength(0);
});

test('another month, typed and searched, asks for it and goes into the URL and the export', async () => {
  renderReport(<DailyStatementPage group="smart" />, '/daily-statement?itemId=14');
  await screen.findByText('全国加盟项目');
  const input = document.querySelector<HTMLInputElement>('#month') as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: '2026-01' } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.click(button('查询'));
  await waitFor(() => expect(lastRequest(http, PATH).query).toEqual({ month: '2026-01', itemId: '14' }));
  expect(new URLSearchParams(window.location.search).get('month')).toBe('2026-01');
  expect(button('导出')).toHaveAttribute('href', '/rest/customer/report/daily-statement/files?month=2026-01&itemId=14&format=xlsx');
});

test('no projects shows 暂无数据', async () => {
  http.on(`GET ${PATH}`, { body: { ...STATEMENT, rows: [], summary: { days: days({}, 28), total: 0 } } });
  renderReport(<DailyStatementPage group="smart" />, '/daily-statement');
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
});

test('a failed call shows the server message with 重试, which asks again', async () => {
  http.on(`GET ${PATH}`, SERVER_ERROR);
  renderReport(<DailyStatementPage group="smart" />, '/daily-statement');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${PATH}`, { body: STATEMENT });
  fireEvent.click(button('重试'));
  expect(await screen.findByText('全国加盟项目')).toBeInTheDocument();
});
