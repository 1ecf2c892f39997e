import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { mountRemoteForTest } from '@portal/remote-kit/testing';
import { screen, within } from '@testing-library/react';
import * as app from './app';

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: [] });
  for (const path of ['banners', 'industries', 'articles']) http.on(`GET /customer/workbench/${path}`, { body: [] });
});
afterEach(() => http.restore());

test('single-spa mounts the remote into the element the shell gives, and unmounts it', async () => {
  const remote = await mountRemoteForTest(app, 'reports', '/work-bench');
  expect(await within(remote.frame).findByText('数据概览')).toBeInTheDocument();
  expect(await within(remote.frame).findByText('该账号暂无项目')).toBeInTheDocument();

  await remote.unmount();
  expect(screen.queryByText('数据概览')).not.toBeInTheDocument();
});
