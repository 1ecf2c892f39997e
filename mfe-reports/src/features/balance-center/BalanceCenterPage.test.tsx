import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen } from '@testing-library/react';
import { button, columnTitles, installReportHttp, renderReport, SERVER_ERROR, summaryCells, tableRows } from '../../test/renderReport';
import BalanceCenterPage from './BalanceCenterPage';

const row = { industry: '餐饮', saler: '李四', server: '王五', increment: 1000000 };
const REPORT = {
  rows: [
    { ...row, itemId: 11, title: '全国加盟项目', money: 123456, beforeYesterdayCostMoney: 10000, yesterdayCostMoney: 20050, canConsumeDay: 8 },
    {
      ...row,
      itemId: 14,
      title: '华东推广项目',
      industry: '',
      money: 1005,
      beforeYesterdayCostMoney: 500,
      yesterdayCostMoney: 700,
      canConsumeDay: 2,
    },
    { ...row, itemId: 15, title: '停投项目', money: 0, beforeYesterdayCostMoney: 0, yesterdayCostMoney: 0, canConsumeDay: null },
  ],
  summary: { increment: 3000000, money: 124461, beforeYesterdayCostMoney: 10500, yesterdayCostMoney: 20750 },
  yesterdayPending: false,
};
const PATH = '/customer/report/balance';

let http: FakeHttp;
beforeEach(() => {
  http = installReportHttp();
  http.on(`GET ${PATH}`, { body: REPORT });
});
afterEach(() => http.restore());

test('the columns, money in yuan, the days left marked when 2 or fewer, and the 合计 row', async () => {
  renderReport(<BalanceCenterPage />, '/balance-center');
  await screen.findByText('全国加盟项目');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('余额中心');
  expect(columnTitles()).toEqual(['项目名称', '行业', '销售经理', '服务经理', '现金余额', '前天消耗', '昨天消耗', '预计可用天数']);
  expect(tableRows()).toEqual([
    ['全国加盟项目', '餐饮', '李四', '王五', '¥1,234.56', '¥100.00', '¥200.50', '8'],
    ['华东推广项目', '-', '李四', '王五', '¥10.05', '¥5.00', '¥7.00', '2余额不足'],
    ['停投项目', '餐饮', '李四', '王五', '¥0.00', '¥0.00', '¥0.00', '-'],
  ]);
  expect(summaryCells()).toEqual(['合计', '', '', '', '¥1,244.61', '¥105.00', '¥207.50', '']);
  expect(screen.getByText('余额不足')).toHaveClass('ant-tag-error');
});

test("before the day's consumption job yesterday's cost reads 待结算, not 0", async () => {
  const pending = { ...REPORT, rows: REPORT.rows.map((r) => ({ ...r, yesterdayCostMoney: 0 })), yesterdayPending: true };
  http.on(`GET ${PATH}`, { body: { ...pending, summary: { ...REPORT.summary, yesterdayCostMoney: 0 } } });
  renderReport(<BalanceCenterPage />, '/balance-center');
  await screen.findByText('全国加盟项目');
  expect(tableRows().map((cells) => cells[6])).toEqual(['待结算', '待结算', '待结算']);
  expect(summaryCells()[6]).toBe('待结算');
});

test('导出 downloads the xlsx of the balance centre', async () => {
  renderReport(<BalanceCenterPage />, '/balance-center');
  await screen.findByText('全国加盟项目');
  expect(button('导出')).toHaveAttribute('href', '/rest/customer/report/balance/files?format=xlsx');
});

test('no projects shows 暂无数据', async () => {
  http.on(`GET ${PATH}`, {
    body: { rows: [], summary: { increment: 0, money: 0, beforeYesterdayCostMoney: 0, yesterdayCostMoney: 0 }, yesterdayPending: false },
  });
  renderReport(<BalanceCenterPage />, '/balance-center');
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
});

test('a failed call shows the server message with 重试, which asks again', async () => {
  http.on(`GET ${PATH}`, SERVER_ERROR);
  renderReport(<BalanceCenterPage />, '/balance-center');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${PATH}`, { body: REPORT });
  fireEvent.click(button('重试'));
  expect(await screen.findByText('全国加盟项目')).toBeInTheDocument();
  expect(http.requestsTo(PATH)).toHaveLength(2);
});
