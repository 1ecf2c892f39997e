import { screen, within } from '@testing-library/react';
import { remoteLifecycles } from './remoteLifecycles';
import { mountRemoteForTest } from './testing';

test('mounts the root into the frame the shell gives and unmounts it', async () => {
  const remote = await mountRemoteForTest(
    remoteLifecycles(() => <p>报表首页</p>, '报表模块加载失败'),
    'reports',
    '/work-bench',
  );
  expect(within(remote.frame).getByText('报表首页')).toBeInTheDocument();
  expect(window.location.pathname).toBe('/work-bench');
  await remote.unmount();
  expect(screen.queryByText('报表首页')).not.toBeInTheDocument();
});

test("a root that fails shows the remote's failure text instead of a blank frame", async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const Broken = () => {
    throw new Error('provider failed');
  };
  const remote = await mountRemoteForTest(remoteLifecycles(Broken, '线索模块加载失败，请刷新页面重试'), 'leads', '/feedback');
  expect(await within(remote.frame).findByRole('alert')).toHaveTextContent('线索模块加载失败，请刷新页面重试');
  await remote.unmount();
  errors.mockRestore();
});
