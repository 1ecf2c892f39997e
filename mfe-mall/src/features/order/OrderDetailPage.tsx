import { EmptyState, PageFrame, QueryBlock } from '@portal/design-system';
import { Card, Descriptions, Space, Timeline, Typography } from 'antd';
import type { OrderDetail } from '@portal/contracts/mall';
import { Link, useParams } from 'react-router-dom';
import { goodHref, MallPath, queryId } from '../../routes';
import { useOrderQuery } from './orderApi';
import { OrderStatusTag } from './OrdersPage';
import { OrderText } from './texts';

/** The order, its receiver and its logistics: the courier's events newest first (as the server lists them), or 暂无物流信息 before shipping. */
function OrderView({ order }: { order: OrderDetail }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={OrderText.OrderCode}>{order.orderCode}</Descriptions.Item>
        <Descriptions.Item label={OrderText.Status}>
          <OrderStatusTag status={order.status} />
        </Descriptions.Item>
        <Descriptions.Item label={OrderText.Good}>
          <Link to={goodHref(order.goodId)}>{order.goodTitle}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={OrderText.OrderTime}>{order.publishTime}</Descriptions.Item>
        <Descriptions.Item label={OrderText.ExchangePoints}>{order.goodExchangeScore}</Descriptions.Item>
        <Descriptions.Item label={OrderText.Amount}>{order.amount}</Descriptions.Item>
        <Descriptions.Item label={OrderText.ConsumePoints}>{order.consumeScore}</Descriptions.Item>
        <Descriptions.Item label={OrderText.Receiver}>{order.receiver.name}</Descriptions.Item>
        <Descriptions.Item label={OrderText.ReceiverMobile}>{order.receiver.mobile}</Descriptions.Item>
        <Descriptions.Item label={OrderText.ReceiverAddress}>
          {order.receiver.region} {order.receiver.address}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{OrderText.Logistics}</h2>}>
        {order.express ? (
          <>
            <Typography.Paragraph>
              {OrderText.Courier2}：{order.express.companyCode} {OrderText.TrackingCode}：{order.express.code}
            </Typography.Paragraph>
            {order.express.list.length > 0 ? (
              <Timeline items={order.express.list.map((track) => ({ children: `${track.time} ${track.context}` }))} />
            ) : null}
          </>
        ) : (
          <EmptyState description={OrderText.NoLogistics} />
        )}
      </Card>
    </Space>
  );
}

/** /{id}/order-details, one order of the customer (spec 000 section 2). */
export default function OrderDetailPage() {
  const id = queryId(useParams().id ?? null);
  const order = useOrderQuery(id ?? 0, { skip: id === null });
  const back = <Link to={MallPath.Orders}>{OrderText.BackToOrders}</Link>;
  return (
    <PageFrame title={OrderText.DetailTitle} extra={back}>
      {id === null ? (
        <EmptyState description={OrderText.OrderNotFound} />
      ) : (
        <QueryBlock query={order}>{(shown) => <OrderView order={shown} />}</QueryBlock>
      )}
    </PageFrame>
  );
}
