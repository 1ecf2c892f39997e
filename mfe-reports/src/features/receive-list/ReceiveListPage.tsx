import { endpointUrl } from '@portal/api-client';
import { FIRST_PAGE } from '@portal/contracts';
import { REPORT_MAX_DAYS, type ReportLeadGroup } from '@portal/contracts/reports';
import { DayRangePicker, PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { Form, Typography } from 'antd';
import { ExportButton } from '../report-kit/ExportButton';
import { ProjectField } from '../report-kit/ProjectField';
import { defaultRangeFilters, rangeFiltersFromQuery, rangeFiltersToQuery, rangePageParams, rangeParams } from '../report-kit/rangeFilters';
import { ReportSearchBar } from '../report-kit/ReportSearchBar';
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
      <ReportSearchBar
        values={filters}
        defaults={listState.defaults}
        loading={report.isFetching}
        onSearch={(next) => {
          listState.search(next);
          // 查询 with the same filters on page 1 asks again: new leads may have come.
          if (paging.page === FIRST_PAGE && JSON.stringify(next) === JSON.stringify(filters)) void report.refetch();
        }}
        extra={<ExportButton href={exportHref} />}
      >
        <Form.Item name="dateRange" label={ReportText.FilterRange}>
          <DayRangePicker maxDays={REPORT_MAX_DAYS} />
        </Form.Item>
        <ProjectField />
      </ReportSearchBar>
      <QueryBlock query={report} isEmpty={(data) => data.rows.length === 0}>
        {(data) => <ReceiveTable report={data} loading={report.isFetching} onPageChange={listState.changePage} />}
      </QueryBlock>
    </PageFrame>
  );
}
