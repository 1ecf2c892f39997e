import type { CrmCode } from '@portal/contracts';
import { CrmMessage, type FieldMapping, type FieldMappingRowInput, PRODUCT_FIELD_CODES, type ProductFieldCode } from '@portal/contracts/crm';
import { FieldMappingText } from './texts';

/** A CRM field as 'update data' discovered it (type, options, children). */
export type CrmFieldInfo = FieldMapping['crmFields'][number];

/** One child row being edited: a CRM sub-field and what fills it. */
export interface MappingChildDraft {
  crmFCode: string;
  crmFName: string;
  wyFChildCode: ProductFieldCode | null;
  wyDefaultValue: string;
  wyUseDefault: boolean;
}

/** One row of the field mapping being edited: a CRM field and the product field (or default) that fills it. */
export interface MappingRowDraft {
  crmFCode: string;
  crmFName: string;
  wyFCode: ProductFieldCode | null;
  /** itemTitle: the project. */
  itemId: number | null;
  /** Kept as saved; no control of this screen sets it. */
  channelId: number | null;
  wyDefaultValue: string;
  wyDefaultBooleanValue: boolean | null;
  wyUseDefault: boolean;
  children: MappingChildDraft[];
}

/** What can be wrong with a row, by place: the row's own controls and each child's, by child code. */
export interface RowErrors {
  itemId?: string;
  wyDefaultValue?: string;
  children?: Record<string, string>;
}

export const NO_SELECT: ProductFieldCode = 'noSelect';
export const ITEM_TITLE: ProductFieldCode = 'itemTitle';

const isProductField = (code: string | null | undefined): code is ProductFieldCode => PRODUCT_FIELD_CODES.includes(code as ProductFieldCode);
const productField = (code: string | null | undefined): ProductFieldCode | null => (isProductField(code) ? code : null);

/** One choice of the product field pickers. */
export interface ProductFieldOption {
  value: ProductFieldCode;
  label: string;
}

/**
 * The pickers' choices from the CRM's static field list (crmstaticfield/listByCrmCode): its fields
 * in its order and with its names, the special ones (项目 itemTitle, 渠道 channel, 资源类型 resType,
 * 找不到选项 noSelect) among them. A code the mapping's save does not take (PRODUCT_FIELD_CODES of
 * the contract: the server would refuse it) is left out, and so is a repeated code.
 */
export function productOptions(fields: ReadonlyArray<{ wyFCode: string; wyFName: string }>): ProductFieldOption[] {
  const seen = new Set<string>();
  const options: ProductFieldOption[] = [];
  for (const field of fields) {
    if (!isProductField(field.wyFCode) || seen.has(field.wyFCode)) continue;
    seen.add(field.wyFCode);
    options.push({ value: field.wyFCode, label: field.wyFName || field.wyFCode });
  }
  return options;
}

/** The name the choices give a product field, else its code (the list not there yet, or the field no longer offered). */
export const productName = (options: readonly ProductFieldOption[] | undefined, code: string): string =>
  options?.find((option) => option.value === code)?.label ?? code;

/** Whether the row (or child) sends its default value: '使用默认值' ticked, or 找不到选项 (which has nothing else to send). */
export const sendsDefault = (code: ProductFieldCode | null, useDefault: boolean): boolean => useDefault || code === NO_SELECT;

/** Option-type CRM fields take one of the CRM's options as their default. */
export const takesOption = (field: CrmFieldInfo | undefined): boolean =>
  field !== undefined && field.type.startsWith('option') && field.options.length > 0;

const freshChild = (field: CrmFieldInfo): MappingChildDraft => ({
  crmFCode: field.code,
  crmFName: field.name,
  wyFChildCode: null,
  wyDefaultValue: '',
  wyUseDefault: false,
});

const freshRow = (field: CrmFieldInfo): MappingRowDraft => ({
  crmFCode: field.code,
  crmFName: field.name,
  wyFCode: null,
  itemId: null,
  channelId: null,
  wyDefaultValue: '',
  wyDefaultBooleanValue: null,
  wyUseDefault: false,
  children: field.children.map((child) => freshChild(child as CrmFieldInfo)),
});

/** The CRM's fields by code, children under their parent's. */
export function fieldIndex(fields: readonly CrmFieldInfo[]): Map<string, CrmFieldInfo> {
  return new Map(fields.map((field) => [field.code, field]));
}

export const childrenOf = (field: CrmFieldInfo | undefined): CrmFieldInfo[] => (field?.children ?? []) as CrmFieldInfo[];

/** A saved row's children completed with the sub-fields the CRM has and the row has not yet. */
function withChildren(children: MappingChildDraft[], field: CrmFieldInfo | undefined): MappingChildDraft[] {
  const known = new Set(children.map((child) => child.crmFCode));
  return [
    ...children,
    ...childrenOf(field)
      .filter((child) => !known.has(child.code))
      .map(freshChild),
  ];
}

