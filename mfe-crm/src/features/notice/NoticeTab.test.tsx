import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { button, codeOk, formFields, installCrmHttp, lastRequest, pick, refused, renderCrm, SERVER_ERROR } from '../../test/renderCrm';
import { NoticeTab } from './NoticeTab';

const STAFF = [
  { id: 1, crmUserId: 'u-100', userName: '张总', phone: '13900000001', deptName: '总经办' },
  { id: 2, crmUserId: 'u-200', userName: '李四', phone: '13900000002', deptName: '' },
];

let http: FakeHttp;
beforeEach(() => {
  http = installCrmHttp();
  http.on('GET /es/crmcreater/getByUser', codeOk({ id: 5, userId: 'u-100', userName: '张总', account: '13900000001' }));
  http.on('GET /es/crmuser/list4Creater', codeOk(STAFF));
  http.on('GET /es/crmuser/synchro', codeOk(STAFF));
  http.on('POST /es/crmcreater/post', codeOk({ id: 5, userId: 'u-200', userName: '李四', account: '' }));
});
afterEach(() => http.restore());

test('shows the current creator; picking an employee and 保存 posts it form-encoded', async () => {
  renderCrm(<NoticeTab crmCode="ec" />);
  expect(await screen.findByText('张总（13900000001）')).toBeInTheDocument();
  await waitFor(() => expect(lastRequest(http, '/es/crmcreater/getByUser').query).toEqual({ crmCode: 'ec' }));
  await pick('创建人/员工', '李四');
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(formFields(lastRequest(http, '/es/crmcreater/post', 'POST'))).toEqual({ crmCode: 'ec', id: '5', userId: 'u-200', userName: '李四' });
});

test('同步 pulls the staff from ec and lists them again; a refused save shows the reason', async () => {
  http.on('POST /es/crmcreater/post', refused('人员不存在，请先同步', 404));
  renderCrm(<NoticeTab crmCode="ec" />);
  await screen.findByText('张总（13900000001）');
  fireEvent.click(button('同步'));
  expect(await screen.findByText('同步成功！')).toBeInTheDocument();
  expect(lastRequest(http, '/es/crmuser/synchro').query).toEqual({ crmCode: 'ec' });
  await waitFor(() => expect(http.requestsTo('/es/crmuser/list4Creater')).toHaveLength(2));
  fireEvent.click(button('保存'));
  expect(await screen.findByText('人员不存在，请先同步')).toBeInTheDocument();
});

test('no creator yet and no staff: 未设置, and the staff list asks to sync first; a failed load', async () => {
  http.on('GET /es/crmcreater/getByUser', codeOk(null));
  http.on('GET /es/crmuser/list4Creater', codeOk([]));
  const { unmount } = renderCrm(<NoticeTab crmCode="ec" />);
  expect(await screen.findByText('未设置')).toBeInTheDocument();
  expect(await screen.findByText('暂无员工，请先同步')).toBeInTheDocument();
  unmount();
  http.on('GET /es/crmcreater/getByUser', SERVER_ERROR);
  renderCrm(<NoticeTab crmCode="ec" />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
});
