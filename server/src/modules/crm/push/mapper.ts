import { RES_TYPE_LABELS } from '@portal/contracts';
import { leadContentText } from '@portal/contracts/leads';
import { MappingResType, PRODUCT_FIELDS, type ProductFieldCode } from '@portal/contracts/crm';
import type { CrmField, CrmFieldType, MappedField, PushRecord } from '../connectors/types';
import type { FieldMappingRow, PushLabelRow, PushMapping } from '../settings/service';

/**
 * Turns a lead into what one CRM is sent (a PushRecord): its name, mobile, remark and region,
 * and one value per mapped CRM field (spec 001 section 2 "Field mapping"):
 *
 * - a row maps a CRM field to a product field (PRODUCT_FIELDS); its value is the lead's;
 * - itemTitle: a row with a project applies to that project's leads only (a row without one to all);
 * - channel, resType and itemTitle, like any value, go into an option field as the option whose
 *   text matches (its `value` is sent); a text that matches no option falls back to the row's
 *   default value, or leaves the field out;
 * - noSelect ('找不到选项') and 'use default' send the row's default value;
 * - an empty lead value sends the default value when there is one, else nothing;
 * - child rows (a CRM field's sub-fields) are mapped one by one the same way, under the parent's code.
 */

/** The lead as the mapper reads it (a row of leads). */
export interface MappableLead {
  id: number;
  name: string;
  mobile: string;
  remark: string | null;
  province: string | null;
  city: string | null;
  region: string | null;
  searchWord: string | null;
  createTime: string;
  itemId: number | null;
  itemTitle: string;
  channelId: number | null;
  channelTitle: string | null;
  resType: number;
  qq: string | null;
  address: string | null;
  content: string | null;
  ipArea: string | null;
  pageUrl: string | null;
  /** The CRM user id of the lead's receiver in the CRM pushed to (PushRecord.followerId); null or absent: none. */
  followerCrmUserId?: string | null;
}

const PRODUCT_FIELD_NAMES = new Map<string, string>(PRODUCT_FIELDS.map((field) => [field.code, field.name]));

/** The mapping (1 form, 2 smart chat) a lead of `resType` is pushed with. */
export const mappingResTypeOf = (resType: number): number => (resType === MappingResType.SmartChat ? MappingResType.SmartChat : MappingResType.Form);

const textOrNull = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  return text ? text : null;
};

/** The lead's value of a product field, as text; null when the lead has none (or the code is noSelect). */
export function productValue(lead: MappableLead, code: ProductFieldCode | string | null): string | null {
  switch (code) {
    case 'name':
      return textOrNull(lead.name);
    case 'mobile':
      return textOrNull(lead.mobile);
    case 'itemTitle':
      return textOrNull(lead.itemTitle);
    case 'channel':
      return textOrNull(lead.channelTitle);
    case 'resType':
      return RES_TYPE_LABELS[lead.resType] ?? null;
    case 'province':
      return textOrNull(lead.province);
    case 'city':
      return textOrNull(lead.city);
    case 'region':
      return textOrNull(lead.region);
    case 'searchWord':
      return textOrNull(lead.searchWord);
    case 'createTime':
      return lead.createTime;
    case 'remark':
      return textOrNull(lead.remark);
    case 'qq':
      return textOrNull(lead.qq);
    case 'address':
      return textOrNull(lead.address);
    case 'content':
      return textOrNull(leadContentText(lead.content));
    case 'ipArea':
      return textOrNull(lead.ipArea);
    case 'pageUrl':
      return textOrNull(lead.pageUrl);
    default:
      return null;
  }
}

/** The option of `field` a text names: by its text, else by its value (a default may be typed either way). */
function optionValue(field: CrmField | undefined, text: string): string | null {
  const options = field?.options;
  // Without discovered options (never updated, or a CRM that takes the text), the text itself.
  if (!options || options.length === 0) return text;
  const wanted = text.trim();
  return (options.find((option) => option.text === wanted) ?? options.find((option) => option.value === wanted))?.value ?? null;
}

/** `text` as the field's kind takes it; null when it cannot be (an unknown option, a number that is none). */
function encode(type: CrmFieldType, field: CrmField | undefined, text: string): MappedField['value'] | null {
  switch (type) {
    case 'number': {
      const number = Number(text.trim());
      return text.trim() !== '' && Number.isFinite(number) ? number : null;
    }
    case 'option':
      return optionValue(field, text);
    case 'options': {
      const values = text
        .split(/[,，]/)
        .map((part) => optionValue(field, part))
        .filter((value): value is string => value !== null);
      return values.length ? values : null;
    }
    case 'user': {
      const ids = text
        .split(/[,，]/)
        .map((part) => part.trim())
        .filter(Boolean);
      return ids.length ? ids : null;
    }
    default:
      return text;
  }
}

interface Source {
  wyFCode: string | null;
  wyDefaultValue: string | null;
  wyUseDefault: boolean;
  /** A yes/no default (wyDefaultBooleanValue), sent as 是/否 when there is no default text. */
  wyDefaultBooleanValue?: boolean | null;
}

const defaultOf = (source: Source): string | null =>
  textOrNull(source.wyDefaultValue) ?? (source.wyDefaultBooleanValue == null ? null : source.wyDefaultBooleanValue ? '是' : '否');

