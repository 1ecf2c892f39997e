import type { EndpointPage } from '@portal/api-client';
import { PortalTable, QueryBlock, type QueryBlockQuery } from '@portal/design-system';
import type { TableColumnsType } from 'antd';

export interface PagedRowsProps<Row> {
  /** A paged list's query (the catalogue's `answer: 'page'` endpoints). */
  query: QueryBlockQuery<EndpointPage<Row>>;
  columns: TableColumnsType<Row>;
  /** Shown instead of the table when the list is empty. */
  emptyText: string;
  /** A new page or page size was chosen (useUrlListState's changePage). */
  onPageChange: (page: number, pageSize: number) => void;
}

/**
 * A server-paged list of the mall (orders, the points log): loading, failure and empty states, then
 * the rows with the server's pagination, dimmed while another page loads.
 */
export function PagedRows<Row extends { id: number }>({ query, columns, emptyText, onPageChange }: PagedRowsProps<Row>) {
  return (
    <QueryBlock query={query} isEmpty={(data) => data.rows.length === 0} emptyText={emptyText}>
      {(data) => (
        <PortalTable<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data.rows}
          loading={query.isFetching}
          pagination={{ page: data.pagination.page, pageSize: data.pagination.pageSize, total: data.pagination.totalRow }}
          onPageChange={onPageChange}
        />
      )}
    </QueryBlock>
  );
}
