import { installFakeHttp, type FakeHttp } from '@portal/api-client';
import { screen, within } from '@testing-library/react';
import { bootstrap, mount, unmount } from './app';

jest.mock('@ant-design/plots', () => ({ Line: () => null }));

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: [] });
  for (const path of ['banners', 'industries', 'articles']) http.on(`GET /customer/workbench/${path}`, { body: [] });
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
  window.history.pushState(null, '', '/work-bench');
  const frame = document.createElement('main');
  document.body.append(frame);
  // What single-spa passes: its own props plus the shell's customProps.
  const props = { name: 'reports', singleSpa: {}, mountParcel: jest.fn(), domElementGetter: () => frame };

  await bootstrap(props as never);
  await mount(props as never);
  expect(await within(frame).findByText('数据概览')).toBeInTheDocument();
  expect(await within(frame).findByText('该账号暂无项目')).toBeInTheDocument();

  await unmount(props as never);
  expect(screen.queryByText('数据概览')).not.toBeInTheDocument();
  frame.remove();
});
