import { endpointUrl } from '@portal/api-client';
import type { ReportLeadGroup } from '@portal/contracts/reports';
import { PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { Alert, Form, Typography } from 'antd';
import { ExportButton } from '../report-kit/ExportButton';
import { MonthPicker } from '../report-kit/MonthPicker';
import { ProjectField } from '../report-kit/ProjectField';
import { ReportSearchBar } from '../report-kit/ReportSearchBar';
import { ReportText } from '../report-kit/texts';
import { DAILY_STATEMENT_ENDPOINTS, useGetDailyStatementQuery } from './dailyStatementApi';
import { DailyStatementTable } from './DailyStatementTable';
import { defaultMonthFilters, monthFiltersFromQuery, monthFiltersToQuery, monthParams } from './monthFilters';

export interface DailyStatementPageProps {
  /** smart: /daily-statement (智能投放); cpc: /cpc-daily-statement (常规投放). */
  group: ReportLeadGroup;
}

/**
 * The daily statement (spec 000 section 2): each project's leads on each day of a month (the
 * current one by default; days not come yet read '-') and their 合计, with 导出. The hint says
 * which lists the figures count; each figure opens those leads in their list.
 */
export default function DailyStatementPage({ group }: DailyStatementPageProps) {
  const listState = useUrlListState({ defaults: defaultMonthFilters, parse: monthFiltersFromQuery, serialize: monthFiltersToQuery });
  const { filters } = listState;
  const params = monthParams(filters);
  const statement = useGetDailyStatementQuery({ group, query: params });
  const exportHref = endpointUrl(DAILY_STATEMENT_ENDPOINTS[group].export, { query: { ...params, format: 'xlsx' } });

  return (
    <PageFrame title={ReportText.DailyStatementTitle} extra={<Typography.Text type="secondary">{ReportText.groupName(group)}</Typography.Text>}>
      <ReportSearchBar
        values={filters}
        defaults={listState.defaults}
        loading={statement.isFetching}
        onSearch={listState.search}
        extra={<ExportButton href={exportHref} />}
      >
        <Form.Item name="month" label={ReportText.FilterMonth}>
          <MonthPicker />
        </Form.Item>
        <ProjectField />
      </ReportSearchBar>
      <Alert type="info" showIcon title={ReportText.coverage(group)} style={{ marginBottom: 16 }} />
      <QueryBlock query={statement} isEmpty={(data) => data.rows.length === 0}>
        {(data) => <DailyStatementTable statement={data} group={group} loading={statement.isFetching} />}
      </QueryBlock>
    </PageFrame>
  );
}
