import { CrmMessage } from '@portal/contracts/crm';
import { ConfirmAction, type ProjectOption } from '@portal/design-system';
import { Button, Collapse, Flex, Typography } from 'antd';
import {
  type CrmFieldInfo,
  fieldIndex,
  ITEM_TITLE,
  type MappingRowDraft,
  type ProductFieldOption,
  productName,
  type RowErrors,
} from './fieldMappingModel';
import { MappingRowEditor } from './MappingRowEditor';
import { FieldMappingText } from './texts';

export interface FieldMappingListProps {
  rows: readonly MappingRowDraft[];
  /** The CRM's fields as last discovered: required marks, option lists, child fields. */
  crmFields: readonly CrmFieldInfo[];
  /**
   * The product fields the pickers offer, with their names (the CRM's static field list);
   * undefined while it is not there (loading, or failed): the pickers are disabled, and the
   * headers name a chosen field by its code.
   */
  productFields: readonly ProductFieldOption[] | undefined;
  productFieldsLoading?: boolean;
  /** The projects for 项目 (itemTitle). */
  items: readonly ProjectOption[];
  itemsLoading?: boolean;
  /** Problems found on save, by CRM field code. */
  errors?: ReadonlyMap<string, RowErrors>;
  /** The open panels (CRM field codes). */
  openKeys: readonly string[];
  onOpenKeysChange: (keys: string[]) => void;
  onChange: (next: MappingRowDraft) => void;
  onRemove: (crmFCode: string) => void;
}

function summary(row: MappingRowDraft, productFields: readonly ProductFieldOption[] | undefined, items: readonly ProjectOption[]): string {
  if (!row.wyFCode) return FieldMappingText.Unmapped;
  const name = productName(productFields, row.wyFCode);
  const project = row.wyFCode === ITEM_TITLE ? items.find((item) => item.id === row.itemId)?.title : undefined;
  return FieldMappingText.mappedTo(project ? `${name}（${project}）` : name);
}

/**
 * The field mapping as a collapsible list (spec 001 section 2): one panel per CRM field, required
 * fields marked, the chosen product field in the header, 删除 asking '确定要删除吗?'.
 */
export function FieldMappingList({
  rows,
  crmFields,
  productFields,
  productFieldsLoading,
  items,
  itemsLoading,
  errors,
  openKeys,
  onOpenKeysChange,
  onChange,
  onRemove,
}: FieldMappingListProps) {
  const fields = fieldIndex(crmFields);
  return (
    <Collapse
      activeKey={[...openKeys]}
      onChange={(keys) => onOpenKeysChange(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
      items={rows.map((row) => {
        const field = fields.get(row.crmFCode);
        const rowErrors = errors?.get(row.crmFCode);
        return {
          key: row.crmFCode,
          label: (
            <Flex gap={8} align="baseline" wrap>
              <span>
                {field?.required && (
                  <Typography.Text type="danger" aria-label={FieldMappingText.Required} style={{ marginRight: 4 }}>
                    *
                  </Typography.Text>
                )}
                {row.crmFName}
              </span>
              <Typography.Text type={rowErrors ? 'danger' : 'secondary'}>{summary(row, productFields, items)}</Typography.Text>
            </Flex>
          ),
          extra: (
            // The confirmation's buttons are inside the header in React's tree: their clicks must not fold the panel.
            <span onClick={(event) => event.stopPropagation()}>
              <ConfirmAction title={CrmMessage.DeleteConfirm} cancelMessage={CrmMessage.DeleteCancelled} onConfirm={() => onRemove(row.crmFCode)}>
                <Button type="link" size="small" danger aria-label={FieldMappingText.controlName(row.crmFName, FieldMappingText.Delete)}>
                  {FieldMappingText.Delete}
                </Button>
              </ConfirmAction>
            </span>
          ),
          children: (
            <MappingRowEditor
              row={row}
              field={field}
              productFields={productFields}
              productFieldsLoading={productFieldsLoading}
              items={items}
              itemsLoading={itemsLoading}
              errors={rowErrors}
              onChange={onChange}
            />
          ),
        };
      })}
    />
  );
}
