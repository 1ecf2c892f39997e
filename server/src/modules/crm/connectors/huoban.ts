import { asId, asList, CrmHttpError, CrmRefusal, discoveryCalls, fieldEncoder, layFields, pushOneByOne, replyCodeError, requestCrm } from './http';
import type {
  ConnectorContext,
  CrmAccountParams,
  CrmConnector,
  CrmField,
  CrmFieldType,
  CrmStaff,
  MappedField,
  PushOutcome,
  PushRecord,
} from './types';

/**
 * 伙伴云 (huoban) openapi v1, CRM_APIS.md: header `Open-Authorization: Bearer <API key>`, replies
 * `{code: 0, data}`. A record is created with `POST /item {table_id, fields: {<field_id>: value}}`,
 * one per call (the batch `/items` says nothing of which item failed), so push() loops; it reads
 * the table once per push() call to find the name and mobile fields, hence a batchLimit above 1.
 *
 * Account: param1 application id (unused by openapi v1), param2 API key, param3 people table (staff),
 * param4 resource table (where leads go), param5 owner field name (a user field: the record's
 * follower, else what the field mapping fills it with), param6 guest-source field name, param7 tag field name.
 *
 * Our reading beyond CRM_APIS.md: `POST /table/{id}` answers `{table: {fields: [{field_id, name,
 * type, required, config: {type: 'single'|'multi', options: [{id, name}]}, sub_fields}]}}`; the
 * record's name goes in the field named 客户名称/姓名/名称 (else the first text field), its mobile
 * in the first phone field (else the one named 手机/手机号/电话); duplicates are found with
 * `POST /item/list {table_id, filter: {and: [{field, query: {eq}}]}, limit}`; staff are the items
 * of the people table (its user, name, phone and 部门 fields).
 */

const DEFAULT_BASE_URL = 'https://api.huoban.com/openapi/v1';
const BATCH_LIMIT = 20;
const NAME_FIELD_NAMES = ['客户名称', '姓名', '名称', '客户姓名'];
const MOBILE_FIELD_NAMES = ['手机', '手机号', '手机号码', '电话'];
const DEPT_FIELD_NAMES = ['部门', '所属部门'];
const STAFF_LIMIT = 500;

interface HuobanReply {
  code?: number | string;
  message?: string;
  data?: unknown;
}

interface HuobanFieldSpec {
  field_id: number | string;
  name: string;
  type: string;
  required?: boolean;
  config?: { type?: string; options?: { id: number | string; name: string }[] };
  sub_fields?: HuobanFieldSpec[];
}

interface HuobanItem {
  item_id: number | string;
  fields?: Record<string, unknown>;
}

const secretsOf = (account: CrmAccountParams) => [account.param2];

/** One huoban call: its `data` when code is 0; throws CrmHttpError (auth, rate, server) or CrmRefusal. */
async function huobanCall(account: CrmAccountParams, ctx: ConnectorContext, path: string, json: unknown): Promise<unknown> {
  const headers = { 'Open-Authorization': `Bearer ${account.param2 ?? ''}` };
  const { body } = await requestCrm(ctx, { path, json, headers, secrets: secretsOf(account) });
  const reply = (body ?? {}) as HuobanReply;
  const code = Number(reply.code);
  if (code === 0) return reply.data;
  const message = reply.message ?? `code ${String(reply.code)}`;
  throw replyCodeError(code, `huoban ${path}: ${message}`, message);
}

async function tableFields(account: CrmAccountParams, ctx: ConnectorContext, tableId: string | null): Promise<HuobanFieldSpec[]> {
  if (!tableId) throw new CrmRefusal('未设置伙伴云表格');
  const data = (await huobanCall(account, ctx, `table/${encodeURIComponent(tableId)}`, {})) as { table?: { fields?: HuobanFieldSpec[] } } | null;
  return data?.table?.fields ?? [];
}

