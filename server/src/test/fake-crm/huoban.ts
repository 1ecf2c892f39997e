import { account, gatewayError, isDayText, isMobile, isPlainObject, rateLimited, startFake } from './common';
import type { FakeCrm, FakeCrmOptions, FakeFault, FakeReply, FakeRequest, FakeState } from './common';

/**
 * A fake 伙伴云 openapi v1 (CRM_APIS_REVIEW section 4): every call needs `Open-Authorization:
 * Bearer <the API key>` (else HTTP 401). One workspace with three members, three tables: the
 * resource table (where leads go), the people table (staff) and a table without a user field.
 * Replies `{code, message, data}`, code 0 on success; a refused item is HTTP 400 with the reason.
 *
 * Written values are checked in the documented shapes of `POST /item` (openapi.huoban.com
 * api-17851172): a category is an array of option ids (the docs show text, `["1"]`; an integer id is
 * taken too, as the v2 data-format page shows them, and ids are compared as text), a user field an
 * array of workspace member ids (`["1000001"]`; objects such as `{user_id}` appear only in read
 * replies and are refused, as are ids that are no member), a location the object
 * `{poi, address, name, pcode, pname, citycode, cityname, adcode, adname, coordinate}` (any other key
 * is refused: there are no sub-field ids). What no public source shows is the connector's
 * assumption, served the same way here: the field type names 'text', 'phone' and 'location' (H11,
 * H16), the table config's `space_id` and the workspace member call `POST /space/member/list
 * {space_id, limit, offset}` → `{members: [{user_id, name, avatar}], total}` (H12), a bad API key as
 * HTTP 401 and an expired one as code 401 in an HTTP 200 reply (H14: both are read as auth).
 */

const API_KEY = 'fake-huoban-api-key';
const SPACE_ID = '4000000000000001';
const PEOPLE_TABLE = '2100000000000001';
const RESOURCE_TABLE = '2100000000000002';
/** A table without a user field (its items name no member): no people table. */
const DEPT_TABLE = '2100000000000003';

interface HuobanFieldSpec {
  field_id: number;
  name: string;
  type: string;
  required: boolean;
  config?: { type?: 'single' | 'multi'; options?: { id: number; name: string }[] };
}

/** The workspace's members (the member call); the people table lists only the first two. */
const MEMBERS = [
  { user_id: 11001, name: '吴顾问', avatar: '' },
  { user_id: 11002, name: '郑顾问', avatar: '' },
  { user_id: 11003, name: '王经理', avatar: '' },
];

/** The resource table's fields: name, mobile, and one of every kind (param6 客户来源, param7 标签, param5 负责人). */
export const HUOBAN_RESOURCE_FIELDS: HuobanFieldSpec[] = [
  { field_id: 2200000001, name: '客户名称', type: 'text', required: true },
  { field_id: 2200000002, name: '手机', type: 'phone', required: true },
  { field_id: 2200000003, name: '预算', type: 'number', required: false },
  { field_id: 2200000004, name: '到访日期', type: 'date', required: false },
  {
    field_id: 2200000005,
    name: '行业',
    type: 'category',
    required: false,
    config: {
      type: 'single',
      options: [
        { id: 1, name: '教育' },
        { id: 2, name: '医疗' },
        { id: 3, name: '互联网' },
      ],
    },
  },
  {
    field_id: 2200000006,
    name: '客户来源',
    type: 'category',
    required: false,
    config: {
      type: 'single',
      options: [
        { id: 1, name: '广告投放' },
        { id: 2, name: '官网咨询' },
      ],
    },
  },
  {
    field_id: 2200000007,
    name: '标签',
    type: 'category',
    required: false,
    config: {
      type: 'multi',
      options: [
        { id: 1, name: '高意向' },
        { id: 2, name: '待回访' },
        { id: 3, name: '已到访' },
      ],
    },
  },
  { field_id: 2200000008, name: '负责人', type: 'user', required: false },
  { field_id: 2200000009, name: '地址', type: 'location', required: false },
];

const PEOPLE_FIELDS: HuobanFieldSpec[] = [
  { field_id: 2300000001, name: '姓名', type: 'text', required: true },
  { field_id: 2300000002, name: '成员', type: 'user', required: true },
  { field_id: 2300000003, name: '手机', type: 'phone', required: false },
  { field_id: 2300000004, name: '部门', type: 'text', required: false },
];

const DEPT_FIELDS: HuobanFieldSpec[] = [{ field_id: 2400000001, name: '部门名称', type: 'text', required: true }];

