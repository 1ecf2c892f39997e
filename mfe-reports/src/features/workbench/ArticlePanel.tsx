import { FIRST_PAGE } from '@portal/contracts';
import { QueryBlock } from '@portal/design-system';
import { Card } from 'antd';
import { useState } from 'react';
import { ArticleList } from './ArticleList';
import { useGetArticlesQuery } from './workbenchApi';

/** A dashboard column holds fewer articles than a full list page. */
const ARTICLE_PAGE_SIZE = 5;

/** The article list block, paged by the server. */
export function ArticlePanel() {
  const [page, setPage] = useState(FIRST_PAGE);
  const articles = useGetArticlesQuery({ page, pageSize: ARTICLE_PAGE_SIZE });
  return (
    <Card title="文章列表" size="small">
      {/* While another page loads, the previous one stays on screen (dimmed) so that the pager does not jump. */}
      <QueryBlock query={articles} isEmpty={(shown) => shown.rows.length === 0}>
        {(shown) => (
          <ArticleList articles={shown.rows} pagination={shown.pagination} loading={articles.isFetching} onPageChange={(next) => setPage(next)} />
        )}
      </QueryBlock>
    </Card>
  );
}