/**
 * The list to edit for an answer of getByUser: the saved rows (a removed row stays removed), or,
 * before the first save, every field the CRM has.
 */
export function rowsFromAnswer(answer: FieldMapping): MappingRowDraft[] {
  const fields = fieldIndex(answer.crmFields);
  if (answer.rows.length === 0) return answer.crmFields.map(freshRow);
  return answer.rows.map((row) => ({
    crmFCode: row.crmFCode,
    crmFName: row.crmFName || fields.get(row.crmFCode)?.name || row.crmFCode,
    wyFCode: productField(row.wyFCode),
    itemId: row.itemId,
    channelId: row.channelId,
    wyDefaultValue: row.wyDefaultValue ?? '',
    wyDefaultBooleanValue: row.wyDefaultBooleanValue,
    wyUseDefault: row.wyUseDefault,
    children: withChildren(
      row.children.map((child) => ({
        crmFCode: child.crmFCode,
        crmFName: child.crmFName || child.crmFCode,
        wyFChildCode: productField(child.wyFChildCode),
        wyDefaultValue: child.wyDefaultValue ?? '',
        wyUseDefault: child.wyUseDefault,
      })),
      fields.get(row.crmFCode),
    ),
  }));
}

/**
 * The list after 'update data': what is being edited stays as it is, fields the CRM no longer has
 * go, and fields it has newly (or that were never in the list) come at the end, unmapped.
 */
export function mergeUpdatedFields(current: readonly MappingRowDraft[], answer: FieldMapping): MappingRowDraft[] {
  const fields = fieldIndex(answer.crmFields);
  const kept = current
    .filter((row) => fields.has(row.crmFCode))
    .map((row) => {
      const field = fields.get(row.crmFCode);
      const childCodes = new Set(childrenOf(field).map((child) => child.code));
      return {
        ...row,
        crmFName: field?.name ?? row.crmFName,
        children: withChildren(
          row.children.filter((child) => childCodes.has(child.crmFCode)),
          field,
        ),
      };
    });
  const listed = new Set(kept.map((row) => row.crmFCode));
  return [...kept, ...answer.crmFields.filter((field) => !listed.has(field.code)).map(freshRow)];
}

/** What stops the list from being saved, by CRM field code (rows without a problem are left out). */
export function mappingErrors(rows: readonly MappingRowDraft[]): Map<string, RowErrors> {
  const errors = new Map<string, RowErrors>();
  for (const row of rows) {
    const found: RowErrors = {};
    if (row.wyFCode === ITEM_TITLE && row.itemId === null) found.itemId = FieldMappingText.ProjectRequired;
    if (sendsDefault(row.wyFCode, row.wyUseDefault) && row.wyDefaultValue.trim() === '') found.wyDefaultValue = FieldMappingText.DefaultRequired;
    for (const child of row.children) {
      if (sendsDefault(child.wyFChildCode, child.wyUseDefault) && child.wyDefaultValue.trim() === '') {
        found.children = { ...found.children, [child.crmFCode]: FieldMappingText.DefaultRequired };
      }
    }
    if (Object.keys(found).length > 0) errors.set(row.crmFCode, found);
  }
  return errors;
}

/** Why the list cannot be sent at all, before any row is looked at: an empty list (spec 001 section 5). */
export const listError = (rows: readonly MappingRowDraft[]): string | null => (rows.length === 0 ? CrmMessage.NoProjects : null);

const defaultOf = (code: ProductFieldCode | null, useDefault: boolean, value: string): string | null =>
  sendsDefault(code, useDefault) ? value.trim() : null;

/** The body of POST /es/fieldmapping/post: each row with only what its choice uses. */
export function toSaveBody(
  crmCode: CrmCode,
  resType: 1 | 2,
  rows: readonly MappingRowDraft[],
): { crmCode: CrmCode; resType: 1 | 2; list: FieldMappingRowInput[] } {
  return {
    crmCode,
    resType,
    list: rows.map((row) => ({
      crmFCode: row.crmFCode,
      crmFName: row.crmFName,
      wyFCode: row.wyFCode,
      itemId: row.wyFCode === ITEM_TITLE ? row.itemId : null,
      channelId: row.channelId,
      wyDefaultValue: defaultOf(row.wyFCode, row.wyUseDefault, row.wyDefaultValue),
      wyDefaultBooleanValue: row.wyDefaultBooleanValue,
      wyUseDefault: sendsDefault(row.wyFCode, row.wyUseDefault),
      children: row.children.map((child) => ({
        crmFCode: child.crmFCode,
        crmFName: child.crmFName,
        wyFChildCode: child.wyFChildCode,
        wyDefaultValue: defaultOf(child.wyFChildCode, child.wyUseDefault, child.wyDefaultValue),
        wyUseDefault: sendsDefault(child.wyFChildCode, child.wyUseDefault),
      })),
    })),
  };
}
