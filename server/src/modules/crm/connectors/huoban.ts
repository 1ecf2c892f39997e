import { CRM_DISCOVERY_MAX } from '../limits';
import {
  asId,
  asList,
  CrmAnswerRefused,
  CrmHttpError,
  CrmRefusal,
  discoveryCalls,
  fieldEncoder,
  layFields,
  outcomeOfError,
  pushOneByOne,
  replyCodeError,
  requestCrm,
} from './http';
import type {
  CallLimit,
  ConnectorContext,
  CrmAccountParams,
  CrmConnector,
  CrmField,
  CrmFieldType,
  CrmStaff,
  FollowerChange,
  MappedField,
  PushOutcome,
  PushRecord,
} from './types';

/**
 * 伙伴云 (huoban) openapi v1. Row ids are those of CRM_APIS_REVIEW section 4; the sources are the
 * official pages at openapi.huoban.com [HB-D] (api-17851172 创建数据, api-17851170 查询数据列表,
 * api-47403602 批量创建数据, doc-661258 数据筛选器, and the menu of the API), docs.huoban.com's v2
 * data-format page, and ZhaohangYangHuoban/huoban-openapi [HB-S].
 *
 * Documented, and what we send:
 * - H1/H2: `https://api.huoban.com/openapi/v1`, header `Open-Authorization: Bearer <API key>`.
 * - H3: replies `{code, message, data}`, code 0 on success.
 * - H4/H13: `POST /table/{table_id}` answers the table's `fields [{field_id, name, type, config: {options: [{id, name}]}}]`;
 *   sources and labels are the options of the category fields named by param6 and param7.
 * - H5/H10: `POST /item {table_id, fields: {<field_id>: value}}` → `data.item.item_id`, one record per
 *   call (the batch `/items` is asynchronous, its results come by callback); `table_id` is sent as
 *   text, as the page types it. The table is read once per push() call, hence a batchLimit above 1.
 * - H6: text and phone as text, numbers as numbers, dates `YYYY-MM-DD[ HH:mm:ss]` (China time).
 * - H7: a category value is an array of option ids, sent as text as the v1 example shows (`["1"]`).
 * - H8: a user field (the param5 owner field, and any mapped user field) is an array of workspace
 *   member ids, sent as text as the v1 example shows (`["1000001"]`; the v2 page shows integers).
 *   Objects such as `{user_id, name, avatar}` are the read shape only (`created_by`, item replies).
 * - H9: duplicates by `POST /item/list {table_id, filter: {and: [{field, query: {eq}}]}, limit}`.
 * - H16: a location value is `{poi, address, name, pcode, pname, citycode, cityname, adcode, adname, coordinate}`.
 *
 * Assumed (each in one place, marked `Assumption (review Hn)`): the field type names (H11, H16:
 * TYPE_NAMES), how a location field's mapped parts become that object (H16: LOCATION_PARTS,
 * locationValueOf), the workspace-member call behind "获取工作区成员列表 (POST)" and where its
 * workspace id comes from (H12: spaceMembers), how a failure is signalled (H14: failureOf) and that
 * there is no call rate to keep to (H15: CALL_LIMITS).
 *
 * Staff (H12): the items of the people table (param3), a user field giving each one's member id;
 * where param3 is empty, is no table id, names no table the key can read, or a table without a
 * user field, the workspace's members instead.
 *
 * No follow-up (review 0.3): the v1 API documents items, tables, files, workflows, data warehouse,
 * subscriptions and workspaces, but no comment or activity (动态) call on an item, so `followUp` is
 * absent; a follow-up could only be written as item fields, which a customer's table does not define.
 *
 * Account: param1 application id (unused by openapi v1), param2 API key, param3 people table (staff),
 * param4 resource table (where leads go), param5 owner field name (a user field: the record's
 * follower, else what the field mapping fills it with), param6 guest-source field name, param7 tag field name.
 */

const DEFAULT_BASE_URL = 'https://api.huoban.com/openapi/v1';
const BATCH_LIMIT = 20;
const NAME_FIELD_NAMES = ['客户名称', '姓名', '名称', '客户姓名'];
const MOBILE_FIELD_NAMES = ['手机', '手机号', '手机号码', '电话'];
const DEPT_FIELD_NAMES = ['部门', '所属部门'];
const STAFF_LIMIT = 500;
const TABLE_ID = /^\d+$/;

