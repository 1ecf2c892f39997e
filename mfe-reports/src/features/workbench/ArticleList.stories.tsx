import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { useState } from 'react';
import { ArticleList, type ArticleListProps } from './ArticleList';
import { storyArticles } from './storyData';

const TOTAL = 23;
const PAGE_SIZE = 5;

/** Pages through generated articles as the server would. */
function Paged(props: ArticleListProps) {
  const [page, setPage] = useState(props.pagination.page);
  const articles = storyArticles.map((article, index) => ({
    ...article,
    id: (page - 1) * PAGE_SIZE + index + 1,
    title: page === 1 ? article.title : `${article.title}（第${page}页）`,
  }));
  return (
    <ArticleList
      {...props}
      articles={articles.slice(0, Math.min(PAGE_SIZE, TOTAL - (page - 1) * PAGE_SIZE))}
      pagination={{ ...props.pagination, page }}
      onPageChange={setPage}
    />
  );
}

const meta = {
  title: 'mfe-reports/workbench/ArticleList',
  component: ArticleList,
  args: {
    articles: storyArticles,
    pagination: { page: 1, pageSize: PAGE_SIZE, totalRow: TOTAL, totalPage: Math.ceil(TOTAL / PAGE_SIZE) },
    onPageChange: fn(),
  },
  render: (args) => <Paged {...args} />,
} satisfies Meta<typeof ArticleList>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Paging: Story = {};
/** One page only: no pager. */
export const FewArticles: Story = {
  args: { pagination: { page: 1, pageSize: PAGE_SIZE, totalRow: 3, totalPage: 1 } },
  render: (args) => <ArticleList {...args} articles={storyArticles.slice(0, 3)} />,
};
export const LoadingNextPage: Story = { args: { loading: true } };
// The block's loading, failed and empty states are QueryBlock's: see design-system/QueryBlock.
