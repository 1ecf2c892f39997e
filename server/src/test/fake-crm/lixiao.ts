import { account, gatewayError, isDayText, isMobile, isPlainObject, rateLimited, startFake } from './common';
import type { FakeCrm, FakeCrmOptions, FakeFault, FakeReply, FakeRequest, FakeState } from './common';

/**
 * A fake 励销云 (ikcrm) API: `POST /api/v2/auth/login` issues user tokens; every other call needs
 * `Authorization: Token token=<t>, ...` with a live token, else code 100401 (expireTokens() and the
 * 'expiredToken' fault make live tokens fail). Replies `{code, message, data}`, code 0 on success.
 * Shapes beyond CRM_APIS.md are our reading (see the connector's comment).
 */

const CORP_ID = 'fake-lixiao-corp';
const LOGIN_PHONE = '13800000000';
const PASSWORD = 'fake-lixiao-password';

export const LIXIAO_USERS = [
  { id: 5001, name: '赵销售', phone: '13700000001', department_name: '销售部' },
  { id: 5002, name: '钱销售', phone: '13700000002', department_name: '销售部' },
];

interface LixiaoFieldSpec {
  name: string;
  label: string;
  field_type: string;
  is_required: boolean;
  collection?: string[];
  children?: LixiaoFieldSpec[];
}

/** The lead fields `GET /api/v2/custom_fields/lead/by_group` answers (two groups). */
export const LIXIAO_FIELD_GROUPS: { name: string; custom_fields: LixiaoFieldSpec[] }[] = [
  {
    name: '基本信息',
    custom_fields: [
      { name: 'name', label: '姓名', field_type: 'text_field', is_required: true },
      { name: 'company_name', label: '公司名称', field_type: 'text_field', is_required: false },
      { name: 'source', label: '线索来源', field_type: 'select', is_required: false, collection: ['广告投放', '官网咨询', '电话营销'] },
      {
        name: 'address_attributes',
        label: '联系方式',
        field_type: 'address',
        is_required: false,
        children: [
          { name: 'phone', label: '手机', field_type: 'phone_field', is_required: true },
          { name: 'tel', label: '电话', field_type: 'tel_field', is_required: false },
          { name: 'detail_address', label: '详细地址', field_type: 'text_field', is_required: false },
        ],
      },
    ],
  },
  {
    name: '自定义信息',
    custom_fields: [
      { name: 'numeric_asset_1', label: '预算', field_type: 'number_field', is_required: false },
      { name: 'date_asset_1', label: '预约日期', field_type: 'date_field', is_required: false },
      { name: 'text_asset_1', label: '行业', field_type: 'select', is_required: false, collection: ['教育', '医疗', '互联网'] },
      { name: 'tags', label: '标签', field_type: 'multi_select', is_required: false, collection: ['高意向', '待回访'] },
      { name: 'user_asset_1', label: '协作人', field_type: 'user_select', is_required: false },
    ],
  },
];

const reply = (code: number, message: string, data: unknown = null): FakeReply => ({ body: { code, message, data } });
const ok = (data: unknown): FakeReply => reply(0, 'success', data);
const userIds = new Set(LIXIAO_USERS.map((user) => String(user.id)));
const allFields = LIXIAO_FIELD_GROUPS.flatMap((group) => group.custom_fields);

function fieldProblem(spec: LixiaoFieldSpec, value: unknown): string | null {
  switch (spec.field_type) {
    case 'number_field':
      return typeof value === 'number' ? null : `${spec.label}格式不正确`;
    case 'date_field':
      return isDayText(value) ? null : `${spec.label}格式不正确`;
    case 'select':
      return spec.collection?.includes(value as string) ? null : `${spec.label}选项不存在`;
    case 'multi_select':
      return Array.isArray(value) && value.every((item) => spec.collection?.includes(item)) ? null : `${spec.label}选项不存在`;
    case 'user_select':
      return Array.isArray(value) && value.every((item) => userIds.has(String(item))) ? null : `${spec.label}用户不存在`;
    case 'address':
      if (!isPlainObject(value)) return `${spec.label}格式不正确`;
      for (const child of spec.children ?? []) {
        if (value[child.name] !== undefined) {
          const problem = fieldProblem(child, value[child.name]);
          if (problem) return problem;
        }
      }
      return null;
    default:
      return typeof value === 'string' ? null : `${spec.label}格式不正确`;
  }
}

