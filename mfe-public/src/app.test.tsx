import { fireEvent, screen, within } from '@testing-library/react';
import * as app from './app';
import { remote } from './remote';
import { installPublicHttp, mountRemoteForTest, type FakeHttp } from './test/renderPublic';

let http: FakeHttp;
beforeEach(() => {
  http = installPublicHttp();
});
afterEach(() => http.restore());

test('single-spa mounts the remote into the element the shell gives, and unmounts it', async () => {
  const mounted = await mountRemoteForTest(app, 'site', '/strategy-survey');
  expect(await within(mounted.frame).findByRole('heading', { level: 1 })).toHaveTextContent('免费获取招商方案');
  expect(within(mounted.frame).getByRole('textbox', { name: '品牌名称' })).toBeInTheDocument();
  await mounted.unmount();
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
});

test('the declaration: the framed strategy-survey page and help centre (the visitor site is rendered by the server), the plan dialog, no side-menu entry', () => {
  expect(remote).toEqual({ name: 'site', label: '官网', routes: ['/strategy-survey', '/common-problem'], menu: [], dialogs: ['free-plan'] });
});

test("the help centre's article address opens the article (its own chunk) under the page's one h1", async () => {
  http.on('GET /customer/help/articles/4', {
    status: 200,
    body: {
      id: 4,
      section: 'recharge',
      title: '如何充值',
      summary: '联系客服',
      updateTime: '2026-11-28 10:00:00',
      html: '<p>请联系在线客服充值</p>',
    },
  });
  const mounted = await mountRemoteForTest(app, 'site', '/common-problem/4');
  expect(await within(mounted.frame).findByRole('heading', { level: 2, name: '如何充值' })).toBeInTheDocument();
  expect(
    within(mounted.frame)
      .getAllByRole('heading', { level: 1 })
      .map((heading) => heading.textContent),
  ).toEqual(['帮助中心']);
  expect(within(mounted.frame).getByText('请联系在线客服充值')).toBeInTheDocument();
  await mounted.unmount();
});

test("the plan dialog opens over another app's page when the address names it, and closing takes it off the address", async () => {
  const mounted = await mountRemoteForTest(app, 'site', '/feedback?page=2&dialog=free-plan');
  const dialog = await screen.findByRole('dialog', { name: '免费获取招商方案' });
  expect(within(dialog).getByRole('textbox', { name: '品牌名称' })).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
  expect(screen.queryByRole('dialog', { name: '免费获取招商方案' })).not.toBeInTheDocument();
  expect(`${window.location.pathname}${window.location.search}`).toBe('/feedback?page=2');
  await mounted.unmount();
});

test('the framed page opens the customer survey (客户问卷) in a dialog', async () => {
  const mounted = await mountRemoteForTest(app, 'site', '/strategy-survey');
  fireEvent.click(await within(mounted.frame).findByRole('button', { name: '客户问卷' }));
  const dialog = await screen.findByRole('dialog', { name: '客户问卷' });
  expect(within(dialog).getByRole('textbox', { name: '联系人' })).toBeInTheDocument();
  await mounted.unmount();
});
