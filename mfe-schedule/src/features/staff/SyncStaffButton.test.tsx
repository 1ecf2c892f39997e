import type { FakeHttp, FakeReply } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { button, codeOk, installScheduleHttp, lastRequest, refused, renderSchedule } from '../../test/renderSchedule';
import { SyncStaffButton } from './SyncStaffButton';

const SYNC = '/es/crmuser/synchro';

let http: FakeHttp;
beforeEach(() => {
  http = installScheduleHttp();
});
afterEach(() => http.restore());

test("同步CRM员工 pulls the page's CRM's staff, busy meanwhile: 同步成功！", async () => {
  let answer: (reply: FakeReply) => void = () => undefined;
  http.on(`GET ${SYNC}`, () => new Promise<FakeReply>((resolve) => (answer = resolve)));
  renderSchedule(<SyncStaffButton target={{ crmCode: 'lixiao', itemId: null, date: '2026-03-05', hasProjects: false }} />, '/lixiao/data-dispose');
  fireEvent.click(button('同步CRM员工'));
  await waitFor(() => expect(button('同步CRM员工')).toHaveClass('ant-btn-loading'));
  answer(codeOk([]));
  expect(await screen.findByText('同步成功！')).toBeInTheDocument();
  expect(lastRequest(http, SYNC, 'GET').query).toEqual({ crmCode: 'lixiao' });
  await waitFor(() => expect(button('同步CRM员工')).not.toHaveClass('ant-btn-loading'));
});

test("a refused sync shows the server's reason, else 操作失败", async () => {
  http.on(`GET ${SYNC}`, refused('请先完成CRM推送设置'));
  renderSchedule(<SyncStaffButton target={{ crmCode: 'ec', itemId: 11, date: '2026-03-05', hasProjects: true }} />);
  fireEvent.click(button('同步CRM员工'));
  expect(await screen.findByText('请先完成CRM推送设置')).toBeInTheDocument();

  http.on(`GET ${SYNC}`, { status: 400, body: { code: '400', message: '' } });
  fireEvent.click(button('同步CRM员工'));
  expect(await screen.findByText('操作失败')).toBeInTheDocument();
  expect(screen.queryByText('同步成功！')).toBeNull();
});
