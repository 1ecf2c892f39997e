import { createHash } from 'node:crypto';
import { DEMO_EC_ACCOUNT } from '../../modules/crm/seed';
import { DEMO_EC_DEPTS, DEMO_EC_STAFF } from '../../modules/schedule/seed';
import { account, gatewayError, isDayText, isMobile, isPlainObject, rateLimited, startFake } from './common';
import type { FakeCrm, FakeCrmOptions, FakeFault, FakeReply, FakeRequest, FakeState } from './common';

/**
 * A fake EC open API v2 (CRM_APIS.md): every call signed with X-Ec-Cid / X-Ec-TimeStamp /
 * X-Ec-Sign (a timestamp more than 5 minutes off is refused), or, style 2, a third-party token
 * header. Replies `{code, msg, data}`, code 200 on success; a bad signature is HTTP 401.
 *
 * Paths beyond CRM_APIS.md (the answers' inner shapes, `label/getLabelInfo`, `org/struct/info`,
 * `config/getCustomerTemplate`) are our reading (see the connector's comment); the connector reads
 * the same shapes.
 */

/** The demo seed's account is the one the fake accepts (its corp, app id and secret, staff and source). */
const { param1: CORP_ID, param2: APP_ID, param3: APP_SECRET } = DEMO_EC_ACCOUNT;
const PARTNER_HEADER = 'X-Partner-Token';
const PARTNER_TOKEN = 'fake-ec-partner-token';
const MAX_SKEW_MS = 5 * 60 * 1000;
const BATCH_LIMIT = 50;

/** Staff of the fake corp: the demo's (the operator 8001, the follow-up staff 8002 and one more), which its schedule names. */
export const EC_STAFF = DEMO_EC_STAFF;
const EC_DEPTS = DEMO_EC_DEPTS;
export const EC_SOURCES = [
  { id: 3001, name: '官网推广' },
  { id: 3002, name: '信息流广告' },
];
const EC_LABEL_GROUPS = [
  {
    groupId: 41,
    groupName: '意向',
    labels: [
      { id: 4101, name: '高意向' },
      { id: 4102, name: '低意向' },
    ],
  },
  { groupId: 42, groupName: '来源', labels: [{ id: 4201, name: '广告线索' }] },
];

const EC_TEMPLATES = [
  { templateId: 'tpl-1', templateName: '表单线索模板' },
  { templateId: 'tpl-2', templateName: '智能对话模板' },
];

interface EcFieldSpec {
  fieldId: string;
  fieldName: string;
  /** text, number, date, phone, select, checkbox, user, group */
  type: string;
  required: boolean;
  options?: { id: string; name: string }[];
  children?: EcFieldSpec[];
}

/** The customer fields `config/getFieldMapping` answers. */
export const EC_FIELDS: EcFieldSpec[] = [
  { fieldId: 'f_company', fieldName: '公司名称', type: 'text', required: false },
  { fieldId: 'f_budget', fieldName: '预算', type: 'number', required: false },
  { fieldId: 'f_visit', fieldName: '到访日期', type: 'date', required: false },
  { fieldId: 'f_tel', fieldName: '座机', type: 'phone', required: false },
  {
    fieldId: 'f_industry',
    fieldName: '行业',
    type: 'select',
    required: false,
    options: [
      { id: '101', name: '教育' },
      { id: '102', name: '医疗' },
      { id: '103', name: '互联网' },
    ],
  },
  {
    fieldId: 'f_product',
    fieldName: '意向产品',
    type: 'checkbox',
    required: false,
    options: [
      { id: '201', name: '产品A' },
      { id: '202', name: '产品B' },
    ],
  },
  { fieldId: 'f_helper', fieldName: '协同人', type: 'user', required: false },
  {
    fieldId: 'address',
    fieldName: '地址',
    type: 'group',
    required: false,
    children: [
      { fieldId: 'province', fieldName: '省份', type: 'text', required: false },
      { fieldId: 'city', fieldName: '城市', type: 'text', required: false },
      { fieldId: 'detail', fieldName: '详细地址', type: 'text', required: false },
    ],
  },
];

const reply = (code: number, msg: string, data: unknown = null, status = 200): FakeReply => ({ status, body: { code, msg, data } });
const ok = (data: unknown): FakeReply => reply(200, 'success', data);

const signOf = (timeStamp: string): string =>
  createHash('md5').update(`appId=${APP_ID}&appSecret=${APP_SECRET}&timeStamp=${timeStamp}`).digest('hex').toUpperCase();

