import { exchangeRefusal, MallMessage, type GoodCase, type GoodDetail } from '@portal/contracts/mall';
import { EmptyState, PageFrame, QueryBlock } from '@portal/design-system';
import { Button, Card, Col, Descriptions, Form, Image, InputNumber, Row, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmOrderHref, MallPath, queryId } from '../../routes';
import { usePointsQuery } from '../points/pointsApi';
import { useGoodQuery } from './goodsApi';
import { InsufficientPointsDialog } from './InsufficientPointsDialog';
import { ShareDialog } from './ShareDialog';
import { GoodsText } from './texts';

const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** A success case of the good: its picture, title, company, impressions and clicks, and its text. */
function CaseCard({ item }: { item: GoodCase }) {
  const picture = item.thumbnail || item.picture;
  return (
    <Card size="small">
      <article aria-label={item.title}>
        <Row gutter={[16, 8]}>
          {picture ? (
            <Col xs={24} sm={8}>
              <Image src={picture} alt={item.title} width="100%" preview={item.picture ? { src: item.picture } : false} />
            </Col>
          ) : null}
          <Col xs={24} sm={picture ? 16 : 24}>
            <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
              {item.title}
            </Typography.Title>
            <Typography.Text type="secondary">{item.company}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{GoodsText.caseStats(item.impression, item.click)}</Typography.Text>
            {item.content ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{item.content}</Typography.Paragraph> : null}
          </Col>
        </Row>
      </article>
    </Card>
  );
}

/** A good's pictures, facts, quantity (1 to its stock), 立即兑换 and 分享, and the tabs of its details and (when it has any) success cases. */
function GoodView({ good, balance }: { good: GoodDetail; balance: number }) {
  const navigate = useNavigate();
  const [amount, setAmount] = useState<number | null>(good.stock > 0 ? 1 : null);
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [short, setShort] = useState<number | null>(null);
  const change = (value: number | null) => {
    setAmount(value);
    const refusal = exchangeRefusal(value, good.stock, good.exchangeScore, Number.MAX_SAFE_INTEGER);
    setError(refusal);
  };
  const exchange = () => {
    const refusal = exchangeRefusal(amount, good.stock, good.exchangeScore, balance);
    if (refusal === MallMessage.PointsInsufficient) setShort(good.exchangeScore * (amount ?? 0));
    else if (refusal) setError(refusal);
    else navigate(confirmOrderHref(good.id, amount!));
  };
  const [first, ...others] = good.productPics;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={10}>
          {first ? (
            <Image.PreviewGroup items={good.productPics}>
              <Image src={first} alt={good.title} width="100%" />
              {others.length > 0 ? (
                <Space wrap style={{ marginTop: 8 }}>
                  {others.map((src, index) => (
                    <Image key={src} src={src} alt={`${good.title} ${index + 2}`} width={64} />
                  ))}
                </Space>
              ) : null}
            </Image.PreviewGroup>
          ) : (
            <EmptyState description={GoodsText.NoPicture} />
          )}
        </Col>
        <Col xs={24} md={14}>
          <Typography.Title level={2} style={{ fontSize: 20 }}>
            {good.title}
          </Typography.Title>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={GoodsText.ExchangePoints}>{GoodsText.points(good.exchangeScore)}</Descriptions.Item>
            <Descriptions.Item label={GoodsText.MarketPrice}>
              {good.minMarketPrice === good.maxMarketPrice
                ? `¥${yuan(good.minMarketPrice)}`
                : `¥${yuan(good.minMarketPrice)}-${yuan(good.maxMarketPrice)}`}
            </Descriptions.Item>
            <Descriptions.Item label={GoodsText.Stock}>{good.stock}</Descriptions.Item>
          </Descriptions>
          <Form layout="vertical" onFinish={exchange}>
            <Form.Item label={GoodsText.Quantity} htmlFor="exchange-amount" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
              <InputNumber id="exchange-amount" min={1} precision={0} value={amount} onChange={change} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" disabled={good.stock === 0}>
                {GoodsText.Exchange}
              </Button>
              <Button onClick={() => setSharing(true)}>{GoodsText.Share}</Button>
            </Space>
          </Form>
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'details',
            label: GoodsText.Details,
            children: good.details ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{good.details}</Typography.Paragraph>
            ) : (
              <EmptyState description={GoodsText.NoDetails} />
            ),
          },
          ...(good.cases.length > 0
            ? [
                {
                  key: 'cases',
                  label: GoodsText.Cases,
                  children: (
                    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                      {good.cases.map((item) => (
                        <CaseCard key={item.id} item={item} />
                      ))}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ShareDialog open={sharing} url={window.location.href} onClose={() => setSharing(false)} />
      <InsufficientPointsDialog need={short} have={balance} onClose={() => setShort(null)} />
    </Space>
  );
}

/** /shopping-details?id=, a good of the mall (spec 000 section 2, Goods detail). */
export default function GoodDetailPage() {
  const [searchParams] = useSearchParams();
  const id = queryId(searchParams.get('id'));
  const good = useGoodQuery(id ?? 0, { skip: id === null });
  const points = usePointsQuery();
  const back = <Link to={MallPath.Home}>{GoodsText.BackToMall}</Link>;
  if (id === null)
    return (
      <PageFrame title={GoodsText.Details} extra={back}>
        <EmptyState description={GoodsText.NotFound} />
      </PageFrame>
    );
  return (
    <PageFrame title={GoodsText.Details} extra={back}>
      <QueryBlock query={good} minHeight={240}>
        {(shown) => <QueryBlock query={points}>{(summary) => <GoodView good={shown} balance={summary.currentScore} />}</QueryBlock>}
      </QueryBlock>
    </PageFrame>
  );
}
