import { FIRST_PAGE } from '@portal/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import { ArticleList } from './ArticleList';
import { BlockState } from './BlockState';
import { useGetArticlesQuery } from './workbenchApi';

/** A dashboard column holds fewer articles than a full list page. */
const ARTICLE_PAGE_SIZE = 5;

/** The article list block, paged by the server. */
export function ArticlePanel() {
  const [page, setPage] = useState(FIRST_PAGE);
  const articles = useGetArticlesQuery({ page, pageSize: ARTICLE_PAGE_SIZE });
  // While another page loads, the previous one stays on screen (dimmed) so that the pager does not jump.
  const shown = articles.data;
  return (
    <Card title="文章列表" size="small">
      <BlockState
        loading={articles.isLoading}
        error={articles.isError ? articles.error : undefined}
        empty={shown?.rows.length === 0}
        onRetry={() => void articles.refetch()}
      >
        {shown && (
          <ArticleList
            articles={shown.rows}
            pagination={shown.pagination}
            loading={articles.isFetching}
            onPageChange={(next) => setPage(next)}
          />
        )}
      </BlockState>
    </Card>
  );
}
