import { PUSH_LOG_RANGE_MAX_DAYS, PUSH_STATUS_LABELS } from '@portal/contracts/crm';
import { DayRangePicker, PhoneInput, SearchBar } from '@portal/design-system';
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { DEFAULT_PUSH_LOG_FILTERS, type PushLogFilters } from './pushLogFilters';
import { PushLogText } from './texts';

const STATUS_OPTIONS = [{ value: '', label: PushLogText.Any }, ...Object.entries(PUSH_STATUS_LABELS).map(([value, label]) => ({ value, label }))];

export interface PushLogSearchBarProps {
  loading?: boolean;
  onSearch: (filters: PushLogFilters) => void;
  /** Buttons after 查询 and 重置. */
  extra?: ReactNode;
}

/** The push log's filters: state, days (at most the 90 kept), phone. */
export function PushLogSearchBar({ loading, onSearch, extra }: PushLogSearchBarProps) {
  return (
    <SearchBar<PushLogFilters>
      initialValues={DEFAULT_PUSH_LOG_FILTERS}
      onSearch={(values) => onSearch({ ...DEFAULT_PUSH_LOG_FILTERS, ...values })}
      loading={loading}
      extra={extra}
    >
      <Form.Item name="status" label={PushLogText.FilterStatus}>
        <Select options={STATUS_OPTIONS} style={{ width: 120 }} aria-label={PushLogText.FilterStatus} />
      </Form.Item>
      <Form.Item name="dateRange" label={PushLogText.FilterRange}>
        <DayRangePicker maxDays={PUSH_LOG_RANGE_MAX_DAYS} />
      </Form.Item>
      <Form.Item name="phone" label={PushLogText.FilterPhone}>
        <PhoneInput placeholder={PushLogText.PhonePlaceholder} allowClear style={{ width: 160 }} />
      </Form.Item>
    </SearchBar>
  );
}