/**
 * Assumption (review H11, H16): the `type` names of the fields in a `table/{id}` reply. Only
 * 'category' (options) and 'user' are backed by a source ([HB-S], the v2 data-format page); the
 * names of a single-line text field ('text': the record's name goes in the field named
 * 客户名称/姓名/名称, else the first text field), a phone field ('phone': the record's mobile goes
 * in the first one, else in the field named 手机/电话), a date field and a location field
 * ('location') were not found. A support engineer with a real account should read one table's
 * config and correct the names here.
 */
const TYPE_NAMES = {
  text: ['text'],
  phone: ['phone'],
  number: ['number'],
  date: ['date', 'datetime'],
  category: ['category'],
  user: ['user'],
  location: ['location'],
} as const;

const isType = (spec: { type: string }, kind: keyof typeof TYPE_NAMES): boolean => (TYPE_NAMES[kind] as readonly string[]).includes(spec.type);

/**
 * Assumption (review H16): the parts of a location value a field mapping can fill, offered as the
 * location field's children. The docs show only the value, with no sub-fields, so we offer the parts
 * a lead can fill by name: province (pname), city (cityname), district (adname) and street address
 * (address); codes (pcode, citycode, adcode), poi and coordinate are left out (we have none).
 */
const LOCATION_PARTS: readonly { code: string; name: string }[] = [
  { code: 'pname', name: '省份' },
  { code: 'cityname', name: '城市' },
  { code: 'adname', name: '区县' },
  { code: 'address', name: '详细地址' },
];

/**
 * Assumption (review H15): no call rate of openapi v1 is documented, so the pacer keeps to none
 * (empty: none). A support engineer should ask Huoban for the rate of an API key and add it here.
 */
const CALL_LIMITS: readonly CallLimit[] = [];

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
}

interface HuobanItem {
  item_id: number | string;
  fields?: Record<string, unknown>;
}

const secretsOf = (account: CrmAccountParams) => [account.param2];

/**
 * Assumption (review H14): how huoban signals a failure is not documented. We read an auth failure
 * both ways: HTTP 401/403 (requestCrm) and a reply code of 401/403; a reply code 429 is a rate
 * limit, 5xx (or none readable) a server failure, any other code a refusal with huoban's message.
 * A support engineer should call with a wrong and an expired key and correct this mapping.
 */
function failureOf(path: string, reply: HuobanReply): CrmHttpError | CrmRefusal {
  const message = reply.message ?? `code ${String(reply.code)}`;
  return replyCodeError(Number(reply.code), `huoban ${path}: ${message}`, message);
}

/** One huoban call: its `data` when code is 0; throws CrmHttpError (auth, rate, server) or CrmRefusal. */
async function huobanCall(
  account: CrmAccountParams,
  ctx: ConnectorContext,
  path: string,
  json: unknown,
  write = false,
  method: 'POST' | 'PUT' = 'POST',
): Promise<unknown> {
  const headers = { 'Open-Authorization': `Bearer ${account.param2 ?? ''}` };
  const { body } = await requestCrm(ctx, { method, path, json, headers, secrets: secretsOf(account), write });
  const reply = (body ?? {}) as HuobanReply;
  if (Number(reply.code) === 0) return reply.data;
  throw failureOf(path, reply);
}

interface TableConfig {
  fields: HuobanFieldSpec[];
  spaceId?: string;
}

async function tableConfig(account: CrmAccountParams, ctx: ConnectorContext, tableId: string | null): Promise<TableConfig> {
  if (!tableId) throw new CrmRefusal('未设置伙伴云表格');
  const data = (await huobanCall(account, ctx, `table/${encodeURIComponent(tableId)}`, {})) as {
    table?: { fields?: HuobanFieldSpec[]; space_id?: unknown };
  } | null;
  const spaceId = data?.table?.space_id;
  return { fields: data?.table?.fields ?? [], spaceId: spaceId == null || spaceId === '' ? undefined : String(spaceId) };
}