/** The people table's items as item/list reads them: a user field holds `[{user_id, name, avatar}]` objects (the read shape). */
const PEOPLE_ITEMS = [
  { item_id: 4100000001, fields: { 2300000001: '吴顾问', 2300000002: [MEMBERS[0]], 2300000003: '13500000001', 2300000004: '顾问一组' } },
  { item_id: 4100000002, fields: { 2300000001: '郑顾问', 2300000002: [MEMBERS[1]], 2300000003: '13500000002', 2300000004: '顾问二组' } },
];

/** The keys of a location value (api-17851172 `位置`): text parts and `coordinate {lat, lon}`. */
const LOCATION_TEXT_KEYS = new Set(['poi', 'address', 'name', 'pcode', 'pname', 'citycode', 'cityname', 'adcode', 'adname']);

const reply = (code: number, message: string, data: unknown = null, status = 200): FakeReply => ({ status, body: { code, message, data } });
const ok = (data: unknown): FakeReply => reply(0, 'success', data);
const refuse = (message: string): FakeReply => reply(400, message, null, 400);
const memberIds = new Set(MEMBERS.map((member) => String(member.user_id)));

/** An id as the write format takes it: text (the v1 docs) or an integer (the v2 docs); compared as text. */
const isIdValue = (value: unknown): value is string | number =>
  (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isSafeInteger(value));

function locationProblem(spec: HuobanFieldSpec, value: unknown): string | null {
  const bad = `字段[${spec.name}]的值格式错误`;
  if (!isPlainObject(value) || Object.keys(value).length === 0) return bad;
  for (const [key, part] of Object.entries(value)) {
    if (key === 'coordinate') {
      if (!isPlainObject(part) || typeof part.lat !== 'number' || typeof part.lon !== 'number') return bad;
    } else if (!LOCATION_TEXT_KEYS.has(key) || typeof part !== 'string') {
      return bad;
    }
  }
  return null;
}

function valueProblem(spec: HuobanFieldSpec, value: unknown): string | null {
  switch (spec.type) {
    case 'number':
      return typeof value === 'number' ? null : `字段[${spec.name}]的值格式错误`;
    case 'date':
      return isDayText(value) ? null : `字段[${spec.name}]的值格式错误`;
    case 'category': {
      if (!Array.isArray(value) || !value.every(isIdValue) || (spec.config?.type !== 'multi' && value.length > 1))
        return `字段[${spec.name}]的值格式错误`;
      const known = new Set((spec.config?.options ?? []).map((option) => String(option.id)));
      return value.every((id) => known.has(String(id))) ? null : `字段[${spec.name}]的选项不存在`;
    }
    case 'user':
      if (!Array.isArray(value) || !value.every(isIdValue)) return `字段[${spec.name}]的值格式错误`;
      return value.every((id) => memberIds.has(String(id))) ? null : `字段[${spec.name}]的成员不存在`;
    case 'location':
      return locationProblem(spec, value);
    default:
      return typeof value === 'string' ? null : `字段[${spec.name}]的值格式错误`;
  }
}

function createItem(body: any, state: FakeState): FakeReply {
  if (String(body?.table_id) !== RESOURCE_TABLE) return refuse('表格不存在或无权限');
  const fields = body.fields;
  if (!isPlainObject(fields)) return refuse('fields不能为空');
  for (const [id, value] of Object.entries(fields)) {
    const spec = HUOBAN_RESOURCE_FIELDS.find((candidate) => String(candidate.field_id) === id);
    if (!spec) return refuse(`字段不存在：${id}`);
    const problem = valueProblem(spec, value);
    if (problem) return refuse(problem);
  }
  for (const spec of HUOBAN_RESOURCE_FIELDS.filter((candidate) => candidate.required)) {
    const value = fields[String(spec.field_id)];
    if (value === undefined || value === '') return refuse(`字段[${spec.name}]为必填`);
  }
  const mobile = fields['2200000002'];
  if (!isMobile(mobile)) return refuse('字段[手机]的值格式错误');
  const record = state.create(fields, mobile);
  return ok({ item: { item_id: Number(record.crmId), table_id: Number(RESOURCE_TABLE), fields } });
}

/**
 * `PUT /item/{item_id} {fields}`: changes the given fields of an item of the resource table, each
 * checked as at creation (a user field's members must exist); the item keeps its other fields.
 */
