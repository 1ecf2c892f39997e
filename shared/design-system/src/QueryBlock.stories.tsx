import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { QueryBlock, type QueryBlockQuery } from './QueryBlock';

interface Article {
  id: number;
  title: string;
}

const articles: Article[] = [
  { id: 1, title: '加盟项目如何提升留资率' },
  { id: 2, title: '信息流投放的五个误区' },
];

/** A query as an RTK Query hook gives it, in one state. */
const query = (state: Partial<QueryBlockQuery<Article[]>>): QueryBlockQuery<Article[]> => ({
  isLoading: false,
  isFetching: false,
  isError: false,
  refetch: fn(),
  ...state,
});

const meta = {
  title: 'design-system/QueryBlock',
  component: QueryBlock<Article[]>,
  args: {
    query: query({ data: articles, currentData: articles }),
    children: (rows: Article[]) => (
      <ul>
        {rows.map((row) => (
          <li key={row.id}>{row.title}</li>
        ))}
      </ul>
    ),
  },
} satisfies Meta<typeof QueryBlock<Article[]>>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Answered: Story = {};
export const Loading: Story = { args: { query: query({ isLoading: true, isFetching: true }) } };
export const Empty: Story = { args: { query: query({ data: [], currentData: [] }) } };
/** The block's own word for nothing to show. */
export const EmptyWithText: Story = { args: { query: query({ data: [], currentData: [] }), emptyText: '该账号暂无项目' } };
/** The server's Chinese message, with 重试. */
export const Failed: Story = {
  args: { query: query({ isError: true, error: { status: 500, code: '500', message: '服务器开小差了，请稍后再试' } }) },
};
/** An error without a message: '数据获取失败'. */
export const FailedWithoutMessage: Story = { args: { query: query({ isError: true, error: { status: 0 } }) } };
