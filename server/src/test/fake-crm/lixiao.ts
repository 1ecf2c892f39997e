import { LIXIAO_EDITIONS, lixiaoHostOf } from '@portal/contracts/crm';
import type { CallLimit } from '../../modules/crm/connectors/types';
import { account, gatewayError, isDayText, isMobile, isPlainObject, rateLimited, startFake } from './common';
import type { FakeCrm, FakeCrmOptions, FakeFault, FakeReply, FakeRequest, FakeState } from './common';

/**
 * A fake 励销云 (ikcrm) API, in the shapes of its documentation (CRM_APIS_REVIEW section 2, [LX-D]
 * apidoc.weiwenjia.com/docs/crm_open_api), serving the three editions under a path prefix equal to
 * each edition's host: `${origin}/dingtalk.e.ikcrm.com/api/v2/...`, `${origin}/e.lixiaocrm.com/...`,
 * `${origin}/lxcrm.weiwenjia.com/...`. Its `url` is `${origin}/{host}` (the runtime's baseUrlOf puts
 * the host of the account's edition there). The fake's corp lives on ONE edition (企微版, the
 * credentials' param4): a login on another edition's host is refused as an unknown account (100400),
 * and every other call there has no session (100401), as a real account on the wrong host meets.
 *
 * - `POST /api/v2/auth/login {login, password, corp_id, device: "open_api"}` answers `data.user_token`;
 *   every other call needs `Authorization: Token token=<t>, device=open_api, version_code=9.9.9`
 *   with a live token, else 100000 (no or bad header) or 100401 (expireTokens(), 'expiredToken').
 * - `GET /api/v2/custom_fields/lead/by_group` answers `data.custom_field_groups:[{id, label,
 *   custom_fields:[{id, name, label, field_type, required, input_field_options:{collection_options:
 *   [{label, value}]}}]}]` (L8). Selects take option VALUES (`sel_xxxx`, the system select `source`
 *   its option ids; L7, L9); `labels` takes label ids, integers (L10; our reading: their options are
 *   the `labels` field's collection_options). The address field's `children` are our reading.
 * - `GET /api/v2/user/list?page=&per_page=` answers `data.users`, `page`, `per_page`, `total_count`
 *   (L12; per_page defaults to 15 and is capped at 100, our reading). The 'flood' fault makes it
 *   answer `count` users, paged the same way.
 * - `GET /api/v2/duplicates/search?type=lead&phone=` answers `data.leads:[{id}]`: invented (the
 *   contract is unknown, L11); `setDuplicateSearch` makes it refuse, answer an unreadable shape or
 *   be gone (HTTP 404), so that the connector's handling of an unknown contract can be tested.
 * - `POST /api/v2/leads {lead:{…}}` answers `data.id`; `POST /api/v2/revisit_logs {revisit_log:
 *   {loggable_type, loggable_id, content, real_revisit_at}}` (写跟进, [LX-D revisit_create]) answers
 *   `data.id`, the lead must exist.
 * - The documented rate, 10 calls / 10 s per company (L14), is enforced when started with
 *   `rateScale`: a call over it gets HTTP 429 (seen in practice, [LX-R Python]).
 *
 * Not modelled: a new login evicting other sessions (unknown, L16).
 */

/** The edition the fake's corp lives on. */
const CORP_EDITION = 'wecom';
const CORP_HOST = new URL(lixiaoHostOf(CORP_EDITION) as string).host;
const EDITION_HOSTS = new Set<string>(LIXIAO_EDITIONS.map((edition) => new URL(edition.host).host));
const CORP_ID = 'fake-lixiao-corp';
const LOGIN_PHONE = '13800000000';
const PASSWORD = 'fake-lixiao-password';
/** The documented call rate (CRM_APIS_REVIEW L14). */
const RATE_LIMITS: readonly CallLimit[] = [{ calls: 10, windowMs: 10_000 }];
const STAFF_DEFAULT_PAGE = 15;
const STAFF_MAX_PAGE = 100;
const LOGGABLE_TYPES = ['Lead', 'Customer', 'Contact', 'Contract', 'Opportunity'];

export const LIXIAO_USERS = [
  { id: 5001, name: '赵销售', phone: '13700000001', department_name: '销售部' },
  { id: 5002, name: '钱销售', phone: '13700000002', department_name: '销售部' },
];

