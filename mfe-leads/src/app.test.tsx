import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { mountRemoteForTest } from '@portal/remote-kit/testing';
import { screen, within } from '@testing-library/react';
import * as app from './app';
import { leadRow, paginationHeader } from './test/leadRows';

// The page is a lazy chunk: load it here, so that the test waits only for its rendering.
beforeAll(() => import('./features/form-list/FormListPage'), 60_000);

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: [] });
  http.on('GET /customer/feedback/feedbacks/form-list', {
    body: [leadRow({ name: '表单访客', tableName: 'form', listKind: 'infoList' })],
    headers: paginationHeader(1),
  });
});
afterEach(() => http.restore());

test('single-spa mounts the remote into the element the shell gives, and unmounts it', async () => {
  const remote = await mountRemoteForTest(app, 'leads', '/form-list');
  expect(await within(remote.frame).findByText('表单资源')).toBeInTheDocument();
  expect(await within(remote.frame).findByText('表单访客')).toBeInTheDocument();
  // The platform-1 form list is the information-feed list asked for platform 1.
  expect(http.requestsTo('/customer/feedback/feedbacks/form-list')[0].query.platformId).toBe('1');

  await remote.unmount();
  expect(screen.queryByText('表单资源')).not.toBeInTheDocument();
});
