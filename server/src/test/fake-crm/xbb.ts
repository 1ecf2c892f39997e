import { createHash } from 'node:crypto';
import { account, gatewayError, isMobile, isPlainObject, rateLimited, startFake } from './common';
import type { FakeCrm, FakeCrmOptions, FakeFault, FakeReply, FakeRequest, FakeState } from './common';

/**
 * A fake 销帮帮 open API: every call is a POST of JSON whose `corpid` must be the fake's and whose
 * `sign` header must be sha256_hex(<the raw body> + token), checked over the bytes received. Replies
 * `{code, msg, result}`, code 1 on success. Shapes beyond CRM_APIS.md are our reading (see the
 * connector's comment).
 */

const CORP_ID = 'fakexbbcorp0001';
const TOKEN = 'fake-xbb-api-token';
const CUSTOMER_FORM_ID = 6001;
const OPERATOR = 'xbb-user-1';

export const XBB_USERS = [
  { userId: 'xbb-user-1', name: '孙主管', mobile: '13600000001', depName: '销售部' },
  { userId: 'xbb-user-2', name: '周销售', mobile: '13600000002', depName: '销售部' },
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

/** The customer form's explainList (form/get). fieldType: 1 text, 2 number, 3 dropdown, 4 date, 9 multi, 10009 person, 12 address, 10006 subForm. */
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
];

const FORMS = [
  { formId: CUSTOMER_FORM_ID, appId: 1, menuId: 11, businessType: 100, name: '客户', saasMark: 1 },
  { formId: 6002, appId: 1, menuId: 12, businessType: 8000, name: '线索', saasMark: 1 },
];

const reply = (code: number, msg: string, result: unknown = null): FakeReply => ({ body: { code, msg, result } });
const ok = (result: unknown): FakeReply => reply(1, '操作成功', result);
const userIds = new Set(XBB_USERS.map((user) => user.userId));

const signOf = (raw: string): string =>
  createHash('sha256')
    .update(raw + TOKEN)
    .digest('hex');

function valueProblem(explain: XbbExplain, value: unknown): string | null {
  switch (explain.fieldType) {
    case 2:
      return typeof value === 'number' ? null : `${explain.attrName}字段数据格式错误`;
    case 4:
      return Number.isInteger(value) && (value as number) > 0 && (value as number) < 1e11 ? null : `${explain.attrName}字段数据格式错误`;
    case 3:
      if (typeof value !== 'string' && !isPlainObject(value)) return `${explain.attrName}字段数据格式错误`;
      return explain.items?.some((item) => item.text === (isPlainObject(value) ? value.text : value)) ? null : `${explain.attrName}选项不存在`;
    case 9:
      if (!Array.isArray(value)) return `${explain.attrName}字段数据格式错误`;
      return value.every((text) => explain.items?.some((item) => item.text === text)) ? null : `${explain.attrName}选项不存在`;
    case 10009:
      if (!Array.isArray(value)) return `${explain.attrName}字段数据格式错误`;
      return value.every((id) => userIds.has(String(id))) ? null : `${explain.attrName}成员不存在`;
    case 12:
      return isPlainObject(value) ? rowProblem(explain.subForm?.items ?? [], value) : `${explain.attrName}字段数据格式错误`;
    case 10006:
      if (!Array.isArray(value)) return `${explain.attrName}字段数据格式错误`;
      for (const row of value) {
        const problem = isPlainObject(row) ? rowProblem(explain.subForm?.items ?? [], row) : `${explain.attrName}字段数据格式错误`;
        if (problem) return problem;
      }
      return null;
    default:
      return typeof value === 'string' ? null : `${explain.attrName}字段数据格式错误`;
  }
}

function rowProblem(explains: XbbExplain[], row: Record<string, unknown>): string | null {
  for (const explain of explains) {
    if (row[explain.attr] !== undefined) {
      const problem = valueProblem(explain, row[explain.attr]);
      if (problem) return problem;
    }
  }
  return null;
}

/** The mobile of a dataList: the first subForm_1 row's text_2. */
const mobileOf = (dataList: Record<string, unknown>): unknown =>
  Array.isArray(dataList.subForm_1) && isPlainObject(dataList.subForm_1[0]) ? dataList.subForm_1[0].text_2 : undefined;

