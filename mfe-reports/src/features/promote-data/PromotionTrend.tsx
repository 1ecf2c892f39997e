import { LineChart, QueryBlock, type LinePoint } from '@portal/design-system';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { formatCount, formatYuan } from '../report-kit/money';
import type { RangeParams } from '../report-kit/rangeFilters';
import { ReportText } from '../report-kit/texts';
import { useGetPromotionTrendQuery, type PromotionDay } from './promotionApi';

const line = (days: readonly PromotionDay[], series: string, value: (day: PromotionDay) => number): LinePoint[] =>
  days.map((day) => ({ x: day.day, y: value(day), series }));

/**
 * The daily cost (yuan) and resources of the chosen range, two line charts of the design system.
 * Its own call and its own loading and failure: the table above never waits for it.
 */
export function PromotionTrend({ filters }: { filters: RangeParams }) {
  const trend = useGetPromotionTrendQuery(filters);
  const cost = useMemo(() => line(trend.data ?? [], ReportText.CostMoney, (day) => day.costMoney), [trend.data]);
  const resources = useMemo(() => line(trend.data ?? [], ReportText.TotalResources, (day) => day.total), [trend.data]);
  return (
    <section aria-label={ReportText.Trend}>
      <QueryBlock query={trend} minHeight={240}>
        {() => (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <LineChart title={ReportText.TrendCost} data={cost} height={240} yFormatter={formatYuan} />
            </Col>
            <Col xs={24} lg={12}>
              <LineChart title={ReportText.TrendResources} data={resources} height={240} yFormatter={formatCount} />
            </Col>
          </Row>
        )}
      </QueryBlock>
    </section>
  );
}
