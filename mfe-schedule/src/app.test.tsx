import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { mountRemoteForTest } from '@portal/remote-kit/testing';
import { screen } from '@testing-library/react';
import * as app from './app';
import { remote } from './remote';

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  http.on('GET /es/dailyarrange/itemList', { body: { code: '200', message: '成功', data: [] } });
  http.on('GET /es/acceptgroup/listByWyCustomerId', { body: { code: '200', message: '成功', data: [] } });
});
afterEach(() => http.restore());

test('single-spa mounts the remote into the element the shell gives, and unmounts it', async () => {
  const mounted = await mountRemoteForTest(app, 'schedule', '/xbb/data-dispose');
  // The CRM of the path is the crmCode of every call.
  expect(await screen.findByText('当前没有项目，不能排班')).toBeInTheDocument();
  expect(mounted.frame.querySelector('h1')).toHaveTextContent('销帮帮排班');
  expect(http.requestsTo('/es/dailyarrange/itemList')[0].query).toEqual({ crmCode: 'xbb' });
  await mounted.unmount();
  expect(screen.queryByText('销帮帮排班')).not.toBeInTheDocument();
});

test('the declaration: the four schedule pages, each 排班 after 推送设置 in its CRM sub-group', () => {
  expect(remote.routes).toEqual(['/ec/data-dispose', '/lixiao/data-dispose', '/xbb/data-dispose', '/huoban/data-dispose']);
  expect(remote.menu).toEqual([
    { group: 'crm-ec', label: '排班', path: '/ec/data-dispose', order: 20 },
    { group: 'crm-lixiao', label: '排班', path: '/lixiao/data-dispose', order: 20 },
    { group: 'crm-xbb', label: '排班', path: '/xbb/data-dispose', order: 20 },
    { group: 'crm-huoban', label: '排班', path: '/huoban/data-dispose', order: 20 },
  ]);
});
