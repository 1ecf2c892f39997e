import type { DailyStat } from '@portal/contracts';
import { LEAD_COUNT_LABEL } from '@portal/contracts/reports';

/** The five workbench indicators, in the order the dashboard shows them (spec 000 section 2, Dashboard). */
export const WORKBENCH_METRICS = [
  { key: 'impressions', label: '展现量' },
  { key: 'clicks', label: '点击量' },
  // The leads on the lists that day: the same figure, from the same service, as 推广管理's 留言数.
  { key: 'messages', label: LEAD_COUNT_LABEL },
  { key: 'validConversations', label: '有效对话' },
  { key: 'phoneRequests', label: '电话请求' },
] as const;

export type WorkbenchMetricKey = (typeof WORKBENCH_METRICS)[number]['key'];

export type MetricTotals = Record<WorkbenchMetricKey, number>;

/** The sum of each indicator over the days given; a missing or non-numeric value counts as 0. */
export function sumMetrics(days: readonly DailyStat[]): MetricTotals {
  const totals = Object.fromEntries(WORKBENCH_METRICS.map(({ key }) => [key, 0])) as MetricTotals;
  for (const day of days) {
    for (const { key } of WORKBENCH_METRICS) {
      const value = Number(day[key]);
      if (Number.isFinite(value)) totals[key] += value;
    }
  }
  return totals;
}

export const metricLabel = (key: WorkbenchMetricKey): string => WORKBENCH_METRICS.find((metric) => metric.key === key)?.label ?? key;
