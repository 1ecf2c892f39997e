import { GOODS_SECTION_LABELS, GOODS_SECTIONS, type Good } from '@portal/contracts/mall';
import { EmptyState, PageFrame, QueryBlock } from '@portal/design-system';
import { Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { MallPath } from '../../routes';
import { usePointsQuery } from '../points/pointsApi';
import { PointsSummary } from '../points/PointsSummary';
import { BannerCarousel } from './BannerCarousel';
import { GoodCard } from './GoodCard';
import { useBannersQuery, useGoodsQuery } from './goodsApi';
import { GoodsText } from './texts';

/** The goods of one section (礼品专区, 智能投放工具, 品牌工具, 媒体工具), or its empty state. */
function Section({ section, goods }: { section: (typeof GOODS_SECTIONS)[number]; goods: Good[] }) {
  const label = GOODS_SECTION_LABELS[section];
  return (
    <section aria-label={label}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {label}
      </Typography.Title>
      {goods.length === 0 ? (
        <EmptyState description={GoodsText.SectionEmpty} />
      ) : (
        <Row gutter={[16, 16]}>
          {goods.map((good) => (
            <Col key={good.id} xs={12} md={8} xl={6}>
              <GoodCard good={good} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}

/**
 * /shopping-mall, the points mall home (spec 000 section 2): the banner carousel (none without
 * banners, or when they fail to load: the goods are what matters), the customer's points and the
 * four sections of goods.
 */
export default function MallHomePage() {
  const points = usePointsQuery();
  const goods = useGoodsQuery(undefined);
  const banners = useBannersQuery();
  return (
    <PageFrame title={GoodsText.Title} extra={<Link to={MallPath.PointsLog}>{GoodsText.PointsLog}</Link>}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {banners.data && banners.data.length > 0 ? <BannerCarousel banners={banners.data} /> : null}
        <QueryBlock query={points} minHeight={80}>
          {(shown) => <PointsSummary summary={shown} />}
        </QueryBlock>
        <QueryBlock query={goods} minHeight={200}>
          {(all) => (
            <Space orientation="vertical" size="large" style={{ width: '100%' }}>
              {GOODS_SECTIONS.map((section) => (
                <Section key={section} section={section} goods={all.filter((good) => good.section === section)} />
              ))}
            </Space>
          )}
        </QueryBlock>
      </Space>
    </PageFrame>
  );
}
