import { fireEvent, render, screen } from '@testing-library/react';
import { AppErrorBoundary } from './AppErrorBoundary';

let failing = true;
function Flaky() {
  if (failing) throw new Error('render failed');
  return <p>页面内容</p>;
}

test("a page that throws shows 页面出错了 with the app's text and 重试 in place, and 重试 renders it again", () => {
  const report = jest.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <div>
      <nav>菜单</nav>
      <AppErrorBoundary appName="reports" subTitle="报表模块出现异常，请重试">
        <Flaky />
      </AppErrorBoundary>
    </div>,
  );
  expect(screen.getByText('页面出错了')).toBeInTheDocument();
  expect(screen.getByText('报表模块出现异常，请重试')).toBeInTheDocument();
  expect(screen.getByText('菜单')).toBeInTheDocument();
  expect(report.mock.calls.some((call) => call[0] === '[reports] page failed to render')).toBe(true);

  failing = false;
  fireEvent.click(screen.getByRole('button', { name: /^重\s*试$/ }));
  expect(screen.getByText('页面内容')).toBeInTheDocument();
  report.mockRestore();
});