const header = (req: FakeRequest, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** Null when the call is signed well (or carries the third-party token), else EC's 401. */
function checkAuth(req: FakeRequest): FakeReply | null {
  if (header(req, 'X-Ec-Cid') !== CORP_ID) return reply(401, '企业ID错误', null, 401);
  if (header(req, PARTNER_HEADER) !== undefined) {
    return header(req, PARTNER_HEADER) === PARTNER_TOKEN ? null : reply(401, 'token无效', null, 401);
  }
  const timeStamp = header(req, 'X-Ec-TimeStamp') ?? '';
  if (!/^\d+$/.test(timeStamp) || Math.abs(Date.now() - Number(timeStamp)) > MAX_SKEW_MS) return reply(401, '时间戳已失效', null, 401);
  return header(req, 'X-Ec-Sign') === signOf(timeStamp) ? null : reply(401, '签名验证失败', null, 401);
}

const staffIds = new Set(EC_STAFF.map((staff) => String(staff.userId)));
const labelIds = new Set(EC_LABEL_GROUPS.flatMap((group) => group.labels.map((label) => String(label.id))));

/** EC's cause for one field value, or null when it is fine. */
function fieldProblem(spec: EcFieldSpec, value: unknown): string | null {
  switch (spec.type) {
    case 'number':
      return typeof value === 'number' ? null : `${spec.fieldName}格式错误`;
    case 'date':
      return isDayText(value) ? null : `${spec.fieldName}格式错误`;
    case 'text':
    case 'phone':
      return typeof value === 'string' ? null : `${spec.fieldName}格式错误`;
    case 'select':
      return spec.options?.some((option) => option.id === String(value)) ? null : `${spec.fieldName}选项不存在`;
    case 'checkbox':
      if (!Array.isArray(value)) return `${spec.fieldName}格式错误`;
      return value.every((item) => spec.options?.some((option) => option.id === String(item))) ? null : `${spec.fieldName}选项不存在`;
    case 'user':
      if (!Array.isArray(value)) return `${spec.fieldName}格式错误`;
      return value.every((item) => staffIds.has(String(item))) ? null : `${spec.fieldName}员工不存在`;
    case 'group': {
      if (!isPlainObject(value)) return `${spec.fieldName}格式错误`;
      for (const child of spec.children ?? []) {
        if (value[child.fieldId] !== undefined) {
          const problem = fieldProblem(child, value[child.fieldId]);
          if (problem) return problem;
        }
      }
      return null;
    }
    default:
      return null;
  }
}

/** EC's failureCause for one customer of addCustomer, or null. */
function customerProblem(customer: unknown, repeat: boolean, state: FakeState): string | null {
  if (!isPlainObject(customer)) return '客户信息格式错误';
  if (typeof customer.name !== 'string' || customer.name.trim() === '') return '客户姓名不能为空';
  if (customer.mobile === undefined || customer.mobile === '') return '手机号不能为空';
  if (!isMobile(customer.mobile)) return '手机号格式错误';
  if (customer.followUserId !== undefined && !staffIds.has(String(customer.followUserId))) return '跟进人不存在';
  if (customer.channelId !== undefined && !EC_SOURCES.some((source) => String(source.id) === String(customer.channelId))) return '渠道来源不存在';
  if (customer.labels !== undefined) {
    if (!Array.isArray(customer.labels)) return '标签格式错误';
    if (!customer.labels.every((id) => labelIds.has(String(id)))) return '标签不存在';
  }
  for (const spec of EC_FIELDS) {
    if (customer[spec.fieldId] !== undefined) {
      const problem = fieldProblem(spec, customer[spec.fieldId]);
      if (problem) return problem;
    }
  }
  if (!repeat && state.byMobile(customer.mobile)) return '客户已存在';
  return null;
}

function addCustomer(body: any, state: FakeState): FakeReply {
  if (!isPlainObject(body) || !Array.isArray(body.list)) return reply(400, '参数错误：list不能为空');
  if (body.optUserId === undefined || !staffIds.has(String(body.optUserId))) return reply(400, '操作人不存在');
  if (body.list.length === 0) return reply(400, '参数错误：list不能为空');
  if (body.list.length > BATCH_LIMIT) return reply(400, `单次最多创建${BATCH_LIMIT}个客户`);
  const successIdList: { crmId: number; index: number }[] = [];
  const failureList: { failureCause: string; index: number }[] = [];
  body.list.forEach((customer: any, index: number) => {
    const problem = customerProblem(customer, body.repeat === 1 || body.repeat === true, state);
    if (problem) failureList.push({ failureCause: problem, index });
    else successIdList.push({ crmId: Number(state.create(customer, customer.mobile).crmId), index });
  });
  return ok({ successIdList, failureList });
}

function queryExist(body: any, state: FakeState): FakeReply {
  const mobiles = String(body?.mobile ?? '')
    .split(',')
    .map((mobile) => mobile.trim())
    .filter((mobile) => mobile !== '');
  if (mobiles.length === 0) return reply(400, '参数错误：mobile不能为空');
  if (mobiles.length > BATCH_LIMIT) return reply(400, `手机号最多${BATCH_LIMIT}个`);
  const found = mobiles.flatMap((mobile) => {
    const record = state.byMobile(mobile);
    return record ? [{ crmId: Number(record.crmId), mobile, name: (record.body as { name?: string }).name ?? '' }] : [];
  });
  return ok(found);
}

function handle(req: FakeRequest, state: FakeState): FakeReply {
  const refused = checkAuth(req);
  if (refused) return refused;
  switch (req.path) {
    case '/customer/queryExist':
      return queryExist(req.json, state);
    case '/customer/addCustomer':
      return addCustomer(req.json, state);
    case '/config/getFieldMapping':
      return ok(EC_FIELDS);
    case '/customer/getChannelSource':
      return ok(EC_SOURCES);
    case '/label/getLabelInfo':
      return ok(EC_LABEL_GROUPS);
    case '/config/getCustomerTemplate':
      return ok(EC_TEMPLATES);
    case '/org/struct/info':
      return ok({ depts: EC_DEPTS, users: EC_STAFF });
    default:
      return reply(404, '接口不存在', null, 404);
  }
}

/** The 'flood' answer of a discovery list: `count` distinct rows in that list's shape (null for any other call). */
function floodReply(path: string, count: number): FakeReply | null {
  const rows = <T>(row: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => row(i + 1));
  switch (path) {
    case '/config/getFieldMapping':
      return ok(rows((i) => ({ fieldId: `f_${i}`, fieldName: `字段${i}`, type: 'text', required: false })));
    case '/customer/getChannelSource':
      return ok(rows((i) => ({ id: 100000 + i, name: `来源${i}` })));
    case '/label/getLabelInfo':
      return ok([{ groupId: 1, groupName: '批量', labels: rows((i) => ({ id: 500000 + i, name: `标签${i}` })) }]);
    case '/config/getCustomerTemplate':
      return ok(rows((i) => ({ templateId: `tpl-${i}`, templateName: `模板${i}` })));
    case '/org/struct/info':
      return ok({ depts: EC_DEPTS, users: rows((i) => ({ userId: 900000 + i, userName: `员工${i}`, account: '', deptId: EC_DEPTS[0].deptId })) });
    default:
      return null;
  }
}

function faultReply(fault: FakeFault, req: FakeRequest): FakeReply | null {
  switch (fault.kind) {
    case '5xx':
      return gatewayError();
    case 'expiredToken':
      return reply(401, '签名已过期', null, 401);
    case 'rateLimit':
      return rateLimited(fault, { code: 429, msg: '请求过于频繁', data: null });
    case 'refuse':
    case 'longRefusal': {
      if (req.path !== '/customer/addCustomer' || !Array.isArray(req.json?.list)) return null;
      const failureCause = fault.kind === 'refuse' ? '客户信息不合规（模拟拒绝）' : '拒'.repeat(fault.count ?? 1);
      const failureList = req.json.list.map((_: unknown, index: number) => ({ failureCause, index }));
      return ok({ successIdList: [], failureList });
    }
    case 'flood':
      return checkAuth(req) ?? floodReply(req.path, fault.count ?? 0);
    default:
      return null;
  }
}

/** The account the fake accepts: style 1 (app id and secret), operator 8001, follow-up 8002, source 3001. */
export const EC_CREDENTIALS = account('ec', DEMO_EC_ACCOUNT);

/** Style 2: a third-party token header instead of the signature. */
export const EC_STYLE2_CREDENTIALS = { ...EC_CREDENTIALS, param2: PARTNER_HEADER, param3: PARTNER_TOKEN, param10: '2' };

/** Starts a fake EC; its `url` ends in '/v2/'. */
export function startFakeEc(options?: FakeCrmOptions): Promise<FakeCrm> {
  return startFake(
    { code: 'ec', basePath: '/v2/', credentials: EC_CREDENTIALS, altCredentials: EC_STYLE2_CREDENTIALS, firstId: 70000001, faultReply, handle },
    options,
  );
}
