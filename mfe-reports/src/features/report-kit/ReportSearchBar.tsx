import { SearchBar } from '@portal/design-system';
import { Form } from 'antd';
import { useEffect, type ReactNode } from 'react';

export interface ReportSearchBarProps<F extends object> {
  /** The report's filters (the URL's): the form shows them, and follows when they change (back, a link). */
  values: F;
  /** What 重置 puts back and searches. */
  defaults: F;
  /** The report is loading: 查询 shows it. */
  loading?: boolean;
  onSearch: (filters: F) => void;
  /** Buttons after 查询 and 重置 (导出). */
  extra?: ReactNode;
  /** The filter fields, as Form.Items named after the filters. */
  children: ReactNode;
}

/** The filter row of a report: its fields, 查询, 重置 (the defaults, searched) and 导出. */
export function ReportSearchBar<F extends object>({ values, defaults, loading, onSearch, extra, children }: ReportSearchBarProps<F>) {
  const [form] = Form.useForm<F>();
  useEffect(() => form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]), [form, values]);
  const reset = () => {
    form.setFieldsValue(defaults as Parameters<typeof form.setFieldsValue>[0]);
    onSearch(defaults);
  };
  // The form holds only the fields it shows: the filters it has no field for keep their values.
  const search = (shown: Partial<F>) => onSearch({ ...values, ...shown });
  return (
    <SearchBar<F> form={form} initialValues={values} onSearch={search} onReset={reset} loading={loading} extra={extra}>
      {children}
    </SearchBar>
  );
}
