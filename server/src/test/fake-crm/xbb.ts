import { createHash } from 'node:crypto';
import type { CallLimit } from '../../modules/crm/connectors/types';
import { account, gatewayError, isMobile, isPlainObject, rateLimited, startFake } from './common';
import type { FakeCrm, FakeCrmOptions, FakeFault, FakeRecord, FakeReply, FakeRequest, FakeState } from './common';

/**
 * A fake 销帮帮 open API (CRM_APIS_REVIEW section 3): every call is a POST of JSON whose `corpid`
 * must be the fake's and whose `sign` header must be sha256_hex(<the raw body> + token), checked
 * over the bytes received (X2). Replies `{code, msg, success, result}`: success is code 1 with
 * `success: true` [XB-H XbbResponse.succeed] (X4).
 *
 * What it serves, in the documented shapes (sources: [XB-C] chenhb1988/opencli-plugin-xbb,
 * [XB-H] hp-coder/xbb-api-spring-boot-starter):
 * - form/list, form/get (X9, X10);
 * - customer/add (X4-X8): name text_1, phones subForm_1 rows, ownerId an array of user ids, option
 *   texts, dates in Unix seconds, numbers as numbers;
 * - customer/list (X12): `conditions[{attr, subAttr, symbol, value}]`; a condition on a sub-form
 *   without `subAttr` is refused; `symbol` is one of equal (exact), in, like (substring)
 *   [XB-C customer-list.js, XB-H XbbFormConditionSymbol];
 * - user/list (X13): `userList[{userId, name, position, avatar, departmentList[{id, name, isLeader}],
 *   roleList[{id, name}], status}]`, `totalCount`, `totalPage` [XB-H DingTalkUser, XbbUserListResponse];
 *   no mobile and no department name of its own;
 * - label/allList and label/batch/add (X14) [XB-H XbbLabelApi, XbbAddLabelModel, XbbFormLabelResponse;
 *   XB-C label-all-list.js, label-batch-add.js at 1031bd7];
 * - communicate/add (review 0.3) [XB-C communicate-add.js, test/add-api-cases.example.json] and
 *   communicate/list (to read the follow-ups back; `conditions` like customer/list);
 * - the documented rates (X16): 3 writes a second and 1,000 calls a minute, enforced when started
 *   with `rateScale` [XB-H XbbProperties].
 *
 * Invented (no public source, review X17): every error code but 701020 and every error text but
 * 选项不存在 / 字段数据格式错误 / 为必填字段 [XB-C doc/form-field-testing-guide.md]; the rate
 * reply (X16); the label field's attr and fieldType; what label/batch/add answers in `result`.
 */

const CORP_ID = 'fakexbbcorp0001';
const TOKEN = 'fake-xbb-api-token';
const CUSTOMER_FORM_ID = 6001;
const OPERATOR = 'xbb-user-1';
/** businessType of customers (form/list, label calls) [XB-C label-batch-add.js: 客户100]. */
const CUSTOMER_BUSINESS_TYPE = 100;
/** subBusinessType of a clue's follow-up; a customer's sends none [XB-C communicate-add.js]. */
const CLUE_SUB_BUSINESS_TYPE = 8000;
/** The follow-up form's id (a real tenant's [XB-C test/ADD_API_TESTING.md form 572943]). */
const FOLLOW_UP_FORM_ID = 572943;
const API = '/pro/v2/api';

/** Invented codes, except 701020: a format error (ownerId as a single string) seen on a real tenant [XB-C test/ADD_API_TESTING.md]. */
const Code = {
  ok: 1,
  badJson: 100001,
  sign: 100002,
  corpid: 100003,
  required: 100012,
  operator: 100013,
  format: 701020,
  option: 100015,
  duplicate: 100016,
  rate: 100017,
  condition: 100018,
  notFound: 100404,
} as const;

/**
 * Assumption (review X16): the reply xbb gives a call over its documented rate is not published.
 * The fake answers HTTP 200, code 100017 and this text; the connector must recognise it as 'rate'
 * (its XBB_RATE_LIMIT_MESSAGE). Replace both with what a real account answers.
 */
export const XBB_RATE_REPLY_MSG = '接口调用过于频繁，请稍后再试';

