import type { Good } from '@portal/contracts/mall';
import { Card, Typography, theme } from 'antd';
import { Link } from 'react-router-dom';
import { goodHref } from '../../routes';
import { GoodsText } from './texts';

const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** One good of a section: its first picture, title (the link to its page), points price and market price range. */
export function GoodCard({ good }: { good: Good }) {
  const { token } = theme.useToken();
  const picture = good.productPics[0];
  return (
    <Card
      size="small"
      cover={
        picture ? (
          <img src={picture} alt={good.title} style={{ height: 140, objectFit: 'cover' }} />
        ) : (
          <div style={{ height: 140, display: 'grid', placeItems: 'center', background: token.colorFillTertiary, color: token.colorTextDescription }}>
            {GoodsText.NoPicture}
          </div>
        )
      }
    >
      <Typography.Title level={3} style={{ fontSize: token.fontSize, margin: 0 }} ellipsis={{ tooltip: good.title }}>
        <Link to={goodHref(good.id)}>{good.title}</Link>
      </Typography.Title>
      <Typography.Text strong style={{ color: token.colorError }}>
        {GoodsText.points(good.exchangeScore)}
      </Typography.Text>
      <br />
      <Typography.Text type="secondary">{GoodsText.marketPrice(yuan(good.minMarketPrice), yuan(good.maxMarketPrice))}</Typography.Text>
    </Card>
  );
}
