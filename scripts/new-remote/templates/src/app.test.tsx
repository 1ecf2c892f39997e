import { screen, within } from '@testing-library/react';
import * as app from './app';
import { remote } from './remote';
import { codeOk, install__Name__Http, mountRemoteForTest, USER, type FakeHttp } from './test/render__Name__';

let http: FakeHttp;
beforeEach(() => {
  http = install__Name__Http();
  http.on('GET /customer/user-info', codeOk(USER));
});
afterEach(() => http.restore());

test('single-spa mounts the remote into the element the shell gives, and unmounts it', async () => {
  const mounted = await mountRemoteForTest(app, '__name__', '/__name__');
  expect(await within(mounted.frame).findByRole('heading', { level: 1 })).toHaveTextContent('__label__');
  expect(await within(mounted.frame).findByText('当前账号：demo')).toBeInTheDocument();
  await mounted.unmount();
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
});

test('the declaration: its one page, no side-menu entry yet', () => {
  expect(remote).toEqual({ name: '__name__', label: '__label__', routes: ['/__name__'], menu: [] });
});