/** 3 writes a second and 1,000 calls a minute per company [XB-H XbbProperties]; the 100,000 a day is not enforced here. */
const RATE_LIMITS: readonly CallLimit[] = [
  { calls: 3, windowMs: 1000, writes: true },
  { calls: 1000, windowMs: 60_000 },
];
/** The calls of this fake that create or change something. */
const WRITE_PATHS = new Set([`${API}/customer/add`, `${API}/label/batch/add`, `${API}/communicate/add`]);

export const XBB_USERS = [
  {
    userId: 'xbb-user-1',
    name: '孙主管',
    position: '销售主管',
    avatar: '',
    departmentList: [{ id: 2, name: '销售部', isLeader: 1 }],
    roleList: [{ id: 2, name: '销售主管' }],
    status: 1,
  },
  {
    userId: 'xbb-user-2',
    name: '周销售',
    position: '销售',
    avatar: '',
    departmentList: [
      { id: 2, name: '销售部', isLeader: 0 },
      { id: 5, name: '华南区', isLeader: 0 },
    ],
    roleList: [{ id: 3, name: '销售' }],
    status: 1,
  },
];

interface XbbExplain {
  attr: string;
  attrName: string;
  fieldType: number;
  required: 0 | 1;
  items?: { text: string; value: string }[];
  subForm?: { items: XbbExplain[] };
}

const options = (...texts: string[]) => texts.map((text, i) => ({ text, value: String(i + 1) }));

/** The customer form's label field (invented attr and fieldType: no public source shows them, review X14). */
export const XBB_LABEL_ATTR = 'array_2';

/**
 * The customer form's explainList (form/get). fieldType: 1 text, 2 number, 3 dropdown, 4 date,
 * 9 multi, 10009 person, 12 address, 10006 subForm; 10032 the label field (our guess, review X11).
 */
export const XBB_EXPLAINS: XbbExplain[] = [
  { attr: 'text_1', attrName: '客户名称', fieldType: 1, required: 1 },
  {
    attr: 'subForm_1',
    attrName: '客户电话',
    fieldType: 10006,
    required: 1,
    subForm: {
      items: [
        {
          attr: 'text_1',
          attrName: '电话类型',
          fieldType: 3,
          required: 0,
          items: [
            { text: '手机', value: '2' },
            { text: '座机', value: '1' },
          ],
        },
        { attr: 'text_2', attrName: '电话号码', fieldType: 1, required: 1 },
      ],
    },
  },
  { attr: 'text_3', attrName: '客户来源', fieldType: 3, required: 0, items: options('广告投放', '官网咨询', '转介绍') },
  { attr: 'text_4', attrName: '行业', fieldType: 3, required: 0, items: options('教育', '医疗', '互联网') },
  { attr: 'array_1', attrName: '客户标签', fieldType: 9, required: 0, items: options('高意向', '待回访') },
  { attr: 'num_1', attrName: '预算', fieldType: 2, required: 0 },
  { attr: 'date_1', attrName: '下次跟进时间', fieldType: 4, required: 0 },
  { attr: 'ownerId', attrName: '负责人', fieldType: 10009, required: 0 },
  {
    attr: 'address_1',
    attrName: '客户地址',
    fieldType: 12,
    required: 0,
    subForm: {
      items: [
        { attr: 'province', attrName: '省', fieldType: 1, required: 0 },
        { attr: 'city', attrName: '市', fieldType: 1, required: 0 },
        { attr: 'district', attrName: '区', fieldType: 1, required: 0 },
        { attr: 'address', attrName: '详细地址', fieldType: 1, required: 0 },
      ],
    },
  },
  { attr: 'text_5', attrName: '备注', fieldType: 7, required: 0 },
  { attr: XBB_LABEL_ATTR, attrName: '标签', fieldType: 10032, required: 0 },
];

/** label/allList's `labelTree` [XB-H XbbFormLabelResponse]: groups of label entities. */
export const XBB_LABEL_TREE = [
  {
    id: 11,
    labelGroupName: '意向',
    labelEntities: [
      { id: 120352, name: '高意向', color: '#f5222d', groupId: 11, formId: CUSTOMER_FORM_ID, appId: 1, sort: 1 },
      { id: 120353, name: '待回访', color: '#fa8c16', groupId: 11, formId: CUSTOMER_FORM_ID, appId: 1, sort: 2 },
    ],
  },
  {
    id: 12,
    labelGroupName: '渠道',
    labelEntities: [{ id: 120354, name: '展会', color: '#1890ff', groupId: 12, formId: CUSTOMER_FORM_ID, appId: 1, sort: 1 }],
  },
];
/** A label in the recycle bin: listed only for `enable: 1` ("是否在回收站中"), and not applicable. */
const RECYCLED_LABEL_TREE = [
  {
    id: 11,
    labelGroupName: '意向',
    labelEntities: [{ id: 120399, name: '已停用', color: '#bfbfbf', groupId: 11, formId: CUSTOMER_FORM_ID, appId: 1, sort: 9 }],
  },
];
const activeLabelIds = new Set(XBB_LABEL_TREE.flatMap((group) => group.labelEntities.map((label) => label.id)));

