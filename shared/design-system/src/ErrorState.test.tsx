import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { LoadingState } from './LoadingState';
import { PageFrame } from './PageFrame';
import { renderWithProvider } from './testing/renderWithProvider';

describe('ErrorState', () => {
  it('shows the message and retries on 重试', async () => {
    const onRetry = jest.fn();
    renderWithProvider(<ErrorState message="数据获取失败" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('数据获取失败');
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button without onRetry', () => {
    renderWithProvider(<ErrorState message="数据获取失败" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('LoadingState and EmptyState', () => {
  it('shows a skeleton announced 加载中..., of the height asked', () => {
    renderWithProvider(<LoadingState minHeight={400} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('加载中...');
    // A line of skeleton for every 40 px of the block.
    expect(status.querySelectorAll('li')).toHaveLength(10);
    expect(status).toHaveStyle({ minHeight: '400px' });
  });

  it('shows 暂无数据 unless told otherwise', () => {
    const { rerender } = renderWithProvider(<EmptyState />);
    const description = () => document.querySelector('.ant-empty-description');
    expect(description()).toHaveTextContent('暂无数据');
    rerender(<EmptyState description="暂无订单" />);
    expect(description()).toHaveTextContent('暂无订单');
  });
});

describe('PageFrame', () => {
  it('shows the title, the extra actions and the content', () => {
    renderWithProvider(
      <PageFrame title="余额中心" extra={<button type="button">导出</button>}>
        <p>内容</p>
      </PageFrame>,
    );
    expect(screen.getByText('余额中心')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
    expect(screen.getByText('内容')).toBeInTheDocument();
  });
});