const tableFields = async (account: CrmAccountParams, ctx: ConnectorContext, tableId: string | null): Promise<HuobanFieldSpec[]> =>
  (await tableConfig(account, ctx, tableId)).fields;

function kindOf(spec: HuobanFieldSpec): CrmFieldType {
  if (isType(spec, 'number')) return 'number';
  if (isType(spec, 'date')) return 'date';
  if (isType(spec, 'phone')) return 'phone';
  if (isType(spec, 'category')) return spec.config?.type === 'multi' ? 'options' : 'option';
  if (isType(spec, 'user')) return 'user';
  return 'text';
}

function fieldOf(spec: HuobanFieldSpec): CrmField {
  const field: CrmField = { code: String(spec.field_id), name: spec.name, type: kindOf(spec), required: spec.required === true };
  if (spec.config?.options?.length) field.options = spec.config.options.map((option) => ({ value: String(option.id), text: option.name }));
  if (isType(spec, 'location')) field.children = LOCATION_PARTS.map((part) => ({ code: part.code, name: part.name, type: 'text', required: false }));
  return field;
}

const byName = (specs: HuobanFieldSpec[], names: string[]) => specs.find((spec) => names.includes(spec.name));
const nameFieldOf = (specs: HuobanFieldSpec[]) => byName(specs, NAME_FIELD_NAMES) ?? specs.find((spec) => isType(spec, 'text'));
const mobileFieldOf = (specs: HuobanFieldSpec[]) => specs.find((spec) => isType(spec, 'phone')) ?? byName(specs, MOBILE_FIELD_NAMES);

/** Ids as the v1 write examples show them: text (category option ids, workspace member ids). */
const idTexts = (value: MappedField['value']): string[] => asList(value).map((id) => id.trim());
/** A mapped field's value as huoban takes it: categories and users arrays of ids as text (H7, H8). */
const encodeValue = fieldEncoder({ option: idTexts, options: idTexts, user: idTexts });

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * Assumption (review H16): how a location field's mapping becomes the documented value. Its mapped
 * parts (LOCATION_PARTS) go under their keys; a location mapped as a whole (text) is the street
 * `address`; an unmapped province or city is the lead's own (record.province, record.city); `name`
 * (the full address) is the province, city and district not already in the street address,
 * followed by it. Null when nothing is left. A support engineer should check that huoban accepts a
 * location without coordinate and codes, and how it shows `name`.
 */
function locationValueOf(value: unknown, record: PushRecord): Record<string, string> | null {
  const parts: Record<string, string> = {};
  if (typeof value === 'string' || typeof value === 'number') {
    if (textOf(value)) parts.address = textOf(value);
  } else if (value != null && typeof value === 'object' && !Array.isArray(value)) {
    for (const part of LOCATION_PARTS) {
      const text = textOf((value as Record<string, unknown>)[part.code]);
      if (text) parts[part.code] = text;
    }
  }
  if (Object.keys(parts).length === 0) return null;
  if (!parts.pname && record.province?.trim()) parts.pname = record.province.trim();
  if (!parts.cityname && record.city?.trim()) parts.cityname = record.city.trim();
  const address = parts.address ?? '';
  const region = [parts.pname, parts.cityname, parts.adname].filter((part): part is string => !!part && !address.includes(part));
  parts.name = `${region.join('')}${address}`;
  return parts;
}

interface Target {
  tableId: string;
  nameField: string;
  mobileField: string;
  /** The tag field (named by param7), where the labels go; none without param7 or such a field. */
  tagField?: string;
  /** The owner field (the user field named by param5), where the record's follower goes; none without param5 or such a field. */
  ownerField?: string;
  /** The location fields, whose mapped parts are laid into the documented location object. */
  locationFields: string[];
}

/**
 * The item's `fields`: the mapped fields by field_id (a location's parts as one location object),
 * the record's name and mobile, its labels as tag option ids, and its follower (the lead's receiver)
 * as the owner field's member id over what the field mapping sends there.
 */
