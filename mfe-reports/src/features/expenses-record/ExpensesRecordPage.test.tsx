import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  button,
  columnTitles,
  findElement,
  installReportHttp,
  lastRequest,
  renderReport,
  SERVER_ERROR,
  summaryCells,
  tableRows,
} from '../../test/renderReport';
import ExpensesRecordPage from './ExpensesRecordPage';

const twelve = (values: Record<number, number>) => Array.from({ length: 12 }, (_, index) => values[index + 1] ?? 0);
const MONTHLY = {
  year: 2026,
  month: null,
  dataType: 2,
  money: true,
  rows: [
    { itemId: 11, itemTitle: '全国加盟项目', cells: twelve({ 1: 123456, 3: 5 }), total: 123461 },
    { itemId: 14, itemTitle: '华东推广项目', cells: twelve({ 2: 100 }), total: 100 },
  ],
  summary: { cells: twelve({ 1: 123456, 2: 100, 3: 5 }), total: 123561 },
  today: '2026-12-31',
  pendingFrom: '2026-12-31',
};
const DAILY = {
  year: 2026,
  month: 2,
  dataType: 1,
  money: false,
  rows: [
    {
      itemId: 11,
      itemTitle: '全国加盟项目',
      cells: Array.from({ length: 31 }, (_, index) => (index >= 28 ? null : index === 0 ? 1500 : 0)),
      total: 1500,
    },
  ],
  summary: { cells: Array.from({ length: 31 }, (_, index) => (index >= 28 ? null : index === 0 ? 1500 : 0)), total: 1500 },
  today: '2026-12-31',
  pendingFrom: '2026-12-31',
};
const MONTHLY_PATH = '/customer/report/consumption/monthly';
const DAILY_PATH = '/customer/report/consumption/daily';
const year = chinaToday().slice(0, 4);

let http: FakeHttp;
beforeEach(() => {
  http = installReportHttp();
  http.on(`GET ${MONTHLY_PATH}`, { body: MONTHLY });
  http.on(`GET ${DAILY_PATH}`, { body: DAILY });
});
afterEach(() => http.restore());

test('the monthly grid: 项目名称, 1月 to 12月, 合计, money in yuan, and the 合计 row', async () => {
  renderReport(<ExpensesRecordPage />, '/expenses-record');
  await screen.findByText('全国加盟项目');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('消费报表');
  expect(columnTitles()).toEqual(['项目名称', ...Array.from({ length: 12 }, (_, index) => `${index + 1}月`), '合计']);
  expect(tableRows()[0]).toEqual(['全国加盟项目', '¥1,234.56', '¥0.00', '¥0.05', ...Array(9).fill('¥0.00'), '¥1,234.61']);
  expect(summaryCells()).toEqual(['合计', '¥1,234.56', '¥1.00', '¥0.05', ...Array(9).fill('¥0.00'), '¥1,235.61']);
  expect(lastRequest(http, MONTHLY_PATH).query).toEqual({ year, dataType: '2' });
  expect(button('导出')).toHaveAttribute('href', `/rest/customer/report/consumption/monthly/files?year=${year}&dataType=2&format=xlsx`);
});

test('the daily tab asks for the month of the URL, points as whole numbers, only the days the month has', async () => {
  renderReport(<ExpensesRecordPage />, '/expenses-record?tab=daily&year=2026&month=2&dataType=1&itemId=11');
  await findElement('.ant-table-tbody tr.ant-table-row');
  expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('日报表');
  expect(columnTitles()).toEqual(['项目名称', ...Array.from({ length: 28 }, (_, index) => String(index + 1)), '合计']);
  const [row] = tableRows();
  expect(row.slice(0, 3)).toEqual(['全国加盟项目', '1,500', '0']);
  expect(row.slice(28)).toEqual(['0', '1,500']);
  expect(lastRequest(http, DAILY_PATH).query).toEqual({ year: '2026', month: '2', dataType: '1', itemId: '11' });
  expect(button('导出')).toHaveAttribute('href', '/rest/customer/report/consumption/daily/files?year=2026&month=2&dataType=1&itemId=11&format=xlsx');
});

test("the current month: days not come yet read '-', booked days their money, days the job has not booked yet 待结算", async () => {
  // November 2026 (30 days) seen on the 27th before 10:00: the 26th is not booked yet, nor the 27th.
  const cells = Array.from({ length: 31 }, (_, index) => (index >= 26 ? null : index === 0 ? 123456 : 0));
  cells[26] = 0;
  http.on(`GET ${DAILY_PATH}`, {
    body: {
      ...DAILY,
      month: 11,
      dataType: 2,
      money: true,
      rows: [{ itemId: 11, itemTitle: '全国加盟项目', cells, total: 123456 }],
      summary: { cells, total: 123456 },
      today: '2026-11-27',
      pendingFrom: '2026-11-26',
    },
  });
  renderReport(<ExpensesRecordPage />, '/expenses-record?tab=daily&year=2026&month=11&dataType=2');
  await waitFor(() => expect(tableRows()).not.toHaveLength(0));
  expect(columnTitles()).toEqual(['项目名称', ...Array.from({ length: 30 }, (_, index) => String(index + 1)), '合计']);
  const [row] = tableRows();
  expect(row.slice(0, 3)).toEqual(['全国加盟项目', '¥1,234.56', '¥0.00']);
  expect(row.slice(25, 32)).toEqual(['¥0.00', '待结算', '待结算', '-', '-', '-', '¥1,234.56']);
  expect(summaryCells().slice(26, 32)).toEqual(['待结算', '待结算', '-', '-', '-', '¥1,234.56']);
});

test('choosing another 数据类型 and searching asks for it; switching tabs asks the other grid', async () => {
  renderReport(<ExpensesRecordPage />, '/expenses-record');
  await screen.findByText('全国加盟项目');
  fireEvent.mouseDown(document.querySelector('#dataType') as HTMLElement);
  fireEvent.click(await screen.findByTitle('服务费积分'));
  fireEvent.click(button('查询'));
  await waitFor(() => expect(lastRequest(http, MONTHLY_PATH).query).toEqual({ year, dataType: '3' }));
  expect(window.location.search).toBe('?dataType=3');

  fireEvent.click(screen.getByRole('tab', { name: '日报表' }));
  await waitFor(() => expect(http.requestsTo(DAILY_PATH)).toHaveLength(1));
  expect(lastRequest(http, DAILY_PATH).query).toEqual({ year, month: String(Number(chinaToday().slice(5, 7))), dataType: '3' });
});

test('bad URL values fall back to the defaults', async () => {
  renderReport(<ExpensesRecordPage />, '/expenses-record?tab=weekly&year=1999&dataType=8&itemId=-1');
  await screen.findByText('全国加盟项目');
  expect(lastRequest(http, MONTHLY_PATH).query).toEqual({ year, dataType: '2' });
});

test('no projects shows 暂无数据', async () => {
  http.on(`GET ${MONTHLY_PATH}`, { body: { ...MONTHLY, rows: [], summary: { cells: twelve({}), total: 0 } } });
  renderReport(<ExpensesRecordPage />, '/expenses-record');
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
});

test('a failed call shows the server message with 重试, which asks again', async () => {
  http.on(`GET ${MONTHLY_PATH}`, SERVER_ERROR);
  renderReport(<ExpensesRecordPage />, '/expenses-record');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${MONTHLY_PATH}`, { body: MONTHLY });
  fireEvent.click(button('重试'));
  expect(await screen.findByText('全国加盟项目')).toBeInTheDocument();
});
