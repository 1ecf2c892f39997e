import { FIRST_PAGE } from '@portal/contracts';
import { REPORT_MAX_DAYS } from '@portal/contracts/reports';
import { DayRangePicker } from '@portal/design-system';
import { Form } from 'antd';
import { ExportButton } from './ExportButton';
import { ProjectField } from './ProjectField';
import type { RangeFilters } from './rangeFilters';
import { ReportSearchBar } from './ReportSearchBar';
import { ReportText } from './texts';

export interface RangeSearchBarProps {
  /** The URL's filters and what 重置 puts back. */
  filters: RangeFilters;
  defaults: RangeFilters;
  /** The page shown: 查询 with unchanged filters on page 1 asks the server again. */
  page: number;
  fetching: boolean;
  search: (next: RangeFilters) => void;
  refetch: () => void;
  /** 导出's address with the current filters. */
  exportHref: string;
}

/**
 * The filter row of a day-range report (receive reports, promotion): the range (at most
 * REPORT_MAX_DAYS), the project, 查询, 重置 and 导出. 查询 with the same filters asks again, since
 * new leads or the day's cost may have come meanwhile.
 */
export function RangeSearchBar({ filters, defaults, page, fetching, search, refetch, exportHref }: RangeSearchBarProps) {
  return (
    <ReportSearchBar
      values={filters}
      defaults={defaults}
      loading={fetching}
      onSearch={(next) => {
        search(next);
        if (page === FIRST_PAGE && JSON.stringify(next) === JSON.stringify(filters)) refetch();
      }}
      extra={<ExportButton href={exportHref} />}
    >
      <Form.Item name="dateRange" label={ReportText.FilterRange}>
        <DayRangePicker maxDays={REPORT_MAX_DAYS} />
      </Form.Item>
      <ProjectField />
    </ReportSearchBar>
  );
}
