import { endpointUrl } from '@portal/api-client';
import { DATA_TYPE_LABELS, DATA_TYPES } from '@portal/contracts/reports';
import { PageFrame, QueryBlock, useUrlListState } from '@portal/design-system';
import { Form, Select, Tabs } from 'antd';
import { useMemo } from 'react';
import { ExportButton } from '../report-kit/ExportButton';
import { ProjectField } from '../report-kit/ProjectField';
import { ReportSearchBar } from '../report-kit/ReportSearchBar';
import { ReportText } from '../report-kit/texts';
import { CONSUMPTION_ENDPOINTS, useGetConsumptionQuery, type ConsumptionGrid } from './consumptionApi';
import {
  consumptionFiltersFromQuery,
  consumptionFiltersToQuery,
  consumptionParams,
  defaultConsumptionFilters,
  isFutureMonth,
  selectableYears,
  type ConsumptionFilters,
} from './consumptionFilters';
import { ConsumptionTable } from './ConsumptionTable';

const DATA_TYPE_OPTIONS = DATA_TYPES.map((dataType) => ({ value: dataType, label: DATA_TYPE_LABELS[dataType] }));
const TABS: { key: ConsumptionGrid; label: string }[] = [
  { key: 'monthly', label: ReportText.MonthlyTab },
  { key: 'daily', label: ReportText.DailyTab },
];

/**
 * /expenses-record, the consumption report (spec 000 section 2: daily and monthly tabs): one
 * measure (数据类型 1 to 7, 消耗金额 by default) per project by month of a year, or by day of a
 * month, with 合计 and 导出. Money in yuan, points as whole numbers.
 */
export default function ExpensesRecordPage() {
  const listState = useUrlListState({
    defaults: defaultConsumptionFilters,
    parse: consumptionFiltersFromQuery,
    serialize: consumptionFiltersToQuery,
  });
  const { filters } = listState;
  const params = consumptionParams(filters);
  const report = useGetConsumptionQuery({ grid: filters.grid, query: params });
  const exportHref = endpointUrl(CONSUMPTION_ENDPOINTS[filters.grid].export, { query: { ...params, format: 'xlsx' } });
  const yearOptions = useMemo(() => selectableYears().map((year) => ({ value: year, label: ReportText.yearOption(year) })), []);
  const monthOptions = Array.from({ length: 12 }, (_, index) => ({
    value: index + 1,
    label: ReportText.monthColumn(index + 1),
    disabled: isFutureMonth(filters.year, index + 1),
  }));

  const search = (next: ConsumptionFilters) =>
    // A month still to come in the chosen year is this year's last month that has begun.
    listState.search(isFutureMonth(next.year, next.month) ? { ...next, month: listState.defaults.month } : next);

  return (
    <PageFrame title={ReportText.ConsumptionTitle}>
      <Tabs activeKey={filters.grid} items={TABS} onChange={(key) => listState.search({ ...filters, grid: key as ConsumptionGrid })} />
      <ReportSearchBar
        values={filters}
        defaults={{ ...listState.defaults, grid: filters.grid }}
        loading={report.isFetching}
        onSearch={search}
        extra={<ExportButton href={exportHref} />}
      >
        <Form.Item name="year" label={ReportText.FilterYear}>
          <Select options={yearOptions} style={{ width: 110 }} />
        </Form.Item>
        {filters.grid === 'daily' ? (
          <Form.Item name="month" label={ReportText.FilterMonth}>
            <Select options={monthOptions} style={{ width: 90 }} />
          </Form.Item>
        ) : null}
        <Form.Item name="dataType" label={ReportText.FilterDataType}>
          <Select options={DATA_TYPE_OPTIONS} style={{ width: 170 }} />
        </Form.Item>
        <ProjectField />
      </ReportSearchBar>
      <QueryBlock query={report} keepPrevious={false} isEmpty={(data) => data.rows.length === 0}>
        {(data) => <ConsumptionTable grid={filters.grid} report={data} loading={report.isFetching} />}
      </QueryBlock>
    </PageFrame>
  );
}