function updateItem(itemId: string, body: any, state: FakeState): FakeReply {
  const record = state.records.find((candidate) => candidate.crmId === itemId);
  if (!record) return refuse('数据不存在');
  const fields = body?.fields;
  if (!isPlainObject(fields) || Object.keys(fields).length === 0) return refuse('fields不能为空');
  for (const [id, value] of Object.entries(fields)) {
    const spec = HUOBAN_RESOURCE_FIELDS.find((candidate) => String(candidate.field_id) === id);
    if (!spec) return refuse(`字段不存在：${id}`);
    const problem = valueProblem(spec, value);
    if (problem) return refuse(problem);
  }
  Object.assign(record.body as Record<string, unknown>, fields);
  return ok({ item: { item_id: Number(record.crmId), table_id: Number(RESOURCE_TABLE), fields: record.body } });
}

function listItems(body: any, state: FakeState): FakeReply {
  const tableId = String(body?.table_id);
  if (tableId === PEOPLE_TABLE) return ok({ items: PEOPLE_ITEMS, total: PEOPLE_ITEMS.length });
  if (tableId === DEPT_TABLE) return ok({ items: [{ item_id: 4300000001, fields: { 2400000001: '顾问一组' } }], total: 1 });
  if (tableId !== RESOURCE_TABLE) return refuse('表格不存在或无权限');
  const conditions: { field?: unknown; query?: { eq?: unknown } }[] = Array.isArray(body.filter?.and) ? body.filter.and : [];
  const items = state.records
    .filter((record) => conditions.every((condition) => (record.body as Record<string, unknown>)[String(condition.field)] === condition.query?.eq))
    .map((record) => ({ item_id: Number(record.crmId), fields: record.body }));
  const limit = Number(body.limit ?? 20);
  return ok({ items: items.slice(0, limit), total: items.length });
}

/** The workspace's members (the connector's H12 assumption of the call "获取工作区成员列表"). */
function listMembers(body: any): FakeReply {
  if (String(body?.space_id) !== SPACE_ID) return refuse('工作区不存在或无权限');
  const offset = Number(body.offset ?? 0);
  const limit = Number(body.limit ?? 20);
  return ok({ members: MEMBERS.slice(offset, offset + limit), total: MEMBERS.length });
}

function handle(req: FakeRequest, state: FakeState): FakeReply {
  if (req.headers['open-authorization'] !== `Bearer ${API_KEY}`) return reply(401, 'Unauthorized: invalid API key', null, 401);
  const item = /^\/item\/(\d+)$/.exec(req.path)?.[1];
  if (item !== undefined) return req.method === 'PUT' ? updateItem(item, req.json, state) : reply(405, 'Method Not Allowed', null, 405);
  if (req.method !== 'POST') return reply(405, 'Method Not Allowed', null, 405);
  const table = /^\/table\/(\d+)$/.exec(req.path)?.[1];
  const tableReply = (name: string, fields: HuobanFieldSpec[]) => ok({ table: { table_id: table, space_id: SPACE_ID, name, fields } });
  if (table === RESOURCE_TABLE) return tableReply('客户资源', HUOBAN_RESOURCE_FIELDS);
  if (table === PEOPLE_TABLE) return tableReply('人员', PEOPLE_FIELDS);
  if (table === DEPT_TABLE) return tableReply('部门', DEPT_FIELDS);
  if (table !== undefined) return refuse('表格不存在或无权限');
  switch (req.path) {
    case '/item':
      return createItem(req.json, state);
    case '/item/list':
      return listItems(req.json, state);
    case '/space/member/list':
      return listMembers(req.json);
    default:
      return reply(404, 'Not Found', null, 404);
  }
}

function faultReply(fault: FakeFault, req: FakeRequest): FakeReply | null {
  switch (fault.kind) {
    case '5xx':
      return gatewayError();
    case 'expiredToken':
      // The second way the connector reads an auth failure (H14): code 401 in an HTTP 200 reply.
      return reply(401, 'API key expired');
    case 'rateLimit':
      return rateLimited(fault, { code: 429, message: 'Too Many Requests', data: null });
    case 'refuse':
      return req.path === '/item' ? refuse('记录不合规（模拟拒绝）') : null;
    default:
      return null;
  }
}

/** The account the fake accepts: the API key, the people and resource tables, the owner/source/tag field names. */
export const HUOBAN_CREDENTIALS = account('huoban', {
  param1: 'fake-huoban-app',
  param2: API_KEY,
  param3: PEOPLE_TABLE,
  param4: RESOURCE_TABLE,
  param5: '负责人',
  param6: '客户来源',
  param7: '标签',
});

/** Starts a fake 伙伴云; its `url` ends in /openapi/v1. */
export function startFakeHuoban(options?: FakeCrmOptions): Promise<FakeCrm> {
  return startFake({ code: 'huoban', basePath: '/openapi/v1', credentials: HUOBAN_CREDENTIALS, firstId: 4200000001, faultReply, handle }, options);
}