function createLead(body: any, state: FakeState): FakeReply {
  const lead = body?.lead;
  if (!isPlainObject(lead)) return reply(400, '参数错误：lead不能为空');
  if (typeof lead.name !== 'string' || lead.name.trim() === '') return reply(422, '姓名不能为空');
  const phone = isPlainObject(lead.address_attributes) ? lead.address_attributes.phone : undefined;
  if (phone === undefined || phone === '') return reply(422, '手机不能为空');
  if (!isMobile(phone)) return reply(422, '手机格式不正确');
  if (lead.user_id !== undefined && !userIds.has(String(lead.user_id))) return reply(422, '负责人不存在');
  for (const spec of allFields) {
    if (spec.name !== 'name' && lead[spec.name] !== undefined) {
      const problem = fieldProblem(spec, lead[spec.name]);
      if (problem) return reply(422, problem);
    }
  }
  const record = state.create(lead, phone);
  return ok({ id: Number(record.crmId), name: lead.name });
}

function handle(req: FakeRequest, state: FakeState): FakeReply {
  if (req.method === 'POST' && req.path === '/api/v2/auth/login') {
    const body = req.json ?? {};
    if (body.device !== 'open_api') return reply(100000, '设备类型错误');
    if (body.corp_id !== CORP_ID || body.login !== LOGIN_PHONE || body.password !== PASSWORD) return reply(100400, '账号或密码错误');
    return ok({ user_token: state.newToken(), user_id: 5001 });
  }
  const authorization = String(req.headers.authorization ?? '');
  const token = /^Token token=([^,\s]+), device=open_api/.exec(authorization)?.[1];
  if (token === undefined) return reply(100000, '请先登录');
  if (!state.tokens.has(token)) return reply(100401, '登录已过期，请重新登录');
  const route = `${req.method} ${req.path}`;
  switch (route) {
    case 'POST /api/v2/leads':
      return createLead(req.json, state);
    case 'GET /api/v2/duplicates/search': {
      const phone = req.query.get('phone') ?? '';
      if (phone === '') return reply(422, '查重条件不能为空');
      const found = state.records.filter((record) => record.mobile === phone);
      return ok({ leads: found.map((record) => ({ id: Number(record.crmId), name: (record.body as { name?: string }).name, phone })) });
    }
    case 'GET /api/v2/custom_fields/lead/by_group':
      return ok(LIXIAO_FIELD_GROUPS);
    case 'GET /api/v2/users':
      return ok({ users: LIXIAO_USERS });
    default:
      return { status: 404, body: { code: 404, message: 'Not Found', data: null } };
  }
}

function faultReply(fault: FakeFault, req: FakeRequest): FakeReply | null {
  switch (fault.kind) {
    case '5xx':
      return gatewayError();
    case 'expiredToken':
      return req.path === '/api/v2/auth/login' ? null : reply(100401, '登录已过期，请重新登录');
    case 'rateLimit':
      return rateLimited(fault, { code: 429, message: '请求过于频繁', data: null });
    case 'refuse':
      return req.method === 'POST' && req.path === '/api/v2/leads' ? reply(422, '线索信息不合规（模拟拒绝）') : null;
    default:
      return null;
  }
}

/** The account the fake accepts: corp id, login phone, password. */
export const LIXIAO_CREDENTIALS = account('lixiao', { param1: CORP_ID, param2: LOGIN_PHONE, param3: PASSWORD });

/** Starts a fake 励销云; its `url` is the origin (paths start with /api/v2). */
export function startFakeLixiao(options?: FakeCrmOptions): Promise<FakeCrm> {
  return startFake({ code: 'lixiao', basePath: '', credentials: LIXIAO_CREDENTIALS, firstId: 9100001, faultReply, handle }, options);
}
