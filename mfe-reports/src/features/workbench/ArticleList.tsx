import type { Article, PaginationInfo } from '@portal/contracts';
import { siteDetailHref } from '@portal/contracts/public/site';
import { DesignSystemText } from '@portal/design-system';
import { Flex, Pagination, Spin, Typography, theme } from 'antd';

export interface ArticleListProps {
  articles: readonly Article[];
  pagination: PaginationInfo;
  onPageChange: (page: number, pageSize: number) => void;
  /** Another page is on its way: the current one stays, dimmed. */
  loading?: boolean;
}

/** The dashboard's articles, one server page at a time, each a link to its page on the visitor site. */
export function ArticleList({ articles, pagination, onPageChange, loading = false }: ArticleListProps) {
  const { token } = theme.useToken();
  return (
    <Spin spinning={loading}>
      <ul aria-label="文章列表" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {articles.map((article) => (
          <li key={article.id} style={{ padding: '10px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <Flex justify="space-between" gap={12} align="baseline">
              <Typography.Link strong href={siteDetailHref('article', article.id)} ellipsis>
                {article.title}
              </Typography.Link>
              <Typography.Text type="secondary" style={{ flex: 'none', fontSize: token.fontSizeSM }}>
                {article.publishTime.slice(0, 10)}
              </Typography.Text>
            </Flex>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
              {article.summary}
            </Typography.Paragraph>
          </li>
        ))}
      </ul>
      {pagination.totalRow > pagination.pageSize && (
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Pagination
            size="small"
            current={pagination.page}
            pageSize={pagination.pageSize}
            total={pagination.totalRow}
            showTotal={DesignSystemText.total}
            showSizeChanger={false}
            onChange={onPageChange}
          />
        </Flex>
      )}
    </Spin>
  );
}