function itemFieldsOf(target: Target, record: PushRecord): Record<string, unknown> {
  const fields: Record<string, unknown> = layFields(record.fields, encodeValue);
  for (const id of target.locationFields) {
    if (!(id in fields)) continue;
    const location = locationValueOf(fields[id], record);
    if (location) fields[id] = location;
    else delete fields[id];
  }
  fields[target.nameField] = record.name;
  fields[target.mobileField] = record.mobile;
  if (target.tagField && record.labels.length > 0) {
    const mapped = Array.isArray(fields[target.tagField]) ? (fields[target.tagField] as unknown[]).map(String) : [];
    fields[target.tagField] = [...new Set([...mapped, ...record.labels.map(String)])];
  }
  if (target.ownerField && record.followerId) fields[target.ownerField] = [String(record.followerId)];
  return fields;
}

async function duplicateOf(account: CrmAccountParams, ctx: ConnectorContext, target: Target, mobile: string): Promise<string | undefined> {
  const filter = { and: [{ field: asId(target.mobileField), query: { eq: mobile } }] };
  const data = (await huobanCall(account, ctx, 'item/list', { table_id: target.tableId, filter, limit: 1 })) as { items?: HuobanItem[] } | null;
  const found = data?.items?.[0];
  return found ? String(found.item_id) : undefined;
}

