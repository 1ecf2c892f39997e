import { REPORT_MAX_DAYS, TOP_N_OPTIONS } from '@portal/contracts/reports';
import { DayRangePicker, DesignSystemText, ProjectPicker } from '@portal/design-system';
import { Select, Space } from 'antd';
import { useId } from 'react';
import { ReportText } from '../report-kit/texts';
import { useGetItemsQuery } from '../workbench/workbenchApi';
import type { AnalysisFilters } from './analysisFilters';
import { AnalysisText } from './texts';

export interface AnalysisToolbarProps {
  filters: AnalysisFilters;
  onChange: (filters: AnalysisFilters) => void;
  /** Show the top-N choice (the province and keyword pies). Default true. */
  showTop?: boolean;
}

const topOptions = TOP_N_OPTIONS.map((n) => ({ value: n, label: AnalysisText.topOption(n) }));

/**
 * The range (at most REPORT_MAX_DAYS days, never cleared), the project (every project the customer
 * has or had, with its status; 全部项目 by default) and the top N; a change asks again.
 */
export function AnalysisToolbar({ filters, onChange, showTop = true }: AnalysisToolbarProps) {
  const rangeId = useId();
  const itemId = useId();
  const topId = useId();
  const items = useGetItemsQuery();
  return (
    <Space wrap size={[16, 8]} style={{ marginBottom: 16 }}>
      <Space size={8}>
        <label htmlFor={rangeId}>{AnalysisText.Range}</label>
        <DayRangePicker
          id={rangeId}
          maxDays={REPORT_MAX_DAYS}
          allowClear={false}
          value={filters.dateRange}
          onChange={(range) => {
            if (range) onChange({ ...filters, dateRange: range });
          }}
        />
      </Space>
      <Space size={8}>
        <label htmlFor={itemId}>{ReportText.FilterItem}</label>
        <ProjectPicker
          id={itemId}
          items={items.data ?? []}
          loading={items.isLoading}
          allowAll
          placeholder={DesignSystemText.AllProjects}
          style={{ width: 200 }}
          value={filters.itemId}
          onChange={(next) => onChange({ ...filters, itemId: next })}
        />
      </Space>
      {showTop && (
        <Space size={8}>
          <label htmlFor={topId}>{AnalysisText.TopN}</label>
          <Select<number>
            id={topId}
            style={{ width: 112 }}
            options={topOptions}
            value={filters.top}
            onChange={(top) => onChange({ ...filters, top })}
          />
        </Space>
      )}
    </Space>
  );
}