const FORMS = [
  { formId: CUSTOMER_FORM_ID, appId: 1, menuId: 11, businessType: CUSTOMER_BUSINESS_TYPE, name: '客户', saasMark: 1 },
  { formId: 6002, appId: 1, menuId: 12, businessType: 8000, name: '线索', saasMark: 1 },
];

const reply = (code: number, msg: string, result: unknown = null): FakeReply => ({ body: { code, msg, success: code === Code.ok, result } });
const ok = (result: unknown): FakeReply => reply(Code.ok, '操作成功', result);
const userIds = new Set(XBB_USERS.map((user) => user.userId));

const signOf = (raw: string): string =>
  createHash('sha256')
    .update(raw + TOKEN)
    .digest('hex');

/**
 * Assumption (review X6): 客户电话's phone type (subForm_1.text_1) is taken only as the object
 * `{text, value}` of one of its options [XB-F]; the write API's guide says a dropdown takes its text
 * [XB-C guide], which the fake takes for every other dropdown and refuses here.
 */
function phoneTypeProblem(explain: XbbExplain, value: unknown): string | null {
  if (!isPlainObject(value) || typeof value.text !== 'string' || typeof value.value !== 'string') return `${explain.attrName}字段数据格式错误`;
  return explain.items?.some((item) => item.text === value.text && item.value === value.value) ? null : `${explain.attrName}选项不存在`;
}

function valueProblem(explain: XbbExplain, value: unknown, parent?: XbbExplain): string | null {
  if (parent?.attr === 'subForm_1' && explain.attr === 'text_1') return phoneTypeProblem(explain, value);
  switch (explain.fieldType) {
    case 2:
      return typeof value === 'number' ? null : `${explain.attrName}字段数据格式错误`;
    case 4:
      return Number.isInteger(value) && (value as number) > 0 && (value as number) < 1e11 ? null : `${explain.attrName}字段数据格式错误`;
    case 3:
      // A dropdown takes its option's text [XB-C guide: 传选项文本，不传 items[0].value].
      if (typeof value !== 'string') return `${explain.attrName}字段数据格式错误`;
      return explain.items?.some((item) => item.text === value) ? null : `${explain.attrName}选项不存在`;
    case 9:
      if (!Array.isArray(value)) return `${explain.attrName}字段数据格式错误`;
      return value.every((text) => explain.items?.some((item) => item.text === text)) ? null : `${explain.attrName}选项不存在`;
    case 10009:
      if (!Array.isArray(value)) return `${explain.attrName}字段数据格式错误`;
      return value.every((id) => userIds.has(String(id))) ? null : `${explain.attrName}成员不存在`;
    case 12:
      return isPlainObject(value) ? rowProblem(explain.subForm?.items ?? [], value, explain) : `${explain.attrName}字段数据格式错误`;
    case 10006:
      if (!Array.isArray(value)) return `${explain.attrName}字段数据格式错误`;
      for (const row of value) {
        const problem = isPlainObject(row) ? rowProblem(explain.subForm?.items ?? [], row, explain) : `${explain.attrName}字段数据格式错误`;
        if (problem) return problem;
      }
      return null;
    default:
      return typeof value === 'string' ? null : `${explain.attrName}字段数据格式错误`;
  }
}

function rowProblem(explains: XbbExplain[], row: Record<string, unknown>, parent?: XbbExplain): string | null {
  for (const explain of explains) {
    if (row[explain.attr] !== undefined) {
      const problem = valueProblem(explain, row[explain.attr], parent);
      if (problem) return problem;
    }
  }
  return null;
}

