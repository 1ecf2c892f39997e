import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { button, codeOk, installCrmHttp, lastRequest, refused, renderCrm, SERVER_ERROR, tableRows } from '../../test/renderCrm';
import { SourceTab } from './SourceTab';

const SOURCES = '/es/crmchannelsource/like';
const STAFF = '/es/crmuser/like';
const SOURCE_ROWS = [
  { id: 1, sourceCode: 'baidu-sem', sourceName: '百度竞价' },
  { id: 2, sourceCode: 'douyin', sourceName: '抖音信息流' },
];
// As the like call answers them: each with whether it can take leads now (no leads asked: yes).
const STAFF_ROWS = [
  { id: 31, userName: '王五', phone: '13900000031', deptName: '销售一部', eligible: true, reason: null },
  { id: 32, userName: '赵六', phone: '', deptName: '', eligible: true, reason: null },
];

let http: FakeHttp;
beforeEach(() => {
  http = installCrmHttp();
  http.on(`GET ${SOURCES}`, ({ query }) => codeOk(SOURCE_ROWS.filter((row) => row.sourceName.includes(query.sourceName ?? ''))));
  http.on(`GET ${STAFF}`, ({ query }) => codeOk(STAFF_ROWS.filter((row) => row.userName.includes(query.userName ?? ''))));
  http.on('GET /es/crmchannelsource/syncEcV2ChannelSource', codeOk(SOURCE_ROWS));
  http.on('GET /es/crmuser/synchro', codeOk([]));
});
afterEach(() => http.restore());

test('lists the sources and the staff; a name search asks the server', async () => {
  renderCrm(<SourceTab crmCode="ec" />);
  await screen.findByText('百度竞价');
  await screen.findByText('王五');
  expect(tableRows()).toEqual([
    ['百度竞价', 'baidu-sem'],
    ['抖音信息流', 'douyin'],
    ['王五', '13900000031', '销售一部'],
    ['赵六', '-', '-'],
  ]);
  fireEvent.change(screen.getByLabelText('输入姓名搜索'), { target: { value: '赵' } });
  fireEvent.keyDown(screen.getByLabelText('输入姓名搜索'), { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(lastRequest(http, STAFF).query).toEqual({ userName: '赵' }));
  await waitFor(() => expect(screen.queryByText('王五')).not.toBeInTheDocument());
});

test('ec: 同步来源 pulls the sources from ec and lists them again', async () => {
  renderCrm(<SourceTab crmCode="ec" />);
  await screen.findByText('百度竞价');
  fireEvent.click(button('同步来源'));
  expect(await screen.findByText('同步成功！')).toBeInTheDocument();
  expect(http.requestsTo('/es/crmchannelsource/syncEcV2ChannelSource', 'GET')).toHaveLength(1);
  await waitFor(() => expect(http.requestsTo(SOURCES)).toHaveLength(2));
});

test("同步员工 pulls the CRM's staff (any CRM), or shows the server's reason; only ec syncs sources", async () => {
  http.on('GET /es/crmuser/synchro', refused('CRM服务暂时不可用，请稍后再试', 502));
  renderCrm(<SourceTab crmCode="huoban" />, '/hby-setting');
  await screen.findByText('百度竞价');
  expect(() => button('同步来源')).toThrow();
  fireEvent.click(button('同步员工'));
  expect(await screen.findByText('CRM服务暂时不可用，请稍后再试')).toBeInTheDocument();
  expect(lastRequest(http, '/es/crmuser/synchro').query).toEqual({ crmCode: 'huoban' });

  http.on('GET /es/crmuser/synchro', codeOk([]));
  fireEvent.click(button('同步员工'));
  expect(await screen.findByText('同步成功！')).toBeInTheDocument();
  await waitFor(() => expect(http.requestsTo(STAFF)).toHaveLength(2));
});

test('empty and failed lists', async () => {
  http.on(`GET ${SOURCES}`, codeOk([]));
  http.on(`GET ${STAFF}`, SERVER_ERROR);
  renderCrm(<SourceTab crmCode="ec" />);
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
});
