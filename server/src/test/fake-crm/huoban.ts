import { account, gatewayError, isDayText, isMobile, isPlainObject, rateLimited, startFake } from './common';
import type { FakeCrm, FakeCrmOptions, FakeFault, FakeReply, FakeRequest, FakeState } from './common';

/**
 * A fake 伙伴云 openapi v1: every call needs `Open-Authorization: Bearer <the API key>` (else HTTP
 * 401). Two tables: the resource table (where leads go) and the people table (staff). Replies
 * `{code, message, data}`, code 0 on success; a refused item is HTTP 400 with the reason.
 * Shapes beyond CRM_APIS.md are our reading (see the connector's comment).
 */

const API_KEY = 'fake-huoban-api-key';
const PEOPLE_TABLE = '2100000000000001';
const RESOURCE_TABLE = '2100000000000002';

interface HuobanFieldSpec {
  field_id: number;
  name: string;
  type: string;
  required: boolean;
  config?: { type?: 'single' | 'multi'; options?: { id: number; name: string }[] };
  sub_fields?: HuobanFieldSpec[];
}

const USERS = [
  { user_id: 11001, name: '吴顾问' },
  { user_id: 11002, name: '郑顾问' },
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
  {
    field_id: 2200000009,
    name: '地址',
    type: 'address',
    required: false,
    sub_fields: [
      { field_id: 2200000091, name: '省份', type: 'text', required: false },
      { field_id: 2200000092, name: '城市', type: 'text', required: false },
      { field_id: 2200000093, name: '详细地址', type: 'text', required: false },
    ],
  },
];

const PEOPLE_FIELDS: HuobanFieldSpec[] = [
  { field_id: 2300000001, name: '姓名', type: 'text', required: true },
  { field_id: 2300000002, name: '成员', type: 'user', required: true },
  { field_id: 2300000003, name: '手机', type: 'phone', required: false },
  { field_id: 2300000004, name: '部门', type: 'text', required: false },
];

const PEOPLE_ITEMS = [
  { item_id: 4100000001, fields: { 2300000001: '吴顾问', 2300000002: [USERS[0]], 2300000003: '13500000001', 2300000004: '顾问一组' } },
  { item_id: 4100000002, fields: { 2300000001: '郑顾问', 2300000002: [USERS[1]], 2300000003: '13500000002', 2300000004: '顾问二组' } },
];

const reply = (code: number, message: string, data: unknown = null, status = 200): FakeReply => ({ status, body: { code, message, data } });
const ok = (data: unknown): FakeReply => reply(0, 'success', data);
const refuse = (message: string): FakeReply => reply(400, message, null, 400);
const userIds = new Set(USERS.map((user) => user.user_id));

function valueProblem(spec: HuobanFieldSpec, value: unknown): string | null {
  switch (spec.type) {
    case 'number':
      return typeof value === 'number' ? null : `字段[${spec.name}]的值格式错误`;
    case 'date':
      return isDayText(value) ? null : `字段[${spec.name}]的值格式错误`;
    case 'category': {
      if (!Array.isArray(value) || (spec.config?.type !== 'multi' && value.length > 1)) return `字段[${spec.name}]的值格式错误`;
      return value.every((id) => spec.config?.options?.some((option) => option.id === id)) ? null : `字段[${spec.name}]的选项不存在`;
    }
    case 'user':
      if (!Array.isArray(value)) return `字段[${spec.name}]的值格式错误`;
      return value.every((user) => isPlainObject(user) && userIds.has(user.user_id as number)) ? null : `字段[${spec.name}]的成员不存在`;
    case 'address': {
      if (!isPlainObject(value)) return `字段[${spec.name}]的值格式错误`;
      for (const [id, part] of Object.entries(value)) {
        const sub = spec.sub_fields?.find((candidate) => String(candidate.field_id) === id);
        if (!sub) return `字段[${spec.name}]没有子字段${id}`;
        const problem = valueProblem(sub, part);
        if (problem) return problem;
      }
      return null;
    }
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

function listItems(body: any, state: FakeState): FakeReply {
  const tableId = String(body?.table_id);
  if (tableId === PEOPLE_TABLE) return ok({ items: PEOPLE_ITEMS, total: PEOPLE_ITEMS.length });
  if (tableId !== RESOURCE_TABLE) return refuse('表格不存在或无权限');
  const conditions: { field?: unknown; query?: { eq?: unknown } }[] = Array.isArray(body.filter?.and) ? body.filter.and : [];
  const items = state.records
    .filter((record) => conditions.every((condition) => (record.body as Record<string, unknown>)[String(condition.field)] === condition.query?.eq))
    .map((record) => ({ item_id: Number(record.crmId), fields: record.body }));
  const limit = Number(body.limit ?? 20);
  return ok({ items: items.slice(0, limit), total: items.length });
}

function handle(req: FakeRequest, state: FakeState): FakeReply {
  if (req.headers['open-authorization'] !== `Bearer ${API_KEY}`) return reply(401, 'Unauthorized: invalid API key', null, 401);
  if (req.method !== 'POST') return reply(405, 'Method Not Allowed', null, 405);
  const table = /^\/table\/(\d+)$/.exec(req.path)?.[1];
  if (table === RESOURCE_TABLE) return ok({ table: { table_id: Number(table), name: '客户资源', fields: HUOBAN_RESOURCE_FIELDS } });
  if (table === PEOPLE_TABLE) return ok({ table: { table_id: Number(table), name: '人员', fields: PEOPLE_FIELDS } });
  if (table !== undefined) return refuse('表格不存在或无权限');
  switch (req.path) {
    case '/item':
      return createItem(req.json, state);
    case '/item/list':
      return listItems(req.json, state);
    default:
      return reply(404, 'Not Found', null, 404);
  }
}

function faultReply(fault: FakeFault, req: FakeRequest): FakeReply | null {
  switch (fault.kind) {
    case '5xx':
      return gatewayError();
    case 'expiredToken':
      return reply(401, 'Unauthorized: API key expired', null, 401);
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