/** One CRM field's value from its mapping source; null: leave the field out. */
function valueOf(lead: MappableLead, source: Source, field: CrmField | undefined, fallbackType: CrmFieldType): MappedField['value'] | null {
  const type = field?.type ?? fallbackType;
  const fallback = defaultOf(source);
  const fromDefault = () => (fallback === null ? null : encode(type, field, fallback));
  if (source.wyUseDefault || source.wyFCode === 'noSelect') return fromDefault();
  const text = productValue(lead, source.wyFCode);
  if (text === null) return fromDefault();
  return encode(type, field, text) ?? fromDefault();
}

/** The kind a field not (yet) discovered is sent as: the product field's, options as their text. */
const fallbackTypeOf = (code: string | null): CrmFieldType => {
  const type = PRODUCT_FIELDS.find((field) => field.code === code)?.type;
  return type === 'phone' || type === 'date' ? type : 'text';
};

/** Whether a row applies to the lead: an itemTitle row with a project only to that project's leads. */
const appliesTo = (row: FieldMappingRow, lead: MappableLead): boolean =>
  !(row.wyFCode === 'itemTitle' && row.itemId != null && row.itemId !== lead.itemId);

/** The mapped fields of a lead under a mapping (one CRM, one resType). */
export function mapFields(lead: MappableLead, mapping: PushMapping): MappedField[] {
  const fieldsByCode = new Map(mapping.crmFields.map((field) => [field.code, field]));
  const out: MappedField[] = [];
  const done = new Set<string>();
  for (const row of mapping.rows) {
    if (done.has(row.crmFCode) || !appliesTo(row, lead)) continue;
    const field = fieldsByCode.get(row.crmFCode);
    const name = field?.name ?? (row.crmFName || row.crmFCode);
    const mappedChildren = row.children.filter((child) => child.wyFChildCode || child.wyUseDefault);
    if (mappedChildren.length > 0) {
      const childFields = new Map((field?.children ?? []).map((child) => [child.code, child]));
      for (const child of mappedChildren) {
        const childField = childFields.get(child.crmFCode);
        const value = valueOf(
          lead,
          { wyFCode: child.wyFChildCode, wyDefaultValue: child.wyDefaultValue, wyUseDefault: child.wyUseDefault },
          childField,
          fallbackTypeOf(child.wyFChildCode),
        );
        if (value === null) continue;
        out.push({
          code: child.crmFCode,
          parentCode: row.crmFCode,
          name: childField?.name ?? (child.crmFName || child.crmFCode),
          type: childField?.type ?? fallbackTypeOf(child.wyFChildCode),
          value,
        });
      }
      done.add(row.crmFCode);
      continue;
    }
    if (!row.wyFCode && !row.wyUseDefault) continue;
    const value = valueOf(lead, row, field, fallbackTypeOf(row.wyFCode));
    if (value === null) continue;
    out.push({ code: row.crmFCode, name, type: field?.type ?? fallbackTypeOf(row.wyFCode), value });
    done.add(row.crmFCode);
  }
  return out;
}

/**
 * The CRM labels of a lead (spec 001 section 2 "Label mapping"): the class ids of the rows of its
 * project whose channel is the lead's or any (null), and whose resType is the lead's (as its field
 * mapping reads it: 1 form, 2 smart chat) or unlimited (0); distinct, in the rows' order.
 */
export function labelsOf(lead: MappableLead, rows: readonly PushLabelRow[]): string[] {
  const resType = mappingResTypeOf(lead.resType);
  const labels = new Set<string>();
  for (const row of rows) {
    if (lead.itemId == null || row.itemId !== lead.itemId) continue;
    if (row.channelId != null && row.channelId !== lead.channelId) continue;
    if (row.resType !== 0 && row.resType !== resType) continue;
    labels.add(row.classId);
  }
  return [...labels];
}

/**
 * The record a connector pushes for a lead; `labelRows`: the customer's label mapping rows of the CRM.
 * The receiver's CRM user id, when the lead has one in this CRM, is the record's follower.
 */
export function toPushRecord(lead: MappableLead, mapping: PushMapping, labelRows: readonly PushLabelRow[] = []): PushRecord {
  const record: PushRecord = {
    leadId: lead.id,
    name: lead.name,
    mobile: lead.mobile,
    remark: lead.remark ?? '',
    province: lead.province,
    city: lead.city,
    fields: mapFields(lead, mapping),
    labels: labelsOf(lead, labelRows),
  };
  const followerId = lead.followerCrmUserId?.trim();
  if (followerId) record.followerId = followerId;
  return record;
}

/**
 * The fields an attempt sent, as the delivery log keeps them: name and mobile, then each mapped field
 * ({code, name, value}; a child 'parent.child'), then the labels (class ids) when there are any, and
 * the follower (the receiver's CRM user id) when there is one.
 */
export const sentFields = (record: PushRecord): Array<{ code: string; name: string; value: unknown }> => [
  { code: 'name', name: PRODUCT_FIELD_NAMES.get('name') ?? 'name', value: record.name },
  { code: 'mobile', name: PRODUCT_FIELD_NAMES.get('mobile') ?? 'mobile', value: record.mobile },
  ...record.fields.map((field) => ({
    code: field.parentCode ? `${field.parentCode}.${field.code}` : field.code,
    name: field.name,
    value: field.value,
  })),
  ...(record.labels.length > 0 ? [{ code: 'labels', name: '标签', value: record.labels }] : []),
  ...(record.followerId ? [{ code: 'followerId', name: '跟进人', value: record.followerId }] : []),
];