function kindOf(spec: HuobanFieldSpec): CrmFieldType {
  switch (spec.type) {
    case 'number':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    case 'phone':
      return 'phone';
    case 'category':
      return spec.config?.type === 'multi' ? 'options' : 'option';
    case 'user':
      return 'user';
    default:
      return 'text';
  }
}

function fieldOf(spec: HuobanFieldSpec): CrmField {
  const field: CrmField = { code: String(spec.field_id), name: spec.name, type: kindOf(spec), required: spec.required === true };
  if (spec.config?.options?.length) field.options = spec.config.options.map((option) => ({ value: String(option.id), text: option.name }));
  if (spec.sub_fields?.length) field.children = spec.sub_fields.map(fieldOf);
  return field;
}

const byName = (specs: HuobanFieldSpec[], names: string[]) => specs.find((spec) => names.includes(spec.name));
const nameFieldOf = (specs: HuobanFieldSpec[]) => byName(specs, NAME_FIELD_NAMES) ?? specs.find((spec) => spec.type === 'text');
const mobileFieldOf = (specs: HuobanFieldSpec[]) => specs.find((spec) => spec.type === 'phone') ?? byName(specs, MOBILE_FIELD_NAMES);

/** A mapped field's value as huoban takes it: categories arrays of option ids, users `[{user_id}]`. */
const optionIds = (value: MappedField['value']) => asList(value).map(asId);
const encodeValue = fieldEncoder({
  option: optionIds,
  options: optionIds,
  user: (value) => asList(value).map((id) => ({ user_id: asId(id) })),
});

interface Target {
  tableId: string;
  nameField: string;
  mobileField: string;
  /** The tag field (named by param7), where the labels go; none without param7 or such a field. */
  tagField?: string;
  /** The owner field (the user field named by param5), where the record's follower goes; none without param5 or such a field. */
  ownerField?: string;
}

/**
 * The item's `fields`: the mapped fields by field_id, the record's name and mobile, its labels as tag
 * option ids, and its follower (the lead's receiver) in the owner field over what the field mapping sends there.
 */
function itemFieldsOf(target: Target, record: PushRecord): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    ...layFields(record.fields, encodeValue),
    [target.nameField]: record.name,
    [target.mobileField]: record.mobile,
  };
  if (target.tagField && record.labels.length > 0) {
    const mapped = Array.isArray(fields[target.tagField]) ? (fields[target.tagField] as unknown[]) : [];
    fields[target.tagField] = [...new Set([...mapped, ...record.labels.map(asId)])];
  }
  if (target.ownerField && record.followerId) fields[target.ownerField] = [{ user_id: asId(record.followerId) }];
  return fields;
}

async function duplicateOf(account: CrmAccountParams, ctx: ConnectorContext, target: Target, mobile: string): Promise<string | undefined> {
  const filter = { and: [{ field: asId(target.mobileField), query: { eq: mobile } }] };
  const data = (await huobanCall(account, ctx, 'item/list', { table_id: asId(target.tableId), filter, limit: 1 })) as { items?: HuobanItem[] } | null;
  const found = data?.items?.[0];
  return found ? String(found.item_id) : undefined;
}

async function pushOne(account: CrmAccountParams, ctx: ConnectorContext, target: Target, record: PushRecord): Promise<PushOutcome> {
  const duplicate = record.mobile ? await duplicateOf(account, ctx, target, record.mobile) : undefined;
  if (duplicate !== undefined) return { kind: 'delivered', crmId: duplicate, duplicate: true };
  const body = { table_id: asId(target.tableId), fields: itemFieldsOf(target, record) };
  const data = (await huobanCall(account, ctx, 'item', body)) as { item?: { item_id?: unknown } } | null;
  if (data?.item?.item_id == null) throw new CrmHttpError('server', 'huoban item: no item_id in the reply');
  return { kind: 'delivered', crmId: String(data.item.item_id) };
}