/** The mobile of a dataList: the first subForm_1 row's text_2. */
const mobileOf = (dataList: Record<string, unknown>): unknown =>
  Array.isArray(dataList.subForm_1) && isPlainObject(dataList.subForm_1[0]) ? dataList.subForm_1[0].text_2 : undefined;

/** Labels put on a customer (label/batch/add), and its follow-ups (communicate/add): gone with the record on reset. */
const labelsOf = new WeakMap<FakeRecord, number[]>();
const followUpsOf = new WeakMap<FakeRecord, { dataId: number; data: Record<string, unknown>; userId: unknown; addTime: number }[]>();
let nextFollowUpId = 50000001;

const customerById = (state: FakeState, id: unknown): FakeRecord | undefined =>
  Number.isSafeInteger(id) ? state.records.find((record) => record.crmId === String(id)) : undefined;

function addCustomer(body: any, state: FakeState): FakeReply {
  if (Number(body.formId) !== CUSTOMER_FORM_ID) return reply(Code.notFound, '表单不存在');
  const dataList = body.dataList;
  if (!isPlainObject(dataList)) return reply(Code.required, 'dataList为必填字段');
  if (typeof dataList.text_1 !== 'string' || dataList.text_1.trim() === '') return reply(Code.required, '客户名称为必填字段');
  const mobile = mobileOf(dataList);
  if (mobile === undefined || mobile === '') return reply(Code.required, '客户电话为必填字段');
  if (!isMobile(mobile)) return reply(Code.format, '客户电话字段数据格式错误');
  const problem = rowProblem(XBB_EXPLAINS, dataList);
  if (problem) return reply(problem.endsWith('选项不存在') ? Code.option : Code.format, problem);
  if (state.byMobile(mobile)) return reply(Code.duplicate, '客户电话已存在，不允许重复');
  return ok({ dataId: Number(state.create(dataList, mobile).crmId), code: 1, msg: '新建成功' });
}

// ---------------------------------------------------------------------------------------------
// List conditions (X12)

interface Condition {
  attr: string;
  subAttr?: string;
  symbol: 'equal' | 'in' | 'like';
  value: unknown[];
}

const SYMBOLS = ['equal', 'in', 'like'];

/** The conditions of a list call, or the refusal of the first bad one (a sub-form condition must name its `subAttr`). */
function conditionsOf(body: any): Condition[] | FakeReply {
  if (body.conditions === undefined) return [];
  if (!Array.isArray(body.conditions)) return reply(Code.condition, 'conditions格式错误');
  for (const condition of body.conditions) {
    if (!isPlainObject(condition) || typeof condition.attr !== 'string' || !Array.isArray(condition.value))
      return reply(Code.condition, 'conditions格式错误');
    if (!SYMBOLS.includes(condition.symbol as string)) return reply(Code.condition, `不支持的查询符号：${String(condition.symbol)}`);
    if (condition.attr.startsWith('subForm') && (typeof condition.subAttr !== 'string' || condition.subAttr === '')) {
      return reply(Code.condition, `子表单字段${condition.attr}的查询条件缺少subAttr`);
    }
  }
  return body.conditions as Condition[];
}

/** equal: the same text; in: one of the values; like: contains the value. */
function symbolMatches(condition: Condition, actual: unknown): boolean {
  if (actual === undefined || actual === null) return false;
  const text = isPlainObject(actual) ? String(actual.text ?? '') : String(actual);
  const wanted = condition.value.map(String);
  if (condition.symbol === 'equal') return text === wanted[0];
  if (condition.symbol === 'in') return wanted.includes(text);
  return wanted[0] !== undefined && text.includes(wanted[0]);
}

/** Whether data matches every condition: a sub-form condition looks at `subAttr` of each row, an array field at each value. */
function matchesAll(data: Record<string, unknown>, conditions: Condition[]): boolean {
  return conditions.every((condition) => {
    const value = data[condition.attr];
    if (condition.subAttr !== undefined) {
      return Array.isArray(value) && value.some((row) => isPlainObject(row) && symbolMatches(condition, row[condition.subAttr as string]));
    }
    return Array.isArray(value) ? value.some((item) => symbolMatches(condition, item)) : symbolMatches(condition, value);
  });
}

function page<T>(body: any, list: T[]): { list: T[]; totalCount: number; totalPage: number } {
  const pageSize = Number(body.pageSize ?? 20);
  const at = Number(body.page ?? 1);
  return { list: list.slice((at - 1) * pageSize, at * pageSize), totalCount: list.length, totalPage: Math.ceil(list.length / pageSize) };
}

