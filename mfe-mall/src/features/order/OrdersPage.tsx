import { ORDER_STATUS_LABELS, ORDER_STATUSES, type Order, type OrderStatus } from '@portal/contracts/mall';
import { PageFrame, useUrlListState } from '@portal/design-system';
import { Segmented, Space, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { orderDetailHref } from '../../routes';
import { useOrdersQuery } from './orderApi';
import { ALL_STATUSES, defaultOrderFilters, orderFiltersFromQuery, orderFiltersToQuery, type OrderFilters } from './orderFilters';
import { OrderText } from './texts';
import { PagedRows } from '../../PagedRows';

const listOptions = { defaults: defaultOrderFilters, parse: orderFiltersFromQuery, serialize: orderFiltersToQuery };

const STATUS_COLORS: Record<OrderStatus, string> = { [-1]: 'default', 1: 'orange', 2: 'blue', 3: 'green' };
const yuan = (fen: number): string => (fen / 100).toFixed(2);
const marketPrice = (order: Order): string =>
  order.goodMinMarketPrice === order.goodMaxMarketPrice
    ? `¥${yuan(order.goodMinMarketPrice)}`
    : `¥${yuan(order.goodMinMarketPrice)}-${yuan(order.goodMaxMarketPrice)}`;

/** The order's status as a tag. */
export function OrderStatusTag({ status }: { status: number }) {
  const known = ORDER_STATUS_LABELS[status as OrderStatus];
  return known ? <Tag color={STATUS_COLORS[status as OrderStatus]}>{known}</Tag> : <Tag>{status}</Tag>;
}

const columns: TableColumnsType<Order> = [
  { key: 'orderCode', title: OrderText.OrderCode, render: (_, order) => <Link to={orderDetailHref(order.id)}>{order.orderCode}</Link> },
  { key: 'goodTitle', dataIndex: 'goodTitle', title: OrderText.Good },
  { key: 'market', title: OrderText.MarketPrice, render: (_, order) => marketPrice(order) },
  { key: 'price', dataIndex: 'goodExchangeScore', title: OrderText.ExchangePoints, align: 'right' },
  { key: 'amount', dataIndex: 'amount', title: OrderText.Amount, align: 'right' },
  { key: 'consume', dataIndex: 'consumeScore', title: OrderText.ConsumePoints, align: 'right' },
  { key: 'status', dataIndex: 'status', title: OrderText.Status, render: (status: number) => <OrderStatusTag status={status} /> },
  { key: 'publishTime', dataIndex: 'publishTime', title: OrderText.OrderTime },
  { key: 'actions', title: OrderText.Actions, render: (_, order) => <Link to={orderDetailHref(order.id)}>{OrderText.Detail}</Link> },
];

const STATUS_OPTIONS: { value: OrderFilters['status']; label: string }[] = [
  { value: ALL_STATUSES, label: OrderText.AllStatuses },
  ...ORDER_STATUSES.filter((status) => status !== -1).map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
  { value: -1, label: ORDER_STATUS_LABELS[-1] },
];

/** /my-order, the shop orders (spec 000 section 2): by status, paged in the URL, each linking its detail. */
export default function OrdersPage() {
  const { filters, paging, search, changePage } = useUrlListState<OrderFilters>(listOptions);
  const status = filters.status === ALL_STATUSES ? {} : { status: filters.status };
  const orders = useOrdersQuery({ ...paging, ...status });
  return (
    <PageFrame title={OrderText.OrdersTitle}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented<OrderFilters['status']>
          aria-label={OrderText.StatusFilter}
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => search({ status: value })}
        />
        <PagedRows query={orders} columns={columns} emptyText={OrderText.NoOrders} onPageChange={changePage} />
      </Space>
    </PageFrame>
  );
}
