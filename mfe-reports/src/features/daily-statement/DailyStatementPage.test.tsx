import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { button, columnTitles, installReportHttp, lastRequest, renderReport, SERVER_ERROR, summaryCells, tableRows } from '../../test/renderReport';
import DailyStatementPage from './DailyStatementPage';

const days = (values: Record<number, number>, daysInMonth: number) =>
  Array.from({ length: 31 }, (_, index) => (index >= daysInMonth ? null : (values[index + 1] ?? 0)));
const STATEMENT = {
  month: '2026-02',
  daysInMonth: 28,
  rows: [
    { itemId: 11, itemTitle: '全国加盟项目', days: days({ 1: 3, 28: 1200 }, 28), total: 1203 },
    { itemId: 14, itemTitle: '华东推广项目', days: days({ 2: 5 }, 28), total: 5 },
  ],
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

const DAY_TITLES = Array.from({ length: 31 }, (_, index) => String(index + 1));

test('项目名称, days 1 to 31 (past the month\'s end "-") and 合计, with the 合计 row', async () => {
  renderReport(<DailyStatementPage group="smart" />, '/daily-statement?month=2026-02');
  await screen.findByText('全国加盟项目');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('日报表');
  expect(screen.getByText('智能投放')).toBeInTheDocument();
  expect(columnTitles()).toEqual(['项目名称', ...DAY_TITLES, '合计']);
  const [first] = tableRows();
  expect(first[0]).toBe('全国加盟项目');
  expect(first.slice(1, 4)).toEqual(['3', '0', '0']);
  expect(first.slice(28, 33)).toEqual(['1,200', '-', '-', '-', '1,203']);
  const summary = summaryCells();
  expect(summary.slice(0, 4)).toEqual(['合计', '3', '5', '0']);
  expect(summary.slice(28)).toEqual(['1,200', '-', '-', '-', '1,208']);
  expect(lastRequest(http, PATH).query).toEqual({ month: '2026-02' });
  expect(button('导出')).toHaveAttribute('href', '/rest/customer/report/daily-statement/files?month=2026-02&format=xlsx');
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