/** A customer as customer/list shows it: its data, with the labels put on it (our rendering: their ids under the label field). */
function customerData(record: FakeRecord): Record<string, unknown> {
  const labels = labelsOf.get(record);
  return { ...(record.body as Record<string, unknown>), ...(labels ? { [XBB_LABEL_ATTR]: labels } : {}) };
}

function listCustomers(body: any, state: FakeState): FakeReply {
  if (Number(body.formId) !== CUSTOMER_FORM_ID) return reply(Code.notFound, '表单不存在');
  const conditions = conditionsOf(body);
  if (!Array.isArray(conditions)) return conditions;
  const list = state.records
    .map((record) => ({ dataId: Number(record.crmId), formId: CUSTOMER_FORM_ID, data: customerData(record) }))
    .filter((item) => matchesAll(item.data, conditions));
  return ok(page(body, list));
}

// ---------------------------------------------------------------------------------------------
// Labels (X14)

function listLabels(body: any): FakeReply {
  if (Number(body.formId) !== CUSTOMER_FORM_ID) return reply(Code.notFound, '表单不存在');
  if (body.businessType !== CUSTOMER_BUSINESS_TYPE) return reply(Code.format, 'businessType字段数据格式错误');
  // enable "是否在回收站中" is required [XB-C label-all-list.js].
  if (body.enable !== 0 && body.enable !== 1) return reply(Code.required, 'enable为必填字段');
  return ok({ labelTree: body.enable === 1 ? RECYCLED_LABEL_TREE : XBB_LABEL_TREE });
}

function addLabels(body: any, state: FakeState): FakeReply {
  if (Number(body.formId) !== CUSTOMER_FORM_ID) return reply(Code.notFound, '表单不存在');
  if (body.businessType !== CUSTOMER_BUSINESS_TYPE) return reply(Code.format, 'businessType字段数据格式错误');
  if (body.attr !== XBB_LABEL_ATTR) return reply(Code.format, '标签字段不存在');
  const { dataIdList, labelIds } = body;
  if (!Array.isArray(dataIdList) || dataIdList.length === 0) return reply(Code.required, 'dataIdList为必填字段');
  if (!Array.isArray(labelIds) || labelIds.length === 0) return reply(Code.required, 'labelIds为必填字段');
  const customers = dataIdList.map((id) => customerById(state, id));
  if (customers.some((customer) => customer === undefined)) return reply(Code.notFound, '数据不存在');
  if (!labelIds.every((id) => typeof id === 'number' && activeLabelIds.has(id))) return reply(Code.notFound, '标签不存在');
  for (const customer of customers as FakeRecord[]) {
    labelsOf.set(customer, [...new Set([...(labelsOf.get(customer) ?? []), ...(labelIds as number[])])]);
  }
  return ok(null);
}

// ---------------------------------------------------------------------------------------------
// Follow-ups (review 0.3)

/**
 * communicate/add `{dataList, subBusinessType?}`: no subBusinessType is a customer's follow-up, 8000
 * a clue's [XB-C communicate-add.js]. The dataList of the follow-up form a real tenant took: text_1
 * the customer's dataId, text_6 the content, date_1 the time in Unix seconds
 * [XB-C test/add-api-cases.example.json, ADD_API_TESTING.md form 572943].
 */
function addFollowUp(body: any, state: FakeState): FakeReply {
  if (body.subBusinessType !== undefined && body.subBusinessType !== CLUE_SUB_BUSINESS_TYPE)
    return reply(Code.format, 'subBusinessType字段数据格式错误');
  const dataList = body.dataList;
  if (!isPlainObject(dataList)) return reply(Code.required, 'dataList为必填字段');
  if (body.subBusinessType === CLUE_SUB_BUSINESS_TYPE) return reply(Code.notFound, '关联线索不存在'); // the fake holds no clues
  if (dataList.text_1 === undefined) return reply(Code.required, '关联客户为必填字段');
  const customer = customerById(state, dataList.text_1);
  if (!customer) return reply(Code.notFound, '关联客户不存在');
  if (typeof dataList.text_6 !== 'string' || dataList.text_6.trim() === '') return reply(Code.required, '跟进内容为必填字段');
  const at = dataList.date_1;
  if (typeof at !== 'number' || !Number.isInteger(at) || at <= 0 || at >= 1e11) return reply(Code.format, '跟进时间字段数据格式错误');
  // addTime: when xbb stored it, Unix seconds (the connector's assumption, as every xbb time).
  const followUp = { dataId: nextFollowUpId++, data: dataList, userId: body.userId ?? OPERATOR, addTime: Math.floor(Date.now() / 1000) };
  followUpsOf.set(customer, [...(followUpsOf.get(customer) ?? []), followUp]);
  return ok({ dataId: followUp.dataId, code: 1, msg: '新建成功' });
}

