import type { FakeHttp } from '@portal/api-client/testing';
import { chinaToday } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { button, columnTitles, installReportHttp, lastRequest, renderReport, SERVER_ERROR, summaryCells, tableRows } from '../../test/renderReport';
import ReceiveListPage from './ReceiveListPage';

const REPORT = {
  rows: [
    { dateTime: '2026-03-02', itemId: 11, itemTitle: '全国加盟项目', crmFollower: '张三', countNum: 12, duplicates: 0 },
    { dateTime: '2026-03-01', itemId: 14, itemTitle: '华东推广项目', crmFollower: '', countNum: 1234, duplicates: 3 },
  ],
  summary: { countNum: 1246, duplicates: 3 },
  pagination: { page: 1, pageSize: 10, totalRow: 2, totalPage: 1 },
  startTime: '2026-02-01',
  endTime: '2026-03-02',
};
const PATH = '/customer/report/receive';
const CPC_PATH = '/customer/report/cpc-receive';

let http: FakeHttp;
beforeEach(() => {
  http = installReportHttp();
  http.on(`GET ${PATH}`, { body: REPORT });
  http.on(`GET ${CPC_PATH}`, { body: REPORT });
});
afterEach(() => http.restore());

const today = dayjs(chinaToday());
const last30 = { startTime: today.subtract(29, 'day').format('YYYY-MM-DD'), endTime: today.format('YYYY-MM-DD') };

test('the table lists 日期, 项目名称, 接收人, 资源数 and 重复, with the 合计 of the answer', async () => {
  renderReport(<ReceiveListPage group="smart" />, '/receive-list');
  await screen.findByText('张三');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('接收报表');
  expect(screen.getByText('智能投放')).toBeInTheDocument();
  expect(columnTitles()).toEqual(['日期', '项目名称', '接收人', '资源数', '重复']);
  expect(tableRows()).toEqual([
    ['2026-03-02', '全国加盟项目', '张三', '12', '0'],
    ['2026-03-01', '华东推广项目', '未分配', '1,234', '3'],
  ]);
  expect(summaryCells()).toEqual(['合计', '', '', '1,246', '3']);
  expect(lastRequest(http, PATH).query).toEqual({ ...last30, page: '1', pageSize: '10' });
});

test("each 资源数 opens its leads: 资源列表 of the day and project, the receiver's own, or those without one for 未分配", async () => {
  renderReport(<ReceiveListPage group="smart" />, '/receive-list');
  await screen.findByText('张三');
  expect(screen.getByText(/统计范围：资源列表中的资源/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '2026-03-02 全国加盟项目 张三：12条，在列表中查看' })).toHaveAttribute(
    'href',
    `/resource?startTime=2026-03-02&endTime=2026-03-02&itemId=11&crmFollower=${encodeURIComponent('张三')}&duplicate=0`,
  );
  expect(screen.getByRole('link', { name: '2026-03-01 华东推广项目 未分配：1,234条，在列表中查看' })).toHaveAttribute(
    'href',
    `/resource?startTime=2026-03-01&endTime=2026-03-01&itemId=14&crmFollower=${encodeURIComponent('未分配')}&duplicate=0`,
  );
  // 重复 opens the duplicates of the row.
  expect(screen.getByRole('link', { name: '2026-03-01 华东推广项目 未分配 重复：3条，在列表中查看' })).toHaveAttribute(
    'href',
    `/resource?startTime=2026-03-01&endTime=2026-03-01&itemId=14&crmFollower=${encodeURIComponent('未分配')}&duplicate=1`,
  );
});

