import { endpointUrl } from '@portal/api-client';
import type { ReportLeadGroup } from '@portal/contracts/reports';
import { PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { Alert, Typography } from 'antd';
import { defaultRangeFilters, rangeFiltersFromQuery, rangeFiltersToQuery, rangePageParams, rangeParams } from '../report-kit/rangeFilters';
import { RangeSearchBar } from '../report-kit/RangeSearchBar';
import { ReportText } from '../report-kit/texts';
import { RECEIVE_ENDPOINTS, useGetReceiveReportQuery } from './receiveApi';
import { ReceiveTable } from './ReceiveTable';

export interface ReceiveListPageProps {
  /** smart: /receive-list (智能投放); cpc: /cpc-receive-list (常规投放). */
  group: ReportLeadGroup;
}

/**
 * The receive report (spec 000 section 2): leads received per day, project and receiver over a
 * range (the last 30 days by default, at most REPORT_MAX_DAYS), with 合计 and 导出.
 */
export default function ReceiveListPage({ group }: ReceiveListPageProps) {
  const listState = useUrlListState({ defaults: defaultRangeFilters, parse: rangeFiltersFromQuery, serialize: rangeFiltersToQuery });
  const { filters, paging } = listState;
  const report = useGetReceiveReportQuery({ group, query: rangePageParams(filters, paging) });
  const exportHref = endpointUrl(RECEIVE_ENDPOINTS[group].export, { query: { ...rangeParams(filters), format: 'xlsx' } });

  return (
    <PageFrame title={ReportText.ReceiveTitle} extra={<Typography.Text type="secondary">{ReportText.groupName(group)}</Typography.Text>}>
      <RangeSearchBar
        filters={filters}
        defaults={listState.defaults}
        page={paging.page}
        fetching={report.isFetching}
        search={listState.search}
        refetch={() => void report.refetch()}
        exportHref={exportHref}
      />
      <Alert type="info" showIcon title={ReportText.coverage(group)} style={{ marginBottom: 16 }} />
      <QueryBlock query={report} isEmpty={(data) => data.rows.length === 0}>
        {(data) => <ReceiveTable report={data} group={group} loading={report.isFetching} onPageChange={listState.changePage} />}
      </QueryBlock>
    </PageFrame>
  );
}
