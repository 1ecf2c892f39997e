import { render, screen } from '@testing-library/react';
import { ShellErrorBoundary } from './ShellErrorBoundary';

function Crash(): never {
  throw new Error('page bug');
}

describe('shell error boundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows 页面出错了 in place of a crashing page, and clears on the next path', () => {
    const { rerender } = render(
      <div>
        <nav>菜单</nav>
        <ShellErrorBoundary resetKey="/account-info">
          <Crash />
        </ShellErrorBoundary>
      </div>,
    );
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    expect(screen.getByText('菜单')).toBeInTheDocument();

    rerender(
      <div>
        <nav>菜单</nav>
        <ShellErrorBoundary resetKey="/change-password">
          <p>修改密码页</p>
        </ShellErrorBoundary>
      </div>,
    );
    expect(screen.queryByText('页面出错了')).not.toBeInTheDocument();
    expect(screen.getByText('修改密码页')).toBeInTheDocument();
  });
});
