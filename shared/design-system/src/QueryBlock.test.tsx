import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryBlock, queryErrorText, type QueryBlockQuery } from './QueryBlock';
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

  it('shows 加载中... until the first answer', () => {
    block({ isLoading: true, isFetching: true });
    expect(screen.getByRole('status')).toHaveTextContent('加载中...');
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

  it('says 数据获取失败 when the error carries no text, or only the generic 操作失败', () => {
    expect(queryErrorText({ status: 0 })).toBe('数据获取失败');
    expect(queryErrorText({ message: '操作失败' })).toBe('数据获取失败');
    expect(queryErrorText({ message: '  ' }, '加载失败')).toBe('加载失败');
    expect(queryErrorText(new Error('网络异常，请稍后再试'))).toBe('网络异常，请稍后再试');
  });
});