async function pushOne(account: CrmAccountParams, ctx: ConnectorContext, target: Target, record: PushRecord): Promise<PushOutcome> {
  const duplicate = record.mobile ? await duplicateOf(account, ctx, target, record.mobile) : undefined;
  if (duplicate !== undefined) return { kind: 'delivered', crmId: duplicate, duplicate: true };
  const body = { table_id: target.tableId, fields: itemFieldsOf(target, record) };
  const data = (await huobanCall(account, ctx, 'item', body, true)) as { item?: { item_id?: unknown } } | null;
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
  const ownerField = account.param5 ? specs.find((spec) => spec.name === account.param5 && isType(spec, 'user')) : undefined;
  return {
    tableId: String(account.param4),
    nameField: String(nameField.field_id),
    mobileField: String(mobileField.field_id),
    tagField: tagField ? String(tagField.field_id) : undefined,
    ownerField: ownerField ? String(ownerField.field_id) : undefined,
    locationFields: specs.filter((spec) => isType(spec, 'location')).map((spec) => String(spec.field_id)),
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

/**
 * Gives an item another owner through the documented update call, `PUT item/{item_id}` (CRM_APIS),
 * with only the owner field (the user field named by param5) as an array of member ids (H8), as
 * the push sends it. Refused when the table has no such field.
 */
async function reassign(account: CrmAccountParams, change: FollowerChange, ctx: ConnectorContext): Promise<PushOutcome> {
  try {
    const { ownerField } = await targetOf(account, ctx);
    if (!ownerField) return { kind: 'refused', reason: '伙伴云表格中没有负责人字段（账号的负责人字段未设置或不是成员字段）' };
    const json = { fields: { [ownerField]: [String(change.followerId)] } };
    await huobanCall(account, ctx, `item/${encodeURIComponent(change.crmId)}`, json, true, 'PUT');
    return { kind: 'delivered', crmId: change.crmId };
  } catch (error) {
    return outcomeOfError(error, secretsOf(account));
  }
}

/** The options of the resource table's field named `name` (param6 sources, param7 tags); none without a name. */
async function optionsOfField(account: CrmAccountParams, ctx: ConnectorContext, name: string | null) {
  if (!name) return [];
  const spec = (await tableFields(account, ctx, account.param4)).find((field) => field.name === name);
  return spec?.config?.options ?? [];
}

interface SpaceMember {
  user_id?: unknown;
  name?: unknown;
  phone?: unknown;
  mobile?: unknown;
}

/**
 * Assumption (review H12): the workspace's members, through the call the API menu lists as
 * "获取工作区成员列表 (POST)", whose page could not be read. We assume `POST /space/member/list
 * {space_id, limit, offset}` answering `{members: [{user_id, name, ...}], total}`, paged like
 * item/list, and take the workspace id from the resource table's config (`table.space_id`, as the
 * v2 table entity and table/list replies carry it). A support engineer should open the page (or call
 * it) and correct the path, body and reply shape here.
 */
async function spaceMembers(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmStaff[]> {
  const { spaceId } = await tableConfig(account, ctx, account.param4);
  if (!spaceId) throw new CrmRefusal('伙伴云表格配置中没有工作区ID');
  const out: CrmStaff[] = [];
  for (let offset = 0; out.length <= CRM_DISCOVERY_MAX.staff; offset += STAFF_LIMIT) {
    const data = (await huobanCall(account, ctx, 'space/member/list', { space_id: spaceId, limit: STAFF_LIMIT, offset })) as {
      members?: SpaceMember[];
    } | null;
    const page = data?.members ?? [];
    for (const member of page) {
      if (member.user_id == null || member.user_id === '') continue;
      out.push({ userId: String(member.user_id), userName: textOf(member.name), phone: textOf(member.phone ?? member.mobile), deptName: '' });
    }
    if (page.length < STAFF_LIMIT) break;
  }
  return out;
}

interface PeopleTable {
  tableId: string;
  specs: HuobanFieldSpec[];
  userField: HuobanFieldSpec;
}

/**
 * The people table (param3), when it is one: null where param3 is empty, no table id, a table the
 * key cannot read (huoban refuses it), or a table without a user field (its items carry no member id).
 */
async function peopleTableOf(account: CrmAccountParams, ctx: ConnectorContext): Promise<PeopleTable | null> {
  const tableId = account.param3?.trim() ?? '';
  if (!TABLE_ID.test(tableId)) return null;
  let specs: HuobanFieldSpec[];
  try {
    specs = await tableFields(account, ctx, tableId);
  } catch (error) {
    if (error instanceof CrmRefusal && !(error instanceof CrmAnswerRefused)) return null;
    throw error;
  }
  const userField = specs.find((spec) => isType(spec, 'user'));
  return userField ? { tableId, specs, userField } : null;
}

/** The people table's items as staff: the user field (read shape `[{user_id, name}]`) gives the member id, the name/phone/部门 fields the rest. */
async function peopleTableStaff(account: CrmAccountParams, ctx: ConnectorContext, people: PeopleTable): Promise<CrmStaff[]> {
  const { specs, userField } = people;
  const nameField = nameFieldOf(specs);
  const phoneField = mobileFieldOf(specs);
  const deptField = byName(specs, DEPT_FIELD_NAMES);
  const data = (await huobanCall(account, ctx, 'item/list', { table_id: people.tableId, limit: STAFF_LIMIT })) as { items?: HuobanItem[] } | null;
  const text = (value: unknown): string => {
    if (value == null) return '';
    if (Array.isArray(value))
      return value
        .map((item) => (typeof item === 'object' && item !== null ? String((item as { name?: unknown }).name ?? '') : String(item)))
        .join(',');
    return String(value);
  };
  const staff: CrmStaff[] = [];
  for (const item of data?.items ?? []) {
    const fields = item.fields ?? {};
    const users = fields[String(userField.field_id)];
    const user = Array.isArray(users) ? (users[0] as { user_id?: unknown; name?: unknown } | string | number | undefined) : undefined;
    const userId = typeof user === 'object' && user !== null ? user.user_id : user;
    // An item without a member cannot be an owner (a user field takes member ids): left out.
    if (userId == null || userId === '') continue;
    const userName = typeof user === 'object' && user !== null ? text(user.name) : '';
    staff.push({
      userId: String(userId),
      userName: (nameField ? text(fields[String(nameField.field_id)]) : '') || userName,
      phone: phoneField ? text(fields[String(phoneField.field_id)]) : '',
      deptName: deptField ? text(fields[String(deptField.field_id)]) : '',
    });
  }
  return staff;
}

/** Staff: the people table's items where param3 names one, else the workspace's members (H12). */
async function staff(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmStaff[]> {
  const people = await peopleTableOf(account, ctx);
  return people ? peopleTableStaff(account, ctx, people) : spaceMembers(account, ctx);
}

/** The 伙伴云 connector (no followUp: openapi v1 has no comment/activity call, see the header). */
export const huobanConnector: CrmConnector = {
  code: 'huoban',
  batchLimit: BATCH_LIMIT,
  callLimits: CALL_LIMITS,
  defaultBaseUrl: () => DEFAULT_BASE_URL,
  push,
  reassign,
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