test('a regular 资源数 offers 竞价, 信息流 and 留言板 filtered alike', async () => {
  renderReport(<ReceiveListPage group="cpc" />, '/cpc-receive-list');
  await screen.findByText('张三');
  expect(screen.getByText(/竞价资源、信息流资源、留言板资源三个列表/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '2026-03-01 华东推广项目 未分配：1,234条，在列表中查看' }));
  const query = `startTime=2026-03-01&endTime=2026-03-01&itemId=14&crmFollower=${encodeURIComponent('未分配')}&duplicate=0`;
  expect(await screen.findByRole('link', { name: '竞价资源' })).toHaveAttribute('href', `/feedback?${query}`);
  expect(screen.getByRole('link', { name: '信息流资源' })).toHaveAttribute('href', `/info-list?${query}`);
  expect(screen.getByRole('link', { name: '留言板资源' })).toHaveAttribute('href', `/bai-list?${query}`);
});

test('the regular-investment report asks its own call, and the URL filters and export carry the filters', async () => {
  renderReport(<ReceiveListPage group="cpc" />, '/cpc-receive-list?startTime=2026-03-01&endTime=2026-03-05&itemId=14');
  await screen.findByText('张三');
  expect(screen.getByText('常规投放')).toBeInTheDocument();
  expect(lastRequest(http, CPC_PATH).query).toEqual({ startTime: '2026-03-01', endTime: '2026-03-05', itemId: '14', page: '1', pageSize: '10' });
  expect(http.requestsTo(PATH)).toHaveLength(0);
  expect(button('导出')).toHaveAttribute(
    'href',
    '/rest/customer/report/cpc-receive/files?itemId=14&startTime=2026-03-01&endTime=2026-03-05&format=xlsx',
  );
});

test('bad URL values fall back to the defaults', async () => {
  renderReport(<ReceiveListPage group="smart" />, '/receive-list?startTime=2026-13-01&endTime=x&itemId=abc&page=0');
  await screen.findByText('张三');
  expect(lastRequest(http, PATH).query).toEqual({ ...last30, page: '1', pageSize: '10' });
});

test('a new page asks the server for it', async () => {
  http.on(`GET ${PATH}`, (request) => ({
    body: { ...REPORT, pagination: { page: Number(request.query.page), pageSize: 10, totalRow: 25, totalPage: 3 } },
  }));
  renderReport(<ReceiveListPage group="smart" />, '/receive-list');
  await screen.findByText('张三');
  expect(screen.getByText('共 25 条')).toBeInTheDocument();
  fireEvent.click(screen.getByTitle('3'));
  await waitFor(() => expect(lastRequest(http, PATH).query.page).toBe('3'));
  expect(window.location.search).toBe('?page=3');
});

test('重置 restores the default filters and a clean URL', async () => {
  renderReport(<ReceiveListPage group="smart" />, '/receive-list?itemId=11');
  await screen.findByText('张三');
  expect(lastRequest(http, PATH).query.itemId).toBe('11');
  fireEvent.click(button('重置'));
  await waitFor(() => expect(lastRequest(http, PATH).query).toEqual({ ...last30, page: '1', pageSize: '10' }));
  expect(window.location.search).toBe('');
  expect(button('导出')).toHaveAttribute(
    'href',
    `/rest/customer/report/receive/files?startTime=${last30.startTime}&endTime=${last30.endTime}&format=xlsx`,
  );
});

test('no rows shows 暂无数据', async () => {
  http.on(`GET ${PATH}`, {
    body: { ...REPORT, rows: [], summary: { countNum: 0, duplicates: 0 }, pagination: { page: 1, pageSize: 10, totalRow: 0, totalPage: 0 } },
  });
  renderReport(<ReceiveListPage group="smart" />, '/receive-list');
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  expect(document.querySelector('.ant-table')).toBeNull();
});

test('a failed call shows the server message with 重试, which asks again', async () => {
  http.on(`GET ${PATH}`, SERVER_ERROR);
  renderReport(<ReceiveListPage group="smart" />, '/receive-list');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  http.on(`GET ${PATH}`, { body: REPORT });
  fireEvent.click(button('重试'));
  expect(await screen.findByText('张三')).toBeInTheDocument();
  expect(http.requestsTo(PATH)).toHaveLength(2);
});