function addCustomer(body: any, state: FakeState): FakeReply {
  if (Number(body.formId) !== CUSTOMER_FORM_ID) return reply(100404, '表单不存在');
  if (body.userId !== undefined && !userIds.has(String(body.userId))) return reply(100013, '操作人不存在');
  const dataList = body.dataList;
  if (!isPlainObject(dataList)) return reply(100012, 'dataList为必填字段');
  if (typeof dataList.text_1 !== 'string' || dataList.text_1.trim() === '') return reply(100012, '客户名称为必填字段');
  const mobile = mobileOf(dataList);
  if (mobile === undefined || mobile === '') return reply(100012, '客户电话为必填字段');
  if (!isMobile(mobile)) return reply(100014, '客户电话字段数据格式错误');
  const problem = rowProblem(XBB_EXPLAINS, dataList);
  if (problem) return reply(problem.endsWith('选项不存在') ? 100015 : 100014, problem);
  if (state.byMobile(mobile)) return reply(100016, '客户电话已存在，不允许重复');
  return ok({ dataId: Number(state.create(dataList, mobile).crmId), formDataId: null });
}

function listCustomers(body: any, state: FakeState): FakeReply {
  const conditions: { attr?: string; symbol?: string; value?: unknown[] }[] = Array.isArray(body.conditions) ? body.conditions : [];
  const phone = conditions.find((condition) => condition.attr === 'subForm_1');
  const wanted = phone?.value?.[0];
  const list = state.records
    .filter((record) => wanted === undefined || record.mobile.includes(String(wanted)))
    .map((record) => ({ dataId: Number(record.crmId), data: record.body }));
  const pageSize = Number(body.pageSize ?? 20);
  const page = Number(body.page ?? 1);
  return ok({ list: list.slice((page - 1) * pageSize, page * pageSize), totalCount: list.length, totalPage: Math.ceil(list.length / pageSize) });
}

function handle(req: FakeRequest, state: FakeState): FakeReply {
  if (req.method !== 'POST') return { status: 405, body: { code: 405, msg: '只支持POST请求', result: null } };
  const body = req.json;
  if (!isPlainObject(body)) return reply(100001, '请求参数不是合法的JSON');
  if (body.corpid !== CORP_ID) return reply(100003, 'corpid不存在或未开通API');
  if (req.headers.sign !== signOf(req.raw)) return reply(100002, '签名校验失败，请检查token');
  switch (req.path) {
    case '/pro/v2/api/form/list':
      return ok({ formList: FORMS.filter((form) => body.businessType === undefined || form.businessType === body.businessType) });
    case '/pro/v2/api/form/get':
      return Number(body.formId) === CUSTOMER_FORM_ID ? ok({ explainList: XBB_EXPLAINS }) : reply(100404, '表单不存在');
    case '/pro/v2/api/customer/add':
      return addCustomer(body, state);
    case '/pro/v2/api/customer/list':
      return listCustomers(body, state);
    case '/pro/v2/api/user/list': {
      const pageSize = Number(body.pageSize ?? 20);
      const page = Number(body.page ?? 1);
      return ok({ userList: XBB_USERS.slice((page - 1) * pageSize, page * pageSize), totalCount: XBB_USERS.length });
    }
    default:
      return { status: 404, body: { code: 404, msg: '接口不存在', result: null } };
  }
}

function faultReply(fault: FakeFault, req: FakeRequest): FakeReply | null {
  switch (fault.kind) {
    case '5xx':
      return gatewayError();
    case 'expiredToken':
      return reply(100002, '签名校验失败，token已失效');
    case 'rateLimit':
      return rateLimited(fault, { code: 429, msg: '接口调用过于频繁', result: null });
    case 'refuse':
      return req.path === '/pro/v2/api/customer/add' ? reply(100014, '字段数据格式错误（模拟拒绝）') : null;
    default:
      return null;
  }
}

/** The account the fake accepts: corpid, token, customer form 6001, operator xbb-user-1 (edition pro). */
export const XBB_CREDENTIALS = account('xbb', { param1: CORP_ID, param2: TOKEN, param3: String(CUSTOMER_FORM_ID), param4: OPERATOR, edition: '2' });

/** Starts a fake 销帮帮; its `url` is the origin (paths start with /pro/v2/api). */
export function startFakeXbb(options?: FakeCrmOptions): Promise<FakeCrm> {
  return startFake({ code: 'xbb', basePath: '', credentials: XBB_CREDENTIALS, firstId: 30000001, faultReply, handle }, options);
}
