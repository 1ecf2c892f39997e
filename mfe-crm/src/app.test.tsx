import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { mountRemoteForTest } from '@portal/remote-kit/testing';
import { screen, within } from '@testing-library/react';
import * as app from './app';
import { remote } from './remote';

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  http.on('GET /es/crmaccountsetting/getByUser', { body: { code: '200', message: '成功', data: null } });
});
afterEach(() => http.restore());

test('single-spa mounts the remote into the element the shell gives, and unmounts it', async () => {
  const mounted = await mountRemoteForTest(app, 'crm', '/hby-setting');
  expect(await within(mounted.frame).findByText('伙伴云推送设置')).toBeInTheDocument();
  expect(await within(mounted.frame).findByText('应用ID')).toBeInTheDocument();

  await mounted.unmount();
  expect(screen.queryByText('伙伴云推送设置')).not.toBeInTheDocument();
});

test('the declaration: the four settings pages, each 推送设置 first in its CRM sub-group', () => {
  expect(remote.routes).toEqual(['/ec-setting', '/lxcrm-setting', '/xbbcrm-setting', '/hby-setting']);
  expect(remote.menu).toEqual([
    { group: 'crm-ec', label: '推送设置', path: '/ec-setting', order: 10 },
    { group: 'crm-lixiao', label: '推送设置', path: '/lxcrm-setting', order: 10 },
    { group: 'crm-xbb', label: '推送设置', path: '/xbbcrm-setting', order: 10 },
    { group: 'crm-huoban', label: '推送设置', path: '/hby-setting', order: 10 },
  ]);
});
