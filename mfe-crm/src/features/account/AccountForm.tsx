import { SwapOutlined } from '@ant-design/icons';
import { type CrmCode } from '@portal/contracts';
import {
  CrmMessage,
  PARAM_KEYS,
  PARAM_MAX,
  SECRET_PARAMS,
  accountFieldsOf,
  type AccountForm as AccountFormBody,
  type CrmAccount,
  type ParamKey,
  EcStyle,
} from '@portal/contracts/crm';
import { Button, Form, Input, Radio, Select, Space, Switch, Tag, Tooltip, type FormRule } from 'antd';
import { UnsavedChangesText, useUnsavedChangesGuard } from '@portal/design-system';
import { useEffect, useMemo, useState } from 'react';
import { accountBody, accountValues, styleOf, type AccountValues } from './accountForm';
import { AccountText, EDITION_OPTIONS, LIXIAO_EDITION_OPTIONS, PERMISSION_OPTIONS, PUSH_REMARK_OPTIONS } from './texts';

export interface AccountFormProps {
  crmCode: CrmCode;
  /** The saved account, null when none yet. */
  account: CrmAccount | null;
  /** The save is under way: 保存 shows it. */
  saving?: boolean;
  /** The form passed its rules: the body of the form-encoded save. */
  onSubmit: (body: AccountFormBody) => void;
}

/** Rules of a param: required with its 'please enter' message (ACCOUNT_FIELDS), and the length the server takes. */
const paramRules = (required: string | undefined): FormRule[] => [
  ...(required ? [{ required: true, whitespace: true, message: required }] : []),
  { max: PARAM_MAX, message: CrmMessage.ParamTooLong },
];

interface ParamControlProps {
  crmCode: CrmCode;
  paramKey: ParamKey;
  label: string;
  /** Given by the Form.Item around it. */
  id?: string;
  value?: string;
  onChange?: (value: unknown) => void;
}

/** The control of a param: ec's two choices and 励销's edition as selects, secrets as password fields (shown masked as answered). */
function ParamControl({ crmCode, paramKey, label, ...control }: ParamControlProps) {
  if (crmCode === 'lixiao' && paramKey === 'param4')
    return <Select {...control} options={LIXIAO_EDITION_OPTIONS} placeholder={AccountText.Select} aria-label={label} />;
  if (crmCode === 'ec' && paramKey === 'param8')
    return <Select {...control} options={PERMISSION_OPTIONS} placeholder={AccountText.Select} aria-label={label} />;
  if (crmCode === 'ec' && paramKey === 'param6')
    return <Select {...control} options={PUSH_REMARK_OPTIONS} placeholder={AccountText.Select} allowClear aria-label={label} />;
  if (SECRET_PARAMS[crmCode].includes(paramKey)) return <Input.Password {...control} autoComplete="new-password" visibilityToggle={false} />;
  return <Input {...control} autoComplete="off" />;
}

/**
 * The account form of a CRM (spec 001 sections 2, 3 and 5): the params of ACCOUNT_FIELDS with
 * their labels and required messages, the edition (saas '1' / pro '2') and the sync switch. ec
 * has two setting styles, toggled by the icon: style 2 asks the permission type, a token header
 * name and token, the operator and follow-up ids and whether to push the remark.
 */
export function AccountForm({ crmCode, account, saving = false, onSubmit }: AccountFormProps) {
  const [form] = Form.useForm<AccountValues>();
  const [style, setStyle] = useState(() => styleOf(account));
  // A new answer (after a save, or another account) shows as the server has it.
  useEffect(() => {
    form.setFieldsValue(accountValues(account));
    setStyle(styleOf(account));
  }, [form, account]);

  // Edits not saved yet (a value or the ec style other than the server's): leaving asks first.
  const watched = Form.useWatch((values: AccountValues) => values, form) as Partial<AccountValues> | undefined;
  const saved = useMemo(() => accountValues(account) as Record<string, unknown>, [account]);
  const dirty =
    style !== styleOf(account) ||
    (watched !== undefined && Object.entries(watched).some(([key, value]) => (value || undefined) !== (saved[key] || undefined)));
  useUnsavedChangesGuard(dirty);

  const toggleStyle = () => {
    setStyle((current) => (current === String(EcStyle.Two) ? String(EcStyle.One) : String(EcStyle.Two)));
    // The other style's rules and labels: its messages say nothing about this one.
    form.setFields(PARAM_KEYS.map((name) => ({ name, errors: [] })));
  };

  return (
    <Form<AccountValues>
      form={form}
      name="crm-account"
      layout="horizontal"
      labelCol={{ flex: '140px' }}
      wrapperCol={{ flex: '360px' }}
      initialValues={accountValues(account)}
      onFinish={(values) => onSubmit(accountBody(crmCode, account, values, style))}
    >
      {crmCode === 'ec' && (
        <Form.Item label={AccountText.Style}>
          <Space>
            <span data-testid="ec-style">{AccountText.styleName(style)}</span>
            <Tooltip title={AccountText.ToggleStyle}>
              <Button type="text" icon={<SwapOutlined />} aria-label={AccountText.ToggleStyle} onClick={toggleStyle} />
            </Tooltip>
          </Space>
        </Form.Item>
      )}
      {accountFieldsOf(crmCode, style).map((field) => (
        <Form.Item key={field.key} name={field.key} label={field.label} rules={paramRules(field.required)}>
          <ParamControl crmCode={crmCode} paramKey={field.key} label={field.label} />
        </Form.Item>
      ))}
      <Form.Item name="edition" label={AccountText.Edition} rules={[{ required: true, message: CrmMessage.EditionRequired }]}>
        <Radio.Group options={EDITION_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="sync"
        label={AccountText.Sync}
        getValueProps={(value: string) => ({ checked: value === '1' })}
        normalize={(checked: boolean) => (checked ? '1' : '0')}
      >
        <Switch aria-label={AccountText.Sync} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {AccountText.Save}
          </Button>
          {dirty && <Tag color="orange">{UnsavedChangesText.Title}</Tag>}
        </Space>
      </Form.Item>
    </Form>
  );
}