async function targetOf(account: CrmAccountParams, ctx: ConnectorContext): Promise<Target> {
  const specs = await tableFields(account, ctx, account.param4);
  const nameField = nameFieldOf(specs);
  const mobileField = mobileFieldOf(specs);
  if (!nameField) throw new CrmRefusal('伙伴云表格中没有客户名称字段');
  if (!mobileField) throw new CrmRefusal('伙伴云表格中没有手机字段');
  const tagField = account.param7 ? specs.find((spec) => spec.name === account.param7) : undefined;
  const ownerField = account.param5 ? specs.find((spec) => spec.name === account.param5 && spec.type === 'user') : undefined;
  return {
    tableId: account.param4 as string,
    nameField: String(nameField.field_id),
    mobileField: String(mobileField.field_id),
    tagField: tagField ? String(tagField.field_id) : undefined,
    ownerField: ownerField ? String(ownerField.field_id) : undefined,
  };
}

/** The table is read once per push() call, then one item per call. */
function push(account: CrmAccountParams, records: readonly PushRecord[], ctx: ConnectorContext): Promise<PushOutcome[]> {
  return pushOneByOne(
    records,
    () => targetOf(account, ctx),
    (target, record) => pushOne(account, ctx, target, record),
    secretsOf(account),
  );
}

/** The options of the resource table's field named `name` (param6 sources, param7 tags); none without a name. */
async function optionsOfField(account: CrmAccountParams, ctx: ConnectorContext, name: string | null) {
  if (!name) return [];
  const spec = (await tableFields(account, ctx, account.param4)).find((field) => field.name === name);
  return spec?.config?.options ?? [];
}

/** The people table's items as staff: the user field gives the id, the name/phone/部门 fields the rest. */
async function staff(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmStaff[]> {
  const specs = await tableFields(account, ctx, account.param3);
  const userField = specs.find((spec) => spec.type === 'user');
  const nameField = nameFieldOf(specs);
  const phoneField = mobileFieldOf(specs);
  const deptField = byName(specs, DEPT_FIELD_NAMES);
  const data = (await huobanCall(account, ctx, 'item/list', { table_id: asId(account.param3 as string), limit: STAFF_LIMIT })) as {
    items?: HuobanItem[];
  } | null;
  const text = (value: unknown): string => {
    if (value == null) return '';
    if (Array.isArray(value))
      return value
        .map((item) => (typeof item === 'object' && item !== null ? String((item as { name?: unknown }).name ?? '') : String(item)))
        .join(',');
    return String(value);
  };
  return (data?.items ?? []).map((item) => {
    const fields = item.fields ?? {};
    const user = userField ? (fields[String(userField.field_id)] as { user_id?: unknown; name?: unknown }[] | undefined)?.[0] : undefined;
    return {
      userId: String(user?.user_id ?? item.item_id),
      userName: nameField ? text(fields[String(nameField.field_id)]) || text(user?.name) : text(user?.name),
      phone: phoneField ? text(fields[String(phoneField.field_id)]) : '',
      deptName: deptField ? text(fields[String(deptField.field_id)]) : '',
    };
  });
}

/** The 伙伴云 connector. */
export const huobanConnector: CrmConnector = {
  code: 'huoban',
  batchLimit: BATCH_LIMIT,
  defaultBaseUrl: () => DEFAULT_BASE_URL,
  push,
  ...discoveryCalls(secretsOf, {
    verify: async (account, ctx) => {
      await tableFields(account, ctx, account.param4);
    },
    fields: async (account, ctx) => (await tableFields(account, ctx, account.param4)).map(fieldOf),
    sources: async (account, ctx) =>
      (await optionsOfField(account, ctx, account.param6)).map((option) => ({ code: String(option.id), name: option.name })),
    labels: async (account, ctx) =>
      (await optionsOfField(account, ctx, account.param7)).map((option) => ({ classId: String(option.id), className: option.name })),
    staff: (account, ctx) => staff(account, ctx),
  }),
};
