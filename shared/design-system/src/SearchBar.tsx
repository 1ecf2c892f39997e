import { Button, Form, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { DesignSystemText } from './texts';

export interface SearchBarProps<V extends object> {
  /** The filter fields, as antd Form.Items. */
  children: ReactNode;
  /** Called with the form's values on 查询, and after 重置 unless onReset is given. */
  onSearch: (values: V) => void;
  /** Replaces the search that follows a reset. */
  onReset?: () => void;
  initialValues?: Partial<V>;
  /** A form instance to read or set the filters from outside. */
  form?: FormInstance<V>;
  /** Puts the 查询 button in its loading state. */
  loading?: boolean;
  /** More buttons after 查询 and 重置 (export, batch actions). */
  extra?: ReactNode;
}

/** The filter row above a list: inline fields, then 查询 and 重置. */
/** The 查询 button keeps its full colour while loading. */
const LOADING_STYLE = { opacity: 1 } as const;

export function SearchBar<V extends object>({ children, onSearch, onReset, initialValues, form, loading = false, extra }: SearchBarProps<V>) {
  const [ownForm] = Form.useForm<V>();
  const searchForm = form ?? ownForm;

  const reset = () => {
    searchForm.resetFields();
    if (onReset) onReset();
    else onSearch(searchForm.getFieldsValue(true) as V);
  };

  return (
    <Form<V> form={searchForm} layout="inline" initialValues={initialValues} onFinish={onSearch} style={{ rowGap: 12, marginBottom: 16 }}>
      {children}
      <Form.Item>
        <Space>
          {/* antd fades a loading button to 65 % (3.1:1 on white, under WCAG's 4.5:1): the spinner says it is busy. */}
          <Button type="primary" htmlType="submit" loading={loading} style={loading ? LOADING_STYLE : undefined}>
            {DesignSystemText.Search}
          </Button>
          <Button htmlType="button" onClick={reset}>
            {DesignSystemText.Reset}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
