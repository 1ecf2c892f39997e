import type { ProductFieldCode } from '@portal/contracts/crm';
import { ProjectPicker, type ProjectOption } from '@portal/design-system';
import { Checkbox, Flex, Form, Input, Select, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import {
  childrenOf,
  type CrmFieldInfo,
  ITEM_TITLE,
  type MappingChildDraft,
  type MappingRowDraft,
  NO_SELECT,
  type ProductFieldOption,
  type RowErrors,
  sendsDefault,
  takesOption,
} from './fieldMappingModel';
import { FieldMappingText } from './texts';

export interface MappingRowEditorProps {
  row: MappingRowDraft;
  /** The CRM's field of the row as discovered (undefined: the CRM no longer lists it). */
  field: CrmFieldInfo | undefined;
  /** The choices of the product field pickers (the CRM's static field list); undefined: not there (loading or failed), the pickers disabled. */
  productFields: readonly ProductFieldOption[] | undefined;
  productFieldsLoading?: boolean;
  items: readonly ProjectOption[];
  itemsLoading?: boolean;
  errors?: RowErrors;
  onChange: (next: MappingRowDraft) => void;
}

interface DefaultValueProps {
  id: string;
  field: CrmFieldInfo | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** The default value: one of the CRM's options for an option-type field, else free text. */
function DefaultValue({ id, field, value, onChange }: DefaultValueProps) {
  if (field && takesOption(field)) {
    return (
      <Select<string>
        id={id}
        value={value || undefined}
        placeholder={FieldMappingText.DefaultOptionPlaceholder}
        options={field.options.map((option) => ({ value: option.value, label: option.text }))}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 180 }}
        onChange={(next) => onChange(next ?? '')}
      />
    );
  }
  return (
    <Input
      id={id}
      value={value}
      maxLength={200}
      placeholder={FieldMappingText.DefaultPlaceholder}
      style={{ width: 180 }}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface ChoiceControlsProps {
  id: string;
  name: string;
  field: CrmFieldInfo | undefined;
  productFields: readonly ProductFieldOption[] | undefined;
  productFieldsLoading?: boolean;
  code: ProductFieldCode | null;
  useDefault: boolean;
  defaultValue: string;
  defaultError?: string;
  onCode: (code: ProductFieldCode | null) => void;
  onUseDefault: (useDefault: boolean) => void;
  onDefault: (value: string) => void;
  /** Controls that go between the product field and the default (the project of itemTitle). */
  between?: ReactNode;
}

/** The product field of a CRM field (or child), '使用默认值' and the default value. */
function ChoiceControls({
  id,
  name,
  field,
  productFields,
  productFieldsLoading,
  code,
  useDefault,
  defaultValue,
  defaultError,
  onCode,
  onUseDefault,
  onDefault,
  between,
}: ChoiceControlsProps) {
  const defaulted = sendsDefault(code, useDefault);
  return (
    <Flex wrap gap={8} align="flex-start">
      <Form.Item label={FieldMappingText.ProductField} htmlFor={`${id}-product`} style={{ marginBottom: 0 }}>
        <Select<ProductFieldCode>
          id={`${id}-product`}
          aria-label={FieldMappingText.controlName(name, FieldMappingText.ProductField)}
          value={code ?? undefined}
          placeholder={FieldMappingText.ProductFieldPlaceholder}
          options={productFields ? [...productFields] : []}
          loading={productFieldsLoading}
          disabled={productFields === undefined}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          // A short list: every choice rendered, and so in the accessibility tree (a virtual list names three).
          virtual={false}
          style={{ width: 160 }}
          onChange={(next) => onCode(next ?? null)}
        />
      </Form.Item>
      {between}
      <Form.Item style={{ marginBottom: 0 }}>
        <Checkbox
          checked={defaulted}
          disabled={code === NO_SELECT}
          aria-label={FieldMappingText.controlName(name, FieldMappingText.UseDefault)}
          onChange={(event) => onUseDefault(event.target.checked)}
        >
          {FieldMappingText.UseDefault}
        </Checkbox>
      </Form.Item>
      {defaulted && (
        <Form.Item
          label={FieldMappingText.DefaultValue}
          htmlFor={`${id}-default`}
          required
          validateStatus={defaultError ? 'error' : undefined}
          help={defaultError}
          style={{ marginBottom: 0 }}
        >
          <DefaultValue id={`${id}-default`} field={field} value={defaultValue} onChange={onDefault} />
        </Form.Item>
      )}
    </Flex>
  );
}

/**
 * The body of one CRM field of the mapping list: its product field (项目 then a project; 找不到选项
 * then a default value), '使用默认值' with the default (a CRM option for option fields), and each
 * child field with its own product field and default.
 */
export function MappingRowEditor({ row, field, productFields, productFieldsLoading, items, itemsLoading, errors, onChange }: MappingRowEditorProps) {
  const id = useId();
  const childFields = childrenOf(field);
  const setChild = (index: number, patch: Partial<MappingChildDraft>) =>
    onChange({ ...row, children: row.children.map((child, at) => (at === index ? { ...child, ...patch } : child)) });

  const project =
    row.wyFCode === ITEM_TITLE ? (
      <Form.Item
        label={FieldMappingText.Project}
        htmlFor={`${id}-item`}
        required
        validateStatus={errors?.itemId ? 'error' : undefined}
        help={errors?.itemId}
        style={{ marginBottom: 0 }}
      >
        <ProjectPicker
          id={`${id}-item`}
          aria-label={FieldMappingText.controlName(row.crmFName, FieldMappingText.Project)}
          items={items}
          loading={itemsLoading}
          disableInactive
          value={row.itemId}
          onChange={(itemId) => onChange({ ...row, itemId })}
        />
      </Form.Item>
    ) : undefined;

  return (
    <Flex vertical gap={12}>
      <ChoiceControls
        id={id}
        name={row.crmFName}
        field={field}
        productFields={productFields}
        productFieldsLoading={productFieldsLoading}
        code={row.wyFCode}
        useDefault={row.wyUseDefault}
        defaultValue={row.wyDefaultValue}
        defaultError={errors?.wyDefaultValue}
        onCode={(wyFCode) => onChange({ ...row, wyFCode, itemId: wyFCode === ITEM_TITLE ? row.itemId : null })}
        onUseDefault={(wyUseDefault) => onChange({ ...row, wyUseDefault })}
        onDefault={(wyDefaultValue) => onChange({ ...row, wyDefaultValue })}
        between={project}
      />
      {row.wyFCode === NO_SELECT && <Typography.Text type="secondary">{FieldMappingText.NoSelectHint}</Typography.Text>}
      {row.children.length > 0 && (
        <Flex vertical gap={8} style={{ paddingLeft: 16, borderLeft: '2px solid rgba(5,5,5,0.06)' }}>
          <Typography.Text strong>{FieldMappingText.ChildFields}</Typography.Text>
          {row.children.map((child, index) => (
            <Flex key={child.crmFCode} gap={8} align="baseline" wrap>
              <Typography.Text style={{ minWidth: 96 }}>{child.crmFName}</Typography.Text>
              <ChoiceControls
                id={`${id}-${index}`}
                name={`${row.crmFName} ${child.crmFName}`}
                field={childFields.find((candidate) => candidate.code === child.crmFCode)}
                productFields={productFields}
                productFieldsLoading={productFieldsLoading}
                code={child.wyFChildCode}
                useDefault={child.wyUseDefault}
                defaultValue={child.wyDefaultValue}
                defaultError={errors?.children?.[child.crmFCode]}
                onCode={(wyFChildCode) => setChild(index, { wyFChildCode })}
                onUseDefault={(wyUseDefault) => setChild(index, { wyUseDefault })}
                onDefault={(wyDefaultValue) => setChild(index, { wyDefaultValue })}
              />
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
