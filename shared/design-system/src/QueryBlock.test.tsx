import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isRetryable, QueryBlock, queryErrorText, type QueryBlockQuery } from './QueryBlock';
import { renderWithProvider } from './testing/renderWithProvider';

const query = (state: Partial<QueryBlockQuery<string[]>>): QueryBlockQuery<string[]> => ({
  isLoading: false,
  isFetching: false,
  isError: false,
  refetch: jest.fn(),
  ...state,
});

const block = (state: Partial<QueryBlockQuery<string[]>>, props: { emptyText?: string; keepPrevious?: boolean } = {}) =>
  renderWithProvider(
    <QueryBlock query={query(state)} {...props}>
      {(rows) => <p>{rows.join('、')}</p>}
    </QueryBlock>,
  );

describe('QueryBlock', () => {
  it('shows the answer', () => {
    block({ data: ['甲', '乙'] });
    expect(screen.getByText('甲、乙')).toBeInTheDocument();
  });

  it('shows a skeleton of the block, announced 加载中..., until the first answer (never a blank block)', () => {
    block({ isLoading: true, isFetching: true });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('加载中...');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status.querySelectorAll('li')).toHaveLength(4);
    expect(status).toHaveStyle({ minHeight: '160px' });
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('keeps the previous answer while new arguments load, unless told not to', () => {
    const { unmount } = block({ isFetching: true, data: ['旧'] });
    expect(screen.getByText('旧')).toBeInTheDocument();
    unmount();
    block({ isFetching: true, data: ['旧'], currentData: undefined }, { keepPrevious: false });
    expect(screen.queryByText('旧')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('加载中...');
  });

  it("shows 暂无数据 for an empty answer, or the block's own word", () => {
    const { unmount } = block({ data: [] });
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    unmount();
    block({ data: [] }, { emptyText: '该账号暂无项目' });
    expect(screen.getByText('该账号暂无项目')).toBeInTheDocument();
  });

  it("shows the error's Chinese text with 重试, which asks again", async () => {
    const failed = query({ isError: true, error: { status: 500, code: '500', message: '服务器开小差了，请稍后再试' } });
    renderWithProvider(<QueryBlock query={failed}>{() => <p>内容</p>}</QueryBlock>);
    expect(screen.getByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    expect(screen.queryByText('内容')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('offers 重试 only where asking again can help: no answer, an unreadable answer, a server failure, 408, 429; not a refused request', () => {
    const shown = (error: { message: string } & Record<string, unknown>) => {
      const { unmount } = renderWithProvider(<QueryBlock query={query({ isError: true, error, data: [] })}>{() => <p>内容</p>}</QueryBlock>);
      const state = {
        said: within(screen.getByRole('alert')).queryByText(error.message) !== null,
        retry: screen.queryByRole('button', { name: /重\s*试/ }) !== null,
        // Never the error and 暂无数据 (nor stale content) together.
        empty: screen.queryByText('暂无数据') !== null || screen.queryByText('内容') !== null,
      };
      unmount();
      return state;
    };
    expect(shown({ status: 0, code: 'NETWORK', message: '网络异常，请稍后再试' })).toEqual({ said: true, retry: true, empty: false });
    expect(shown({ status: 503, code: '503', message: '服务器开小差了，请稍后再试' })).toMatchObject({ retry: true, empty: false });
    expect(shown({ status: 429, code: '429', message: '请求过于频繁' })).toMatchObject({ retry: true });
    expect(shown({ status: 400, code: '400', message: '日期格式不正确，应为YYYY-MM-DD' })).toEqual({
      said: true,
      retry: false,
      empty: false,
    });
    expect(shown({ status: 404, code: '404', message: '项目不存在' })).toMatchObject({ retry: false, empty: false });
    expect(shown({ status: 403, code: '403', message: '无权限' })).toMatchObject({ retry: false });
    expect([
      isRetryable(undefined),
      isRetryable({ message: 'x' }),
      isRetryable({ status: 408 }),
      isRetryable({ status: 422 }),
      isRetryable({ status: 200, code: 'UNEXPECTED_ANSWER' }),
    ]).toEqual([true, true, true, false, true]);
  });

  it('says 数据获取失败 when the error carries no text, or only the generic 操作失败', () => {
    expect(queryErrorText({ status: 0 })).toBe('数据获取失败');
    expect(queryErrorText({ message: '操作失败' })).toBe('数据获取失败');
    expect(queryErrorText({ message: '  ' }, '加载失败')).toBe('加载失败');
    expect(queryErrorText(new Error('网络异常，请稍后再试'))).toBe('网络异常，请稍后再试');
  });
});
