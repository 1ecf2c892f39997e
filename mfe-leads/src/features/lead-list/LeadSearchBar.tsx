import { EXPORT_READ_STATUS_LABELS, ReadStatus, type PlatformItem } from '@portal/contracts';
import { CRM_FOLLOWER_STATE_LABELS, CrmFollowerState, DuplicateText, LEAD_MAX_DAYS, LEAD_RECEIVER_MAX } from '@portal/contracts/leads';
import { DayRangePicker, PhoneInput, ProjectPicker, SearchBar } from '@portal/design-system';
import { Form, Input, Select } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { DUPLICATE_FILTER_OPTIONS } from './duplicates';
import { ANY, type LeadFilters } from './leadFilters';
import { LeadListText } from './texts';

export interface LeadSearchBarProps {
  /** The list's filters (the URL's): the form shows them, and follows when they change (back, a link). */
  values: LeadFilters;
  /** What 重置 puts back and searches. */
  defaults: LeadFilters;
  /** Every project of the customer (any status or modeType), offered with its status. */
  items: readonly PlatformItem[];
  itemsLoading?: boolean;
  /** The list is loading: 查询 shows it. */
  loading?: boolean;
  onSearch: (filters: LeadFilters) => void;
  /** Buttons after 查询 and 重置 (导出, 重复规则). */
  extra?: ReactNode;
}

const READ_OPTIONS = [
  { value: ANY, label: LeadListText.Any },
  { value: ReadStatus.Unread, label: EXPORT_READ_STATUS_LABELS[ReadStatus.Unread] },
  { value: ReadStatus.Read, label: EXPORT_READ_STATUS_LABELS[ReadStatus.Read] },
];
const ASSIGNED_OPTIONS = [
  { value: ANY, label: LeadListText.Any },
  { value: CrmFollowerState.Unassigned, label: CRM_FOLLOWER_STATE_LABELS[CrmFollowerState.Unassigned] },
  { value: CrmFollowerState.Assigned, label: CRM_FOLLOWER_STATE_LABELS[CrmFollowerState.Assigned] },
];

/** The filters of a lead list: days (today by default), project, read status, assignment state, duplicates, receiver, phone. */
export function LeadSearchBar({ values, defaults, items, itemsLoading, loading, onSearch, extra }: LeadSearchBarProps) {
  const [form] = Form.useForm<LeadFilters>();
  useEffect(() => form.setFieldsValue(values), [form, values]);
  const reset = () => {
    form.setFieldsValue(defaults);
    onSearch(defaults);
  };
  return (
    <SearchBar<LeadFilters> form={form} initialValues={values} onSearch={onSearch} onReset={reset} loading={loading} extra={extra}>
      <Form.Item name="dateRange" label={LeadListText.FilterRange}>
        <DayRangePicker maxDays={LEAD_MAX_DAYS} />
      </Form.Item>
      <Form.Item name="itemId" label={LeadListText.FilterItem}>
        <ProjectPicker items={items} loading={itemsLoading} allowAll style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="readStatus" label={LeadListText.FilterReadStatus}>
        <Select options={READ_OPTIONS} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item name="crmFollowerState" label={LeadListText.FilterAssigned}>
        <Select options={ASSIGNED_OPTIONS} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="duplicate" label={DuplicateText.FilterLabel}>
        <Select options={DUPLICATE_FILTER_OPTIONS} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="crmFollower" label={LeadListText.FilterReceiver}>
        <Input placeholder={LeadListText.ReceiverPlaceholder} maxLength={LEAD_RECEIVER_MAX} allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="phone" label={LeadListText.FilterPhone}>
        <PhoneInput placeholder={LeadListText.PhonePlaceholder} allowClear style={{ width: 160 }} />
      </Form.Item>
    </SearchBar>
  );
}
