import type { PromotionDay } from '@portal/contracts/reports';
import { LineChart, type LinePoint } from '@portal/design-system';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { formatCount, formatYuan } from '../report-kit/money';
import { ReportText } from '../report-kit/texts';

const line = (days: readonly PromotionDay[], series: string, value: (day: PromotionDay) => number): LinePoint[] =>
  days.map((day) => ({ x: day.day, y: value(day), series }));

/**
 * The daily cost (yuan) and resources of the chosen range (every day, summed by the server over
 * the projects of the filters), two line charts of the design system. The chart library loads
 * when they scroll into view: the table above never waits for it.
 */
export function PromotionTrend({ days }: { days: readonly PromotionDay[] }) {
  const cost = useMemo(() => line(days, ReportText.CostMoney, (day) => day.costMoney), [days]);
  const resources = useMemo(() => line(days, ReportText.TotalResources, (day) => day.total), [days]);
  return (
    <section aria-label={ReportText.Trend}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <LineChart title={ReportText.TrendCost} data={cost} height={240} yFormatter={formatYuan} />
        </Col>
        <Col xs={24} lg={12}>
          <LineChart title={ReportText.TrendResources} data={resources} height={240} yFormatter={formatCount} />
        </Col>
      </Row>
    </section>
  );
}
