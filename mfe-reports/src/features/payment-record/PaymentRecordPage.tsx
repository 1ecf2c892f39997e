import { endpointUrl } from '@portal/api-client';
import { REPORT_MAX_DAYS, TOPUP_TYPE_LABELS, TopupType } from '@portal/contracts/reports';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { DayRangePicker, PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { Form, Select } from 'antd';
import { ExportButton } from '../report-kit/ExportButton';
import { ProjectField } from '../report-kit/ProjectField';
import { ReportSearchBar } from '../report-kit/ReportSearchBar';
import { ReportText } from '../report-kit/texts';
import { useGetTopupsQuery } from './topupApi';
import { ALL_TYPES, defaultTopupFilters, topupFiltersFromQuery, topupFiltersToQuery, topupParams } from './topupFilters';
import { TopupTable } from './TopupTable';

const TYPE_OPTIONS = [
  { value: ALL_TYPES, label: ReportText.AllTypes },
  { value: TopupType.Normal, label: TOPUP_TYPE_LABELS[TopupType.Normal] },
  { value: TopupType.Intelligent, label: TOPUP_TYPE_LABELS[TopupType.Intelligent] },
];

/**
 * /payment-record, the top-up records (spec 000 section 2): filtered by arrival day, project and
 * type (普通投放 / 智能投放), paged, with 合计 and 导出.
 */
export default function PaymentRecordPage() {
  const listState = useUrlListState({ defaults: defaultTopupFilters, parse: topupFiltersFromQuery, serialize: topupFiltersToQuery });
  const { filters, paging } = listState;
  const params = topupParams(filters);
  const report = useGetTopupsQuery({ ...params, page: paging.page, pageSize: paging.pageSize });
  const exportHref = endpointUrl(reportEndpoints.topupsExport, { query: { ...params, format: 'xlsx' } });

  return (
    <PageFrame title={ReportText.TopupTitle}>
      <ReportSearchBar
        values={filters}
        defaults={listState.defaults}
        loading={report.isFetching}
        onSearch={listState.search}
        extra={<ExportButton href={exportHref} />}
      >
        <Form.Item name="dateRange" label={ReportText.FilterPayTime}>
          <DayRangePicker maxDays={REPORT_MAX_DAYS} />
        </Form.Item>
        <ProjectField />
        <Form.Item name="type" label={ReportText.FilterType}>
          <Select options={TYPE_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </ReportSearchBar>
      <QueryBlock query={report} isEmpty={(data) => data.rows.length === 0}>
        {(data) => <TopupTable report={data} loading={report.isFetching} onPageChange={listState.changePage} />}
      </QueryBlock>
    </PageFrame>
  );
}