interface CollectionOption {
  label: string;
  value: string | number;
}

interface LixiaoFieldSpec {
  id: number;
  name: string;
  label: string;
  field_type: string;
  required: boolean;
  input_field_options: { collection_options?: CollectionOption[] };
  children?: LixiaoFieldSpec[];
}

const spec = (id: number, name: string, label: string, fieldType: string, required = false, options?: CollectionOption[]): LixiaoFieldSpec => ({
  id,
  name,
  label,
  field_type: fieldType,
  required,
  input_field_options: options ? { collection_options: options } : {},
});

/** The lead sources: the options of the system select `source`, ids as values. */
export const LIXIAO_SOURCES: CollectionOption[] = [
  { label: '广告投放', value: '689470' },
  { label: '官网咨询', value: '689471' },
  { label: '电话营销', value: '689472' },
];
/** The labels: integer ids. */
export const LIXIAO_LABELS: CollectionOption[] = [
  { label: '高意向', value: 3301 },
  { label: '待回访', value: 3302 },
];

/** The lead fields `GET /api/v2/custom_fields/lead/by_group` answers (two groups). */
export const LIXIAO_FIELD_GROUPS: { id: number; label: string; custom_fields: LixiaoFieldSpec[] }[] = [
  {
    id: 9,
    label: '基本信息',
    custom_fields: [
      spec(101, 'name', '姓名', 'text_field', true),
      spec(102, 'company_name', '公司名称', 'text_field'),
      spec(103, 'source', '线索来源', 'select', false, LIXIAO_SOURCES),
      {
        ...spec(104, 'address_attributes', '联系方式', 'address'),
        children: [
          spec(1041, 'phone', '手机', 'phone_field', true),
          spec(1042, 'tel', '电话', 'tel_field'),
          spec(1043, 'detail_address', '详细地址', 'text_field'),
        ],
      },
    ],
  },
  {
    id: 10,
    label: '自定义信息',
    custom_fields: [
      spec(201, 'numeric_asset_1', '预算', 'number_field'),
      spec(202, 'date_asset_1', '预约日期', 'date_field'),
      spec(203, 'text_asset_5755b9', '行业', 'select', false, [
        { label: '教育', value: 'sel_22b9' },
        { label: '医疗', value: 'sel_3c1a' },
        { label: '互联网', value: 'sel_4d2e' },
      ]),
      spec(204, 'text_asset_8a1c3e', '意向课程', 'multi_select', false, [
        { label: '课程A', value: 'sel_7a01' },
        { label: '课程B', value: 'sel_7a02' },
      ]),
      spec(205, 'labels', '标签', 'multi_select', false, LIXIAO_LABELS),
      spec(206, 'user_asset_1', '协作人', 'user_select'),
    ],
  },
];

/** What a fake 励销云 holds beyond the shared FakeCrm. */
export interface FakeLixiao extends FakeCrm {
  /** The follow-ups written (`POST /api/v2/revisit_logs`), in order: their id and the `revisit_log` as received. */
  readonly revisitLogs: { id: number; body: Record<string, unknown> }[];
  /** How `duplicates/search` answers (an unknown contract, L11): as assumed, refused (422), an unreadable shape, or gone (404). */
  setDuplicateSearch(mode: DuplicateSearchMode): void;
}

export type DuplicateSearchMode = 'answer' | 'refuse' | 'unreadable' | 'gone';

interface LixiaoExtra {
  revisitLogs: { id: number; body: Record<string, unknown> }[];
  duplicateSearch: DuplicateSearchMode;
  nextRevisitId: number;
}

const reply = (code: number, message: string, data: unknown = null): FakeReply => ({ body: { code, message, data } });
const ok = (data: unknown): FakeReply => reply(0, 'success', data);
const notFound = (): FakeReply => ({ status: 404, body: { code: 404, message: 'Not Found', data: null } });
const userIds = new Set(LIXIAO_USERS.map((user) => String(user.id)));
const allFields = LIXIAO_FIELD_GROUPS.flatMap((group) => group.custom_fields);
const optionValues = (field: LixiaoFieldSpec): (string | number)[] =>
  (field.input_field_options.collection_options ?? []).map((option) => option.value);

