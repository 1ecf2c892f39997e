import { Col, Row, Statistic, theme } from 'antd';
import type { KeyboardEvent } from 'react';
import { WORKBENCH_METRICS, type MetricTotals, type WorkbenchMetricKey } from './metrics';

export interface SummaryCardsProps {
  /** The sums of the chosen range. */
  totals: MetricTotals;
  /** The indicator the trend chart shows; its card is highlighted. */
  selected: WorkbenchMetricKey;
  onSelect: (key: WorkbenchMetricKey) => void;
}

/** The five totals of the range; each card also switches the trend chart to its indicator. */
export function SummaryCards({ totals, selected, onSelect }: SummaryCardsProps) {
  const { token } = theme.useToken();
  const onKey = (key: WorkbenchMetricKey) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(key);
    }
  };

  return (
    <Row gutter={[12, 12]} role="radiogroup" aria-label="汇总指标">
      {WORKBENCH_METRICS.map(({ key, label }) => {
        const active = key === selected;
        return (
          <Col key={key} flex="1 1 160px">
            <div
              role="radio"
              aria-checked={active}
              tabIndex={0}
              data-metric={key}
              onClick={() => onSelect(key)}
              onKeyDown={onKey(key)}
              style={{
                cursor: 'pointer',
                padding: '12px 16px',
                borderRadius: token.borderRadiusLG,
                border: `1px solid ${active ? token.colorPrimary : token.colorBorderSecondary}`,
                background: active ? token.colorPrimaryBg : token.colorBgContainer,
                transition: `all ${token.motionDurationMid}`,
              }}
            >
              <Statistic title={label} value={totals[key]} />
            </div>
          </Col>
        );
      })}
    </Row>
  );
}
