import { installFakeHttp, type FakeHttp } from '@portal/api-client';
import { screen, within } from '@testing-library/react';
import { bootstrap, mount, unmount } from './app';
import { leadRow, paginationHeader } from './test/leadRows';

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: [] });
  http.on('GET /customer/feedback/feedbacks/form-list', { body: [leadRow({ name: '表单访客', tableName: 'form', listKind: 'infoList' })], headers: paginationHeader(1) });
});
afterEach(() => http.restore());

// single-spa drives React here as in the browser, not through act(): mount resolves only after
// React has committed, which act() would hold back. Tell React this is not an act() environment.
const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actEnvironment: boolean | undefined;
beforeAll(() => {
  actEnvironment = act.IS_REACT_ACT_ENVIRONMENT;
  act.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  act.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

test('single-spa mounts the remote into the element the shell gives, and unmounts it', async () => {
  window.history.pushState(null, '', '/form-list');
  const frame = document.createElement('main');
  document.body.append(frame);
  // What single-spa passes: its own props plus the shell's customProps.
  const props = { name: 'leads', singleSpa: {}, mountParcel: jest.fn(), domElementGetter: () => frame };

  await bootstrap(props as never);
  await mount(props as never);
  expect(await within(frame).findByText('表单资源')).toBeInTheDocument();
  expect(await within(frame).findByText('表单访客')).toBeInTheDocument();
  // The platform-1 form list is the information-feed list asked for platform 1.
  expect(http.requestsTo('/customer/feedback/feedbacks/form-list')[0].query.platformId).toBe('1');

  await unmount(props as never);
  expect(screen.queryByText('表单资源')).not.toBeInTheDocument();
  frame.remove();
});
