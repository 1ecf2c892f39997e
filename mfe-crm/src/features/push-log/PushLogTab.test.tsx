import type { FakeHttp } from '@portal/api-client/testing';
import type { PushLogRow } from '@portal/contracts/crm';
import { getEventBus, LeadArrivedEvent } from '@portal/event-bus';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONNECTION_OK, CONNECTION_PAUSED } from '../../test/crmFixtures';
import {
  button,
  codeOk,
  columnTitles,
  findElement,
  installCrmHttp,
  lastRequest,
  pick,
  refused,
  renderCrm,
  SERVER_ERROR,
  tableRows,
} from '../../test/renderCrm';
import { PushLogTab } from './PushLogTab';

const LOG = '/es/crmpushlog/list';

const row = (change: Partial<PushLogRow>): PushLogRow => ({
  id: 1,
  leadId: 101,
  leadName: '张三',
  mobile: '13800000001',
  itemTitle: '全国加盟项目',
  crmCode: 'ec',
  status: 'delivered',
  attempts: 1,
  crmId: 'ec-9001',
  lastReason: null,
  nextAttemptAt: null,
  createTime: '2026-03-02 10:00:00',
  deliveredAt: '2026-03-02 10:00:01',
  origin: 'auto',
  ...change,
});
const ROWS = [
  row({}),
  row({
    id: 2,
    leadName: '李四',
    mobile: '13800000002',
    status: 'refused',
    crmId: null,
    lastReason: '手机号格式错误',
    createTime: '2026-03-02 09:00:00',
  }),
  row({
    id: 3,
    leadName: '王五',
    mobile: '13800000003',
    status: 'pending',
    attempts: 2,
    crmId: null,
    lastReason: 'CRM服务暂时不可用',
    nextAttemptAt: '2026-03-02 11:00:00',
  }),
];
const ATTEMPTS = [
  {
    attemptNo: 1,
    startedAt: '2026-03-02 09:00:00',
    finishedAt: '2026-03-02 09:00:01',
    outcome: 'refused',
    reason: '手机号格式错误',
    fields: [
      { code: 'name', name: '姓名', value: '李四' },
      { code: 'mobile', name: '手机', value: '13800000002' },
      { code: 'tags', name: '标签', value: ['意向', '加盟'] },
    ],
    crmId: null,
    nextRetryAt: null,
  },
];
const paged = (rows: PushLogRow[], totalRow = rows.length) => ({
  body: rows,
  headers: { 'x-pagination-info': JSON.stringify({ page: 1, pageSize: 10, totalRow, totalPage: Math.max(1, Math.ceil(totalRow / 10)) }) },
});

let http: FakeHttp;
beforeEach(() => {
  http = installCrmHttp();
  http.on(`GET ${LOG}`, paged(ROWS, 23));
  http.on('GET /es/crmpushconnection/getByUser', codeOk(CONNECTION_OK));
  http.on('GET /es/crmpushlog/2/attempts', codeOk(ATTEMPTS));
  http.on('POST /es/crmpushlog/2/retry', codeOk({ count: 1 }));
  http.on('POST /es/crmpushlog/retryFailed', codeOk({ count: 4 }));
});
afterEach(() => http.restore());

const rowOf = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')].find((tr) => within(tr).queryByText(name)) as HTMLElement;

test('lists the pushes with their state, attempts, CRM id, reason and next retry; paged by 10', async () => {
  renderCrm(<PushLogTab crmCode="ec" />);
  await screen.findByText('张三');
  expect(columnTitles()).toEqual(['线索', '电话', '项目', '状态', '尝试次数', 'CRM编号', '原因', '下次重试', '时间', '操作']);
  expect(tableRows()).toEqual([
    ['张三', '13800000001', '全国加盟项目', '已推送', '1', 'ec-9001', '-', '-', '2026-03-02 10:00:00', '查看记录'],
    ['李四', '13800000002', '全国加盟项目', '被拒绝', '1', '-', '手机号格式错误', '-', '2026-03-02 09:00:00', '查看记录重新推送'],
    ['王五', '13800000003', '全国加盟项目', '推送中', '2', '-', 'CRM服务暂时不可用', '2026-03-02 11:00:00', '2026-03-02 10:00:00', '查看记录'],
  ]);
  expect(lastRequest(http, LOG).query).toEqual({ crmCode: 'ec', page: '1', pageSize: '10' });
  expect(screen.getByText('共 23 条')).toBeInTheDocument();
  expect(screen.getByText('推送连接正常：推送中 2 条，推送失败 1 条')).toBeInTheDocument();

  fireEvent.click(document.querySelector('.ant-pagination-item-3') as HTMLElement);
  await waitFor(() => expect(lastRequest(http, LOG).query).toEqual({ crmCode: 'ec', page: '3', pageSize: '10' }));
});

