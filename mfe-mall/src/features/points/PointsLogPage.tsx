import { MALL_TASKS, POINTS_SOURCE_LABELS, type PointsLogRow, type PointsSource } from '@portal/contracts/mall';
import { PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { Space, Typography, type TableColumnsType } from 'antd';
import { usePointsLogQuery, usePointsQuery } from './pointsApi';
import { PointsSummary } from './PointsSummary';
import { PointsText } from './texts';
import { PagedRows } from '../../PagedRows';

/** The source of a change; a task's reward names its task ('任务奖励 · 阅读行业文章'). */
const sourceLabel = (source: string, row: PointsLogRow): string => {
  const label = POINTS_SOURCE_LABELS[source as PointsSource] ?? source;
  const task = row.task === undefined ? undefined : MALL_TASKS.find((item) => item.key === row.task);
  return task ? `${label} · ${task.content}` : label;
};

const columns: TableColumnsType<PointsLogRow> = [
  { key: 'publishTime', dataIndex: 'publishTime', title: PointsText.Time, width: 200 },
  { key: 'source', dataIndex: 'source', title: PointsText.Source, render: sourceLabel },
  {
    key: 'variational',
    dataIndex: 'variational',
    title: PointsText.Change,
    align: 'right',
    render: (change: number) => (change > 0 ? `+${change}` : String(change)),
  },
  { key: 'balanceAfter', dataIndex: 'balanceAfter', title: PointsText.After, align: 'right' },
];

// The log has no filters: the URL keeps its page and page size only.
const noFilters = () => ({});
const listOptions = { defaults: noFilters, parse: noFilters, serialize: noFilters };

/** /channel-credit, the points log (spec 000 section 2): the summary, the rule, every change newest first, paged in the URL. */
export default function PointsLogPage() {
  const { paging, changePage } = useUrlListState(listOptions);
  const summary = usePointsQuery();
  const log = usePointsLogQuery(paging);
  return (
    <PageFrame title={PointsText.LogTitle}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <QueryBlock query={summary} minHeight={80}>
          {(shown) => <PointsSummary summary={shown} />}
        </QueryBlock>
        <Typography.Text type="secondary">{PointsText.Rule}</Typography.Text>
        <PagedRows query={log} columns={columns} emptyText={PointsText.Empty} onPageChange={changePage} />
      </Space>
    </PageFrame>
  );
}
