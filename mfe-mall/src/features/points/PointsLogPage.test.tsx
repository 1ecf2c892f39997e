import { fireEvent, screen } from '@testing-library/react';
import { codeOk, installMallHttp, lastRequest, renderMall, tableRows, type FakeHttp } from '../../test/renderMall';
import { logRow, SUMMARY } from '../../test/fixtures';
import PointsLogPage from './PointsLogPage';

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/points', codeOk(SUMMARY));
});
afterEach(() => http.restore());

/** A page of the log with the server's pagination header. */
const paged = (rows: unknown[], page: number, totalRow: number) => ({
  ...codeOk(rows),
  headers: { 'x-pagination-info': JSON.stringify({ page, pageSize: 10, totalRow, totalPage: Math.ceil(totalRow / 10) }) },
});

test('shows the summary, the points rule and each change with its source, sign and balance after it', async () => {
  http.on(
    'GET /customer/mall/points/logs',
    codeOk([logRow(3, 'order', -1_200, 12_480), logRow(2, 'topup', 13_000, 13_680), logRow(1, 'signin', 10, 680)]),
  );
  renderMall(<PointsLogPage />, '/channel-credit');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('积分明细');
  expect(await screen.findByText('12,480')).toBeInTheDocument();
  expect(screen.getByText(/充值 1 元获得 2 积分；积分不可提现/)).toBeInTheDocument();
  await screen.findByText('兑换商品');
  expect(tableRows().map((row) => row.slice(1))).toEqual([
    ['兑换商品', '-1200', '12480'],
    ['充值赠送', '+13000', '13680'],
    ['每日签到', '+10', '680'],
  ]);
});

test('pages through the log: the next page is asked of the server and kept in the address', async () => {
  http.on(
    'GET /customer/mall/points/logs',
    paged(
      Array.from({ length: 10 }, (_, i) => logRow(i + 1, 'signin', 10, 10 * (i + 1))),
      1,
      15,
    ),
  );
  renderMall(<PointsLogPage />, '/channel-credit');
  expect(await screen.findByText('共 15 条')).toBeInTheDocument();
  http.on('GET /customer/mall/points/logs', paged([{ ...logRow(11, 'task', 50, 600), task: 'activity' }, logRow(12, 'task', 5, 550)], 2, 15));
  fireEvent.click(screen.getByTitle('2'));
  // A task's reward names its task where the server says which.
  expect(await screen.findByText('任务奖励 · 参与平台活动')).toBeInTheDocument();
  expect(screen.getByText('任务奖励')).toBeInTheDocument();
  expect(lastRequest(http, '/customer/mall/points/logs').query).toMatchObject({ page: '2', pageSize: '10' });
  expect(window.location.search).toContain('page=2');
});

test('an empty log says so', async () => {
  http.on('GET /customer/mall/points/logs', codeOk([]));
  renderMall(<PointsLogPage />, '/channel-credit');
  expect(await screen.findByText('暂无积分记录')).toBeInTheDocument();
});