test('the filters go to the server as the query', async () => {
  renderCrm(<PushLogTab crmCode="lixiao" />, '/lxcrm-setting');
  await screen.findByText('张三');
  await pick('状态', '推送失败');
  fireEvent.change(screen.getByPlaceholderText('请输入电话'), { target: { value: '1380' } });
  fireEvent.click(button('查询'));
  await waitFor(() =>
    expect(lastRequest(http, LOG).query).toEqual({ crmCode: 'lixiao', status: 'failed', phone: '1380', page: '1', pageSize: '10' }),
  );

  fireEvent.click(button('重置'));
  await waitFor(() => expect(lastRequest(http, LOG).query).toEqual({ crmCode: 'lixiao', page: '1', pageSize: '10' }));
});

test('查看记录 opens the attempts: time, outcome, reason and the fields sent', async () => {
  renderCrm(<PushLogTab crmCode="ec" />);
  await screen.findByText('李四');
  fireEvent.click(button('查看记录', rowOf('李四')));
  const drawer = await findElement('.ant-drawer');
  expect(within(drawer).getByText('推送记录：李四 13800000002')).toBeInTheDocument();
  const attempt = await within(drawer).findByTestId('push-attempt');
  expect(attempt).toHaveTextContent('第1次推送');
  expect(attempt).toHaveTextContent('被拒绝');
  expect(attempt).toHaveTextContent('2026-03-02 09:00:00');
  expect(attempt).toHaveTextContent('原因手机号格式错误');
  expect(tableRows(attempt)).toEqual([
    ['姓名', '李四'],
    ['手机', '13800000002'],
    ['标签', '意向、加盟'],
  ]);
});

test('重新推送 asks 确定操作？ and requeues the push; 全部重新推送 requeues the failed ones of the filter', async () => {
  renderCrm(<PushLogTab crmCode="ec" />);
  await screen.findByText('李四');
  expect(within(rowOf('张三')).queryByText('重新推送')).not.toBeInTheDocument();

  fireEvent.click(button('重新推送', rowOf('李四')));
  expect(await screen.findByText('确定操作？')).toBeInTheDocument();
  fireEvent.click(button('确定'));
  expect(await screen.findByText('已重新加入推送队列（1条）')).toBeInTheDocument();
  expect(http.requestsTo('/es/crmpushlog/2/retry', 'POST')).toHaveLength(1);
  await waitFor(() => expect(http.requestsTo(LOG)).toHaveLength(2));

  fireEvent.change(screen.getByPlaceholderText('请输入电话'), { target: { value: '138' } });
  fireEvent.click(button('查询'));
  await waitFor(() => expect(lastRequest(http, LOG).query.phone).toBe('138'));
  fireEvent.click(button('全部重新推送'));
  await waitFor(() => expect(screen.getAllByText('确定操作？').length).toBeGreaterThan(0));
  fireEvent.click(button('确定'));
  expect(await screen.findByText('已重新加入推送队列（4条）')).toBeInTheDocument();
  expect(lastRequest(http, '/es/crmpushlog/retryFailed', 'POST').body).toEqual({ crmCode: 'ec', phone: '138' });
});

test("a refused retry shows the server's reason", async () => {
  http.on('POST /es/crmpushlog/2/retry', refused('只有失败的推送可以重新推送', 409));
  renderCrm(<PushLogTab crmCode="ec" />);
  await screen.findByText('李四');
  fireEvent.click(button('重新推送', rowOf('李四')));
  await screen.findByText('确定操作？');
  fireEvent.click(button('确定'));
  expect(await screen.findByText('只有失败的推送可以重新推送')).toBeInTheDocument();
});

test('a paused connection shows with 恢复推送; a new lead on the bus asks again', async () => {
  http.on('GET /es/crmpushconnection/getByUser', codeOk(CONNECTION_PAUSED));
  renderCrm(<PushLogTab crmCode="ec" />);
  await screen.findByText('张三');
  expect(await screen.findByText('推送已暂停')).toBeInTheDocument();
  expect(button('恢复推送')).toBeInTheDocument();
  act(() => getEventBus().publish(new LeadArrivedEvent({ list: 'resource', count: 1 })));
  await waitFor(() => expect(http.requestsTo(LOG)).toHaveLength(2));
});

test('no pushes, and a failed load', async () => {
  http.on(`GET ${LOG}`, paged([]));
  const { unmount } = renderCrm(<PushLogTab crmCode="ec" />);
  expect(await screen.findByText('暂无推送记录')).toBeInTheDocument();
  unmount();
  http.on(`GET ${LOG}`, SERVER_ERROR);
  renderCrm(<PushLogTab crmCode="ec" />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
});
