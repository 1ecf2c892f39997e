import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { button, columnTitles, installReportHttp, lastRequest, renderReport, SERVER_ERROR, summaryCells, tableRows } from '../../test/renderReport';
import PaymentRecordPage from './PaymentRecordPage';

const REPORT = {
  rows: [
    {
      id: 31,
      itemId: 11,
      itemTitle: '全国加盟项目',
      money: 1000000,
      type: 1,
      payTime: '2026-03-02',
      remark: '春季充值',
      publishTime: '2026-03-02 10:00:00',
    },
    { id: 30, itemId: 14, itemTitle: '华东推广项目', money: 50050, type: 2, payTime: '2026-03-01', remark: '', publishTime: '2026-03-01 09:30:00' },
  ],
  summary: { money: 1050050 },
  pagination: { page: 1, pageSize: 10, totalRow: 2, totalPage: 1 },
};
const PATH = '/customer/report/topups';

let http: FakeHttp;
beforeEach(() => {
  http = installReportHttp();
  http.on(`GET ${PATH}`, { body: REPORT });
});
afterEach(() => http.restore());

test('the columns, money in yuan, the type labels and the 合计 row', async () => {
  renderReport(<PaymentRecordPage />, '/payment-record');
  await screen.findByText('春季充值');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('充值记录');
  expect(columnTitles()).toEqual(['编号', '项目名称', '充值金额', '类型', '到账日期', '备注', '录入时间']);
  expect(tableRows()).toEqual([
    ['31', '全国加盟项目', '¥10,000.00', '普通投放', '2026-03-02', '春季充值', '2026-03-02 10:00:00'],
    ['30', '华东推广项目', '¥500.50', '智能投放', '2026-03-01', '-', '2026-03-01 09:30:00'],
  ]);
  expect(summaryCells()).toEqual(['合计', '', '¥10,500.50', '', '', '', '']);
  expect(lastRequest(http, PATH).query).toEqual({ page: '1', pageSize: '10' });
  expect(button('导出')).toHaveAttribute('href', '/rest/customer/report/topups/files?format=xlsx');
});

test('choosing a type and searching asks for that type; the export carries it', async () => {
  renderReport(<PaymentRecordPage />, '/payment-record?itemId=11');
  await screen.findByText('春季充值');
  fireEvent.mouseDown(document.querySelector('#type') as HTMLElement);
  fireEvent.click(await screen.findByTitle('智能投放'));
  fireEvent.click(button('查询'));
  await waitFor(() => expect(lastRequest(http, PATH).query).toEqual({ itemId: '11', type: '2', page: '1', pageSize: '10' }));
  expect(window.location.search).toBe('?itemId=11&type=2');
  expect(button('导出')).toHaveAttribute('href', '/rest/customer/report/topups/files?itemId=11&type=2&format=xlsx');
});

test('the URL range is over 到账日期; a bad type falls back to 全部', async () => {
  renderReport(<PaymentRecordPage />, '/payment-record?startTime=2026-03-01&endTime=2026-03-31&type=9');
  await screen.findByText('春季充值');
  expect(lastRequest(http, PATH).query).toEqual({ startTime: '2026-03-01', endTime: '2026-03-31', page: '1', pageSize: '10' });
});

test('no records shows 暂无数据', async () => {
  http.on(`GET ${PATH}`, { body: { rows: [], summary: { money: 0 }, pagination: { page: 1, pageSize: 10, totalRow: 0, totalPage: 0 } } });
  renderReport(<PaymentRecordPage />, '/payment-record');
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
});

test('a failed call shows the server message with 重试, which asks again', async () => {
  http.on(`GET ${PATH}`, SERVER_ERROR);
  renderReport(<PaymentRecordPage />, '/payment-record');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${PATH}`, { body: REPORT });
  fireEvent.click(button('重试'));
  expect(await screen.findByText('春季充值')).toBeInTheDocument();
});