function fieldProblem(field: LixiaoFieldSpec, value: unknown): string | null {
  switch (field.field_type) {
    case 'number_field':
      return typeof value === 'number' ? null : `${field.label}格式不正确`;
    case 'date_field':
      return isDayText(value) ? null : `${field.label}格式不正确`;
    case 'select':
      // The option's value ('sel_xxxx', an id): its text is refused.
      return optionValues(field).includes(value as string) ? null : `${field.label}选项不存在`;
    case 'multi_select':
      return Array.isArray(value) && value.every((item) => optionValues(field).includes(item as string | number)) ? null : `${field.label}选项不存在`;
    case 'user_select':
      return Array.isArray(value) && value.every((item) => userIds.has(String(item))) ? null : `${field.label}用户不存在`;
    case 'address':
      if (!isPlainObject(value)) return `${field.label}格式不正确`;
      for (const child of field.children ?? []) {
        if (value[child.name] !== undefined) {
          const problem = fieldProblem(child, value[child.name]);
          if (problem) return problem;
        }
      }
      return null;
    default:
      return typeof value === 'string' ? null : `${field.label}格式不正确`;
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
  for (const field of allFields) {
    if (field.name !== 'name' && lead[field.name] !== undefined) {
      const problem = fieldProblem(field, lead[field.name]);
      if (problem) return reply(422, problem);
    }
  }
  const record = state.create(lead, phone);
  return ok({ id: Number(record.crmId), name: lead.name });
}

/** 写跟进: the documented loggable types; a lead must be one the fake holds. */
function createRevisitLog(body: any, state: FakeState, extra: LixiaoExtra): FakeReply {
  const log = body?.revisit_log;
  if (!isPlainObject(log)) return reply(400, '参数错误：revisit_log不能为空');
  if (!LOGGABLE_TYPES.includes(log.loggable_type as string)) return reply(422, '关联对象类型不正确');
  if (log.loggable_id === undefined || log.loggable_id === null || log.loggable_id === '') return reply(422, '关联对象不能为空');
  const held = log.loggable_type === 'Lead' && state.records.some((record) => record.crmId === String(log.loggable_id));
  if (!held) return reply(422, '关联对象不存在');
  if (log.content !== undefined && typeof log.content !== 'string') return reply(422, '内容格式不正确');
  if (log.real_revisit_at !== undefined && !isDayText(log.real_revisit_at)) return reply(422, '实际跟进时间格式不正确');
  const id = (extra.nextRevisitId += 1);
  extra.revisitLogs.push({ id, body: log });
  return ok({
    id,
    content: log.content ?? '',
    loggable_type: log.loggable_type,
    loggable_id: log.loggable_id,
    real_revisit_at: log.real_revisit_at ?? '',
  });
}

/** `user/list`, paged: the fake's staff, or `flood` generated users. */
function userList(req: FakeRequest, state: FakeState): FakeReply {
  const flood = state.fault?.kind === 'flood' ? (state.fault.count ?? 0) : undefined;
  const users =
    flood === undefined
      ? LIXIAO_USERS
      : Array.from({ length: flood }, (_, i) => ({ id: 600_000 + i, name: `员工${i}`, phone: '', department_name: '销售部' }));
  const page = Math.max(1, Math.floor(Number(req.query.get('page') ?? 1)) || 1);
  const perPage = Math.min(STAFF_MAX_PAGE, Math.max(1, Math.floor(Number(req.query.get('per_page') ?? STAFF_DEFAULT_PAGE)) || STAFF_DEFAULT_PAGE));
  return ok({ users: users.slice((page - 1) * perPage, page * perPage), page, per_page: perPage, total_count: users.length });
}

function duplicateSearch(req: FakeRequest, state: FakeState, mode: DuplicateSearchMode): FakeReply {
  if (mode === 'refuse') return reply(422, '查重参数错误');
  if (mode === 'unreadable') return ok({ duplicates: 'unknown' });
  if (mode === 'gone') return notFound();
  const phone = req.query.get('phone') ?? '';
  if (phone === '') return reply(422, '查重条件不能为空');
  const found = state.records.filter((record) => record.mobile === phone);
  return ok({ leads: found.map((record) => ({ id: Number(record.crmId), name: (record.body as { name?: string }).name, phone })) });
}

/** The host a request names (its first path segment) and the API path after it. */
function splitHost(path: string): { host: string; apiPath: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(path);
  return { host: match?.[1] ?? '', apiPath: match?.[2] ?? '/' };
}

function handle(req: FakeRequest, state: FakeState, extra: LixiaoExtra): FakeReply {
  const { host, apiPath } = splitHost(req.path);
  if (!EDITION_HOSTS.has(host)) return notFound();
  if (req.method === 'POST' && apiPath === '/api/v2/auth/login') {
    const body = req.json ?? {};
    if (body.device !== 'open_api') return reply(100000, '设备类型错误');
    // The corp's account exists on its edition's host only.
    if (host !== CORP_HOST || body.corp_id !== CORP_ID || body.login !== LOGIN_PHONE) return reply(100400, '账号不存在');
    if (body.password !== PASSWORD) return reply(100400, '账号或密码错误');
    return ok({ user_token: state.newToken(), user_id: 5001 });
  }
  const authorization = String(req.headers.authorization ?? '');
  const token = /^Token token=([^,\s]+),\s*device=open_api,\s*version_code=9\.9\.9$/.exec(authorization)?.[1];
  if (token === undefined) return reply(100000, '请先登录');
  if (host !== CORP_HOST || !state.tokens.has(token)) return reply(100401, '您的登录已经过期，请重新登录！');
  switch (`${req.method} ${apiPath}`) {
    case 'POST /api/v2/leads':
      return createLead(req.json, state);
    case 'POST /api/v2/revisit_logs':
      return createRevisitLog(req.json, state, extra);
    case 'GET /api/v2/duplicates/search':
      return duplicateSearch(req, state, extra.duplicateSearch);
    case 'GET /api/v2/custom_fields/lead/by_group':
      return ok({ custom_field_groups: LIXIAO_FIELD_GROUPS });
    case 'GET /api/v2/user/list':
      return userList(req, state);
    default:
      return notFound();
  }
}

function faultReply(fault: FakeFault, req: FakeRequest): FakeReply | null {
  const { apiPath } = splitHost(req.path);
  switch (fault.kind) {
    case '5xx':
      return gatewayError();
    case 'expiredToken':
      return apiPath === '/api/v2/auth/login' ? null : reply(100401, '您的登录已经过期，请重新登录！');
    case 'rateLimit':
      return rateLimited(fault, { code: 429, message: '请求过于频繁', data: null });
    case 'refuse':
      return req.method === 'POST' && apiPath === '/api/v2/leads' ? reply(422, '线索信息不合规（模拟拒绝）') : null;
    default:
      // 'flood' is answered by user/list itself (behind the login check).
      return null;
  }
}

/** The account the fake accepts: corp id, login phone, password, and the edition its corp lives on (企微版). */
export const LIXIAO_CREDENTIALS = account('lixiao', { param1: CORP_ID, param2: LOGIN_PHONE, param3: PASSWORD, param4: CORP_EDITION });

/** Starts a fake 励销云; its `url` is `${origin}/{host}` (each edition under its host's name). */
export async function startFakeLixiao(options?: FakeCrmOptions): Promise<FakeLixiao> {
  const extra: LixiaoExtra = { revisitLogs: [], duplicateSearch: 'answer', nextRevisitId: 88_000_000 };
  const fake = await startFake(
    {
      code: 'lixiao',
      basePath: '',
      credentials: LIXIAO_CREDENTIALS,
      firstId: 9100001,
      faultReply,
      handle: (req, state) => handle(req, state, extra),
      rateLimits: RATE_LIMITS,
      rateReply: () => rateLimited({ kind: 'rateLimit' }, { code: 429, message: '请求过于频繁', data: null }),
      urlOf: (origin) => `${origin}/{host}`,
    },
    options,
  );
  const resetShared = fake.reset.bind(fake);
  return Object.defineProperties(fake, {
    revisitLogs: { value: extra.revisitLogs, enumerable: true },
    setDuplicateSearch: {
      value: (mode: DuplicateSearchMode) => {
        extra.duplicateSearch = mode;
      },
    },
    reset: {
      value: () => {
        resetShared();
        extra.revisitLogs.length = 0;
        extra.duplicateSearch = 'answer';
        extra.nextRevisitId = 88_000_000;
      },
    },
  }) as FakeLixiao;
}
