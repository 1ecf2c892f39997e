import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { DIALOG_LINK_STATE } from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { defineRemote } from './defineRemote';
import { usePageServed } from './pageRoutes';
import { mountRemoteForTest } from './testing';

// A remote as small as they come: one api slice, one page reading it, one page that fails.
let answers = 0;
const kitApi = createApi({
  reducerPath: 'kitApi',
  baseQuery: fakeBaseQuery(),
  endpoints: (build) => ({ greeting: build.query<string, void>({ queryFn: () => ({ data: `第${++answers}次回答` }) }) }),
});
function GreetingPage() {
  const { data } = kitApi.useGreetingQuery();
  return <p>{data ?? '加载中'}</p>;
}
/** Links to portal pages only while the page serves them (the help centre is nobody's yet). */
function LinksPage() {
  const served = usePageServed();
  const links = [
    ['/greeting', '问候'],
    ['/common-problem', '帮助中心'],
    ['/orders/7', '订单'],
  ].filter(([path]) => served(path));
  return (
    <nav aria-label="链接">
      {links.map(([path, label]) => (
        <a key={path} href={path}>
          {label}
        </a>
      ))}
    </nav>
  );
}
function BrokenPage(): never {
  throw new Error('page failed');
}
const KitRoutes = () => (
  <Routes>
    <Route path="/greeting" element={<GreetingPage />} />
    <Route path="/broken" element={<BrokenPage />} />
    <Route path="/links" element={<LinksPage />} />
    <Route
      path="/opener"
      element={
        <Link to={{ search: '?dialog=greet' }} state={DIALOG_LINK_STATE}>
          打开问候
        </Link>
      }
    />
    <Route path="*" element={null} />
  </Routes>
);
const remote = defineRemote({
  name: 'kit',
  routes: KitRoutes,
  apis: [kitApi],
  texts: { pageFailed: '报表模块出现异常，请重试', rootFailed: '模块加载失败' },
  standaloneHome: '/greeting',
  dialogs: {
    greet: ({ onClose }) => (
      <div role="dialog" aria-label="问候">
        <GreetingPage />
        <button type="button" onClick={onClose}>
          关闭
        </button>
      </div>
    ),
  },
});

beforeEach(() => {
  answers = 0;
});

test("the lifecycles mount the remote's pages with its store, a fresh one per mount", async () => {
  const first = await mountRemoteForTest(remote, 'kit', '/greeting');
  expect(await within(first.frame).findByText('第1次回答')).toBeInTheDocument();
  await first.unmount();
  expect(screen.queryByText('第1次回答')).not.toBeInTheDocument();

  // A new mount (a new login) asks again instead of showing the previous cache.
  const second = await mountRemoteForTest(remote, 'kit', '/greeting');
  expect(await within(second.frame).findByText('第2次回答')).toBeInTheDocument();
  await second.unmount();
});

test('a page links only to the paths the shell says the page serves; alone, to every path', async () => {
  const linkTexts = (frame: HTMLElement) =>
    within(frame)
      .queryAllByRole('link')
      .map((link) => link.textContent);
  const framed = await mountRemoteForTest(remote, 'kit', '/links', { pageRoutes: ['/greeting', '/links', '/orders/:id'] });
  expect(linkTexts(framed.frame)).toEqual(['问候', '订单']);
  await framed.unmount();

  const alone = await mountRemoteForTest(remote, 'kit', '/links');
  expect(linkTexts(alone.frame)).toEqual(['问候', '帮助中心', '订单']);
  await alone.unmount();
});

test("a failing page shows the remote's page-failure text inside the frame", async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const mounted = await mountRemoteForTest(remote, 'kit', '/broken');
  expect(await within(mounted.frame).findByText('报表模块出现异常，请重试')).toBeInTheDocument();
  await mounted.unmount();
  errors.mockRestore();
});

test('alone, the standalone harness opens the home page in #root', async () => {
  window.history.pushState(null, '', '/');
  const container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  await act(async () => remote.renderStandalone());
  expect(window.location.pathname).toBe('/greeting');
  expect(await within(container).findByText('第1次回答')).toBeInTheDocument();
  container.remove();
});

test("a dialog the address names opens over another app's page, and closing takes it off the address", async () => {
  // Opened by a shared address on a page that is not the remote's: closing replaces the address.
  const shared = await mountRemoteForTest(remote, 'kit', '/work-bench?item=3&dialog=greet');
  const dialog = await screen.findByRole('dialog', { name: '问候' });
  expect(await within(dialog).findByText('第1次回答')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(`${window.location.pathname}${window.location.search}`).toBe('/work-bench?item=3');
  await shared.unmount();

  // A name that is not one of its dialogs draws nothing.
  const other = await mountRemoteForTest(remote, 'kit', '/work-bench?dialog=orders');
  expect(other.frame.textContent).toBe('');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await other.unmount();
});

test('a dialog opened by a link of the portal closes as back does, to the page it was opened on', async () => {
  const mounted = await mountRemoteForTest(remote, 'kit', '/opener');
  // The router's index of the history entry: back returns to this one (a replace would not).
  const entry = (): unknown => (window.history.state as { idx?: number } | null)?.idx;
  const opener = entry();
  await userEvent.click(within(mounted.frame).getByRole('link', { name: '打开问候' }));
  const dialog = await screen.findByRole('dialog', { name: '问候' });
  expect(window.location.search).toBe('?dialog=greet');
  await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(`${window.location.pathname}${window.location.search}`).toBe('/opener');
  expect(entry()).toBe(opener);
  await mounted.unmount();
});
