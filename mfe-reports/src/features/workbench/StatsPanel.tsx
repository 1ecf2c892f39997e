import { chinaToday, isItemActive, STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '@portal/contracts';
import { getEventBus, LeadArrivedEvent } from '@portal/event-bus';
import { DayRangePicker, ProjectPicker, QueryBlock, recentDays, TrendChart, type DayRange } from '@portal/design-system';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Card, Flex } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { metricLabel, sumMetrics, type WorkbenchMetricKey } from './metrics';
import { SummaryCards } from './SummaryCards';
import { useGetItemsQuery, useGetWorkbenchStatsQuery } from './workbenchApi';

const StatsText = {
  Title: '数据概览',
  Project: '项目',
  Range: '统计日期',
  NoProjects: '该账号暂无项目',
  NoActiveProject: '暂无上稿中的项目',
  trend: (metric: string): string => `${metric}趋势`,
} as const;

/**
 * The chosen project's five indicators over the chosen days: totals, and a trend of one of them.
 * While the days shown reach today, a lead arriving (the socket's event on the bus) asks for them
 * again: 留言数 counts it, and the ad platform's figures of today may have moved with it.
 */
export function StatsPanel() {
  const items = useGetItemsQuery();
  const [chosenItemId, setChosenItemId] = useState<number | null>(null);
  const [range, setRange] = useState<DayRange>(() => recentDays(STATS_DEFAULT_DAYS));
  const [metric, setMetric] = useState<WorkbenchMetricKey>('impressions');

  const projects = items.data ?? [];
  const itemId = chosenItemId ?? projects.find((item) => isItemActive(item.status))?.id ?? null;
  const stats = useGetWorkbenchStatsQuery(itemId === null ? skipToken : { itemId, startTime: range[0], endTime: range[1] });
  const days = stats.currentData;
  const showsToday = itemId !== null && range[1] >= chinaToday();
  const { refetch } = stats;
  useEffect(() => {
    if (!showsToday) return undefined;
    const subscription = getEventBus().subscribe(LeadArrivedEvent, () => void refetch());
    return () => subscription.unsubscribe();
  }, [showsToday, refetch]);
  const totals = useMemo(() => sumMetrics(days ?? []), [days]);
  const series = useMemo(() => [{ field: metric, name: metricLabel(metric) }], [metric]);

  return (
    <Card
      title={StatsText.Title}
      size="small"
      extra={
        <Flex gap={8} wrap>
          <ProjectPicker
            aria-label={StatsText.Project}
            items={projects}
            value={itemId}
            onChange={setChosenItemId}
            loading={items.isLoading}
            style={{ width: 240 }}
          />
          <DayRangePicker
            aria-label={StatsText.Range}
            value={range}
            onChange={(days) => days && setRange(days)}
            maxDays={STATS_MAX_DAYS}
            allowClear={false}
          />
        </Flex>
      }
    >
      <QueryBlock
        query={items}
        isEmpty={(all) => all.length === 0 || itemId === null}
        emptyText={projects.length === 0 ? StatsText.NoProjects : StatsText.NoActiveProject}
        minHeight={360}
      >
        {() => (
          // A new project or range shows the loading state until its days come, never the old ones.
          <QueryBlock query={stats} keepPrevious={false} minHeight={360}>
            {(shown) => (
              <Flex vertical gap={16}>
                <SummaryCards totals={totals} selected={metric} onSelect={setMetric} />
                <section aria-label={StatsText.trend(metricLabel(metric))}>
                  <TrendChart data={shown} xField="date" series={series} height={300} />
                </section>
              </Flex>
            )}
          </QueryBlock>
        )}
      </QueryBlock>
    </Card>
  );
}