function listFollowUps(body: any, state: FakeState): FakeReply {
  const conditions = conditionsOf(body);
  if (!Array.isArray(conditions)) return conditions;
  const list = state.records
    .flatMap((record) => followUpsOf.get(record) ?? [])
    .filter((followUp) => matchesAll(followUp.data, conditions))
    .map((followUp) => ({
      dataId: followUp.dataId,
      formId: FOLLOW_UP_FORM_ID,
      addTime: followUp.addTime,
      updateTime: followUp.addTime,
      data: { ...followUp.data, creatorId: followUp.userId },
    }));
  return ok(page(body, list));
}

function handle(req: FakeRequest, state: FakeState): FakeReply {
  if (req.method !== 'POST') return { status: 405, body: { code: 405, msg: '只支持POST请求', success: false, result: null } };
  const body = req.json;
  if (!isPlainObject(body)) return reply(Code.badJson, '请求参数不是合法的JSON');
  if (body.corpid !== CORP_ID) return reply(Code.corpid, 'corpid不存在或未开通API');
  if (req.headers.sign !== signOf(req.raw)) return reply(Code.sign, '签名校验失败，请检查token');
  if (body.userId !== undefined && !userIds.has(String(body.userId))) return reply(Code.operator, '操作人不存在');
  switch (req.path) {
    case `${API}/form/list`:
      return ok({ formList: FORMS.filter((form) => body.businessType === undefined || form.businessType === body.businessType) });
    case `${API}/form/get`:
      return Number(body.formId) === CUSTOMER_FORM_ID ? ok({ explainList: XBB_EXPLAINS }) : reply(Code.notFound, '表单不存在');
    case `${API}/customer/add`:
      return addCustomer(body, state);
    case `${API}/customer/list`:
      return listCustomers(body, state);
    case `${API}/user/list`:
      return ok({ userList: page(body, XBB_USERS).list, totalCount: XBB_USERS.length, totalPage: page(body, XBB_USERS).totalPage });
    case `${API}/label/allList`:
      return listLabels(body);
    case `${API}/label/batch/add`:
      return addLabels(body, state);
    case `${API}/communicate/add`:
      return addFollowUp(body, state);
    case `${API}/communicate/list`:
      return listFollowUps(body, state);
    default:
      return { status: 404, body: { code: 404, msg: '接口不存在', success: false, result: null } };
  }
}

function faultReply(fault: FakeFault, req: FakeRequest): FakeReply | null {
  switch (fault.kind) {
    case '5xx':
      return gatewayError();
    case 'expiredToken':
      return reply(Code.sign, '签名校验失败，token已失效');
    case 'rateLimit':
      return rateLimited(fault, { code: 429, msg: '接口调用过于频繁', success: false, result: null });
    case 'refuse':
      return req.path === `${API}/customer/add` ? reply(Code.format, '字段数据格式错误（模拟拒绝）') : null;
    default:
      return null;
  }
}

/** The account the fake accepts: corpid, token, customer form 6001, operator xbb-user-1 (edition pro). */
export const XBB_CREDENTIALS = account('xbb', { param1: CORP_ID, param2: TOKEN, param3: String(CUSTOMER_FORM_ID), param4: OPERATOR, edition: '2' });

/** Starts a fake 销帮帮; its `url` is the origin (paths start with /pro/v2/api). */
export function startFakeXbb(options?: FakeCrmOptions): Promise<FakeCrm> {
  return startFake(
    {
      code: 'xbb',
      basePath: '',
      credentials: XBB_CREDENTIALS,
      firstId: 30000001,
      faultReply,
      handle,
      rateLimits: RATE_LIMITS,
      isWrite: (req) => WRITE_PATHS.has(req.path),
      rateReply: () => reply(Code.rate, XBB_RATE_REPLY_MSG),
    },
    options,
  );
}
