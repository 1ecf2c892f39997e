import { createHash } from 'node:crypto';
import { DEMO_EC_ACCOUNT } from '../../modules/crm/seed';
import { DEMO_EC_DEPTS, DEMO_EC_STAFF } from '../../modules/schedule/seed';
import { account, gatewayError, isDayText, isMobile, isPlainObject, rateLimited, startFake } from './common';
import type { FakeCrm, FakeCrmOptions, FakeFault, FakeRecord, FakeReply, FakeRequest, FakeState } from './common';

/**
 * A fake EC open API v2 in the shapes of the public EC SDKs (CRM_APIS_REVIEW section 1; [EC-J]
 * zhoufuyang/ec-open-api, [EC-G] guangzhou-meta/workec-sdk-go, [EC-P] oiuv/workec src/EC.php).
 * Every call is signed with X-Ec-Cid / X-Ec-TimeStamp / X-Ec-Sign (a timestamp more than 30 s old
 * is refused, one in the future is not: [EC-J] SignUtil.checkSign), or, style 2, carries a
 * third-party token header (no public source: the fake's own guess, like the connector's, E4).
 * Replies `{code, msg, data}`, code 200 on success; a bad signature is HTTP 401; a path EC does not
 * serve is HTTP 404, a served path called with the other method HTTP 405.
 *
 * Served (method, path: what it checks):
 * - GET  config/getFieldMapping: `[{fieldId, fieldName, fieldSort, filedType, fieldGroupId,
 *   fieldGroupName, fieldGroupSort, fieldParam: [{paramId, paramName, paramSort}]}]` (E14);
 * - GET  customer/getChannelSource: `[{id, name, userId, createTime}]` (E15);
 * - GET  config/getLabelInfo: `[{labelGroupId, labelGroupName, labelGroupSort, labelGroupType,
 *   labelList: [{labelId, labelName, labelSort}]}]` (E16; labelGroupType 1 single choice, 0 multiple);
 * - GET  org/struct/info: `{depts: [{deptId, deptName, parentDeptId}], users: [{userId, userName,
 *   deptId, title, status}]}` (E17: no phone of a user);
 * - GET  config/getCustomerTemplate: a guess (E18, no public source);
 * - POST customer/queryExist `{mobile: 'a,b', maxNumsPreMobile?, includes?}`: one `{mobile, num,
 *   list: [{crmId, fieldId}]}` per number (E12, E13);
 * - POST customer/addCustomer `{optUserId, list, notify, repeat}` (E5..E11): each customer a
 *   CustomerDetail; keys EC does not know are put aside (EC ignores them: the record's `ignored`
 *   names them, its body leaves them out); custom fields in `fields` as text (E7), the region in
 *   `prefecture` "国家|省州|市名|区县" (E9);
 * - POST label/update `{optUserId, crmIds: 'id,id', labels: 'id,id', type}` (E8): ≤ 200 customers;
 *   the labels land on the record's `labels`;
 * - POST trajectory/saveUserTrajectory `{list: [{id, crmId, contactTime, userId, content}]}`
 *   (review 0.3, ≤ 200 rows): the follow-ups land on the record's `trajectories`;
 * - POST customer/change/user `{optUserId, crmIds: 'id,id', followUserId}` (E21, ≤ 200 customers):
 *   the new follower lands on the record's `followers`.
 */

/** The demo seed's account is the one the fake accepts (its corp, app id and secret, staff and source). */
const { param1: CORP_ID, param2: APP_ID, param3: APP_SECRET } = DEMO_EC_ACCOUNT;
const PARTNER_HEADER = 'X-Partner-Token';
const PARTNER_TOKEN = 'fake-ec-partner-token';
/** [EC-J] SignUtil.SIGN_EXPIRE_TIME: a signature older than this is refused (no limit on future ones). */
const SIGN_EXPIRE_MS = 30_000;
const BATCH_LIMIT = 50;
const LABEL_CRM_LIMIT = 200;
const TRAJECTORY_LIMIT = 200;
const NAME_MAX = 50;

/** A record of the fake EC: the customer as stored, what EC put aside, its labels and follow-ups. */
export interface EcFakeRecord extends FakeRecord {
  /** Keys of the customer EC does not read (top-level keys, `fields.<id>` of unknown fields): not stored. */
  ignored: string[];
  /** Label ids the customer carries (label/update). */
  labels: number[];
  /** Follow-ups written on the customer (trajectory/saveUserTrajectory). */
  trajectories: Array<{ id: string | null; contactTime: string; userId: number; content: string }>;
  /** The followers the customer was given after its creation, in order (customer/change/user). */
  followers: number[];
}

/** The fake EC's records with what it keeps beside each body. */
export const ecRecords = (fake: Pick<FakeCrm, 'records'>): EcFakeRecord[] => fake.records as EcFakeRecord[];

/** Staff of the fake corp: the demo's (the operator 8001, the follow-up staff 8002 and one more), which its schedule names. */
export const EC_STAFF = DEMO_EC_STAFF;
const EC_DEPTS = DEMO_EC_DEPTS;
export const EC_SOURCES = [
  { id: 3001, name: '官网推广', userId: 8001, createTime: '2024-01-02 10:00:00' },
  { id: 3002, name: '信息流广告', userId: 8001, createTime: '2024-01-02 10:05:00' },
];
const EC_LABEL_GROUPS = [
  {
    labelGroupId: 41,
    labelGroupName: '意向',
    labelGroupSort: 1,
    labelGroupType: 1,
    labelList: [
      { labelId: 4101, labelName: '高意向', labelSort: 1 },
      { labelId: 4102, labelName: '低意向', labelSort: 2 },
    ],
  },
  {
    labelGroupId: 42,
    labelGroupName: '来源',
    labelGroupSort: 2,
    labelGroupType: 0,
    labelList: [{ labelId: 4201, labelName: '广告线索', labelSort: 1 }],
  },
];

const EC_TEMPLATES = [
  { templateId: 'tpl-1', templateName: '表单线索模板' },
  { templateId: 'tpl-2', templateName: '智能对话模板' },
];

/**
 * The `filedType` numbers of the fake's fields. Only "0 is a cascade" has a source ([EC-P]
 * getCasCadeFieldMapping); the rest is the same assumption as the connector's (review E14,
 * connectors/ec.ts ecFieldKind), so that the two agree.
 */
const FIELD_TYPE = { cascade: 0, text: 1, textarea: 2, number: 3, date: 4, datetime: 5, single: 6, multiple: 7, phone: 8, user: 9 } as const;

interface EcFieldSpec {
  fieldId: number;
  fieldName: string;
  fieldSort: number;
  filedType: number;
  fieldGroupId: number;
  fieldGroupName: string;
  fieldGroupSort: number;
  fieldParam: { paramId: number; paramName: string; paramSort: number }[];
}

const params = (...names: Array<[number, string]>): EcFieldSpec['fieldParam'] =>
  names.map(([paramId, paramName], i) => ({ paramId, paramName, paramSort: i + 1 }));

const basic = { fieldGroupId: 1, fieldGroupName: '基本信息', fieldGroupSort: 1 };
const intent = { fieldGroupId: 2, fieldGroupName: '意向信息', fieldGroupSort: 2 };

/** The custom fields `config/getFieldMapping` answers (ids as EC numbers them: integers). */
export const EC_FIELDS: EcFieldSpec[] = [
  { fieldId: 10001, fieldName: '公司名称', fieldSort: 1, filedType: FIELD_TYPE.text, ...basic, fieldParam: [] },
  { fieldId: 10002, fieldName: '预算', fieldSort: 2, filedType: FIELD_TYPE.number, ...intent, fieldParam: [] },
  { fieldId: 10003, fieldName: '到访日期', fieldSort: 3, filedType: FIELD_TYPE.date, ...intent, fieldParam: [] },
  { fieldId: 10004, fieldName: '座机', fieldSort: 4, filedType: FIELD_TYPE.phone, ...basic, fieldParam: [] },
  {
    fieldId: 10005,
    fieldName: '行业',
    fieldSort: 5,
    filedType: FIELD_TYPE.single,
    ...basic,
    fieldParam: params([101, '教育'], [102, '医疗'], [103, '互联网']),
  },
  {
    fieldId: 10006,
    fieldName: '意向产品',
    fieldSort: 6,
    filedType: FIELD_TYPE.multiple,
    ...intent,
    fieldParam: params([201, '产品A'], [202, '产品B']),
  },
  { fieldId: 10007, fieldName: '协同人', fieldSort: 7, filedType: FIELD_TYPE.user, ...intent, fieldParam: [] },
  { fieldId: 10008, fieldName: '所在区域', fieldSort: 8, filedType: FIELD_TYPE.cascade, ...basic, fieldParam: params([301, '华南'], [302, '华东']) },
  { fieldId: 10009, fieldName: '详细地址', fieldSort: 9, filedType: FIELD_TYPE.textarea, ...basic, fieldParam: [] },
];

/** The field a queryExist item names (`fieldId`): the customer's own mobile (not a custom field). */
const MOBILE_FIELD_ID = 0;

/** The keys of [EC-J] CustomerDetail: anything else in a customer is ignored by EC. */
const CUSTOMER_KEYS = new Set([
  'followUserId',
  'groupId',
  'publicPondId',
  'name',
  'call',
  'gender',
  'birthday',
  'isBirthdayLunar',
  'birthdayLunarLeap',
  'title',
  'qq',
  'mobile',
  'phone',
  'fax',
  'mobileCode',
  'phoneCode',
  'faxCode',
  'email',
  'company',
  'companyUrl',
  'companyAddress',
  'memo',
  'vocation',
  'channelId',
  'prefecture',
  'fields',
]);

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
  if (!/^\d+$/.test(timeStamp)) return reply(401, '签名验证失败', null, 401);
  if (Date.now() - Number(timeStamp) > SIGN_EXPIRE_MS) return reply(401, '签名超时', null, 401);
  return header(req, 'X-Ec-Sign') === signOf(timeStamp) ? null : reply(401, '签名验证失败', null, 401);
}

const staffIds = new Set(EC_STAFF.map((staff) => String(staff.userId)));
const labelIds = new Set(EC_LABEL_GROUPS.flatMap((group) => group.labelList.map((label) => String(label.labelId))));
const groupOfLabel = new Map(EC_LABEL_GROUPS.flatMap((group) => group.labelList.map((label) => [label.labelId, group] as const)));
const fieldsById = new Map(EC_FIELDS.map((spec) => [String(spec.fieldId), spec]));

/** 'a,b' as its trimmed, non-empty parts. */
const idsOf = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

const isId = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value));

const hasParam = (spec: EcFieldSpec, id: string): boolean => spec.fieldParam.some((param) => String(param.paramId) === id);

/**
 * EC's cause for one custom field value (`fields` is a Map<String,String>: [EC-J] CustomerDetail,
 * [EC-G] `Fields map[string]string`), or null when it is fine. A value that is not text is
 * refused (a Java Map<String,String> does not take it). How EC checks the text of each kind is
 * not public: the fake checks what the connector's assumptions (E7, E14) send: numbers as decimal
 * text, dates 'YYYY-MM-DD[ HH:mm:ss]', option ids, and multi-choice and staff as comma-separated ids.
 */
function fieldProblem(spec: EcFieldSpec, value: unknown): string | null {
  const bad = `${spec.fieldName}格式错误`;
  if (typeof value !== 'string') return bad;
  switch (spec.filedType) {
    case FIELD_TYPE.number:
      return /^-?\d+(\.\d+)?$/.test(value) ? null : bad;
    case FIELD_TYPE.date:
    case FIELD_TYPE.datetime:
      return isDayText(value) ? null : bad;
    case FIELD_TYPE.single:
    case FIELD_TYPE.cascade:
      return hasParam(spec, value) ? null : `${spec.fieldName}选项不存在`;
    case FIELD_TYPE.multiple:
      return idsOf(value).every((id) => hasParam(spec, id)) ? null : `${spec.fieldName}选项不存在`;
    case FIELD_TYPE.user:
      return idsOf(value).every((id) => staffIds.has(id)) ? null : `${spec.fieldName}员工不存在`;
    default:
      return null;
  }
}

/** A region "国家|省州|市名|区县" ([EC-J] CustomerDetail.prefecture): four parts, a country first. */
const isPrefecture = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  const parts = value.split('|');
  return parts.length === 4 && parts[0].trim() !== '' && (parts[2] === '' || parts[1] !== '');
};

/** A customer of addCustomer as EC keeps it (the keys it knows) and what it put aside; or EC's failureCause. */
function customerOf(customer: unknown, repeat: boolean, state: FakeState): { stored: Record<string, unknown>; ignored: string[] } | string {
  if (!isPlainObject(customer)) return '客户信息格式错误';
  if (typeof customer.name !== 'string' || customer.name.trim() === '') return '客户姓名不能为空';
  // [EC-P] addCustomer: "客户姓名，长度50个字以内".
  if (Array.from(customer.name).length > NAME_MAX) return `客户姓名不能超过${NAME_MAX}个字`;
  // The mobile is optional ("手机号码默认空字符串", [EC-J] CustomerDetail). Whether EC checks the
  // format of one given is not public: the fake's assumption is that it takes a mainland mobile only.
  if (customer.mobile !== undefined && typeof customer.mobile !== 'string') return '手机号格式错误';
  const mobile = (customer.mobile as string | undefined) ?? '';
  if (mobile !== '' && !isMobile(mobile)) return '手机号格式错误';
  if (customer.followUserId !== undefined && !staffIds.has(String(customer.followUserId))) return '跟进人不存在';
  if (customer.channelId !== undefined && !EC_SOURCES.some((source) => String(source.id) === String(customer.channelId))) return '渠道来源不存在';
  if (customer.prefecture !== undefined && !isPrefecture(customer.prefecture)) return '地区格式错误';
  const ignored = Object.keys(customer).filter((key) => !CUSTOMER_KEYS.has(key));
  const stored: Record<string, unknown> = Object.fromEntries(Object.entries(customer).filter(([key]) => CUSTOMER_KEYS.has(key)));
  if (customer.fields !== undefined) {
    if (!isPlainObject(customer.fields)) return '自定义字段格式错误';
    const known: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(customer.fields)) {
      const spec = fieldsById.get(id);
      if (!spec) {
        ignored.push(`fields.${id}`);
        continue;
      }
      const problem = fieldProblem(spec, value);
      if (problem) return problem;
      known[id] = value;
    }
    stored.fields = known;
  }
  if (!repeat && mobile !== '' && state.byMobile(mobile)) return '客户已存在';
  return { stored, ignored };
}

/** A flag of addCustomer: booleans as the SDKs send them ([EC-P] notify/repeat), 1/0 tolerated; 'bad' otherwise. */
const flagOf = (value: unknown, absent: boolean): boolean | 'bad' => {
  if (value === undefined) return absent;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  return 'bad';
};

function addCustomer(body: any, state: FakeState): FakeReply {
  if (!isPlainObject(body) || !Array.isArray(body.list)) return reply(400, '参数错误：list不能为空');
  if (body.optUserId === undefined || !staffIds.has(String(body.optUserId))) return reply(400, '操作人不存在');
  if (body.list.length === 0) return reply(400, '参数错误：list不能为空');
  if (body.list.length > BATCH_LIMIT) return reply(400, `单次最多创建${BATCH_LIMIT}个客户`);
  const notify = flagOf(body.notify, true);
  const repeat = flagOf(body.repeat, false);
  if (notify === 'bad' || repeat === 'bad') return reply(400, '参数错误：notify/repeat');
  const successIdList: { crmId: number; index: number }[] = [];
  const failureList: { failureCause: string; index: number }[] = [];
  body.list.forEach((customer: unknown, index: number) => {
    const kept = customerOf(customer, repeat, state);
    if (typeof kept === 'string') {
      failureList.push({ failureCause: kept, index });
      return;
    }
    const record = state.create(kept.stored, (kept.stored.mobile as string | undefined) ?? '') as EcFakeRecord;
    Object.assign(record, { ignored: kept.ignored, labels: [], trajectories: [], followers: [] });
    successIdList.push({ crmId: Number(record.crmId), index });
  });
  return ok({ successIdList, failureList });
}

/** [EC-P] queryExist / [EC-G] CustomerQueryExistResponseDTOData: one entry per number; without `includes` an item has crmId and fieldId only. */
function queryExist(body: any, state: FakeState): FakeReply {
  if (!isPlainObject(body) || typeof body.mobile !== 'string') return reply(400, '参数错误：mobile不能为空');
  const mobiles = idsOf(body.mobile);
  if (mobiles.length === 0) return reply(400, '参数错误：mobile不能为空');
  if (mobiles.length > BATCH_LIMIT) return reply(400, `手机号最多${BATCH_LIMIT}个`);
  const max = body.maxNumsPreMobile === undefined ? 1 : Number(body.maxNumsPreMobile);
  if (!Number.isSafeInteger(max) || max < 0) return reply(400, '参数错误：maxNumsPreMobile');
  const data = mobiles.map((mobile) => {
    const found = state.records.filter((record) => record.mobile === mobile);
    const list = found.slice(0, max).map((record) => ({ crmId: Number(record.crmId), fieldId: MOBILE_FIELD_ID, name: null, followUserId: null }));
    return { mobile, num: found.length, list };
  });
  return ok(data);
}

/**
 * [EC-J] UpdateTagVO / [EC-P] updateLabel: type 0 (default) adds the labels (one of a single-choice
 * group replaces that group's label), type 1 replaces all of them (an empty `labels` clears them).
 */
function updateLabels(body: any, state: FakeState): FakeReply {
  if (!isPlainObject(body)) return reply(400, '参数错误');
  if (body.optUserId === undefined || !staffIds.has(String(body.optUserId))) return reply(400, '操作人不存在');
  if (typeof body.crmIds !== 'string' || typeof (body.labels ?? '') !== 'string') return reply(400, '参数错误：crmIds和labels为英文逗号分隔的字符串');
  const type = body.type ?? 0;
  if (type !== 0 && type !== 1) return reply(400, '参数错误：type只能为0或1');
  const crmIds = idsOf(body.crmIds);
  if (crmIds.length === 0) return reply(400, '参数错误：crmIds不能为空');
  if (crmIds.length > LABEL_CRM_LIMIT) return reply(400, `crmIds不能超过${LABEL_CRM_LIMIT}个`);
  const labels = idsOf((body.labels as string | undefined) ?? '');
  if (labels.length === 0 && type === 0) return reply(400, '参数错误：labels不能为空');
  if (!labels.every((id) => labelIds.has(id))) return reply(400, '标签不存在');
  const records = crmIds.map((id) => state.records.find((record) => record.crmId === id) as EcFakeRecord | undefined);
  if (records.some((record) => record === undefined)) return reply(400, '客户不存在');
  for (const record of records as EcFakeRecord[]) {
    let carried = type === 1 ? [] : [...record.labels];
    for (const id of labels.map(Number)) {
      const group = groupOfLabel.get(id);
      if (group?.labelGroupType === 1) carried = carried.filter((other) => groupOfLabel.get(other) !== group);
      if (!carried.includes(id)) carried.push(id);
    }
    record.labels = carried;
  }
  return ok(true);
}

/**
 * trajectory/saveUserTrajectory: `{list: [{id, crmId, contactTime, userId, content}]}` ([EC-G]
 * TrajectorySaveUserTrajectoryRequestDTO; [EC-P] "批量添加跟进记录", at most 200). Its answer is
 * not public: the fake answers code 200 with no data, and refuses the whole call (code 400) when
 * a row is wrong.
 */
function saveTrajectories(body: any, state: FakeState): FakeReply {
  if (!isPlainObject(body) || !Array.isArray(body.list) || body.list.length === 0) return reply(400, '参数错误：list不能为空');
  if (body.list.length > TRAJECTORY_LIMIT) return reply(400, `单次最多添加${TRAJECTORY_LIMIT}条跟进记录`);
  const rows: Array<{ record: EcFakeRecord; row: EcFakeRecord['trajectories'][number] }> = [];
  for (const item of body.list as unknown[]) {
    if (!isPlainObject(item)) return reply(400, '参数错误：跟进记录格式错误');
    const record = isId(item.crmId)
      ? (state.records.find((candidate) => candidate.crmId === String(item.crmId)) as EcFakeRecord | undefined)
      : undefined;
    if (!record) return reply(400, '客户不存在');
    if (!isId(item.userId) || !staffIds.has(String(item.userId))) return reply(400, '员工不存在');
    if (typeof item.contactTime !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(item.contactTime))
      return reply(400, '联系时间格式错误');
    if (typeof item.content !== 'string' || item.content.trim() === '') return reply(400, '跟进内容不能为空');
    if (item.id !== undefined && typeof item.id !== 'string') return reply(400, '参数错误：id');
    rows.push({ record, row: { id: item.id ?? null, contactTime: item.contactTime, userId: Number(item.userId), content: item.content } });
  }
  for (const { record, row } of rows) record.trajectories.push(row);
  return ok(null);
}

/**
 * customer/change/user `{optUserId, crmIds: 'id,id', followUserId}` (review E21 [EC-G, EC-P]; at
 * most 200 customers, as label/update): every customer must exist and both staff be EC's; the new
 * follower lands on each record's `followers`. The answer's data is not public: the fake answers
 * code 200 with none.
 */
function changeUser(body: any, state: FakeState): FakeReply {
  if (!isPlainObject(body)) return reply(400, '参数错误');
  if (body.optUserId === undefined || !staffIds.has(String(body.optUserId))) return reply(400, '操作人不存在');
  if (body.followUserId === undefined || !staffIds.has(String(body.followUserId))) return reply(400, '跟进人不存在');
  if (typeof body.crmIds !== 'string' || body.crmIds.trim() === '') return reply(400, '参数错误：crmIds不能为空');
  const ids = body.crmIds.split(',');
  if (ids.length > LABEL_CRM_LIMIT) return reply(400, `单次最多变更${LABEL_CRM_LIMIT}个客户`);
  const records = ids.map((id: string) => state.records.find((candidate) => candidate.crmId === id.trim()) as EcFakeRecord | undefined);
  if (records.some((record: EcFakeRecord | undefined) => !record)) return reply(400, '客户不存在');
  for (const record of records as EcFakeRecord[]) record.followers.push(Number(body.followUserId));
  return ok(null);
}

type Route = { method: 'GET' | 'POST'; answer: (req: FakeRequest, state: FakeState) => FakeReply };

const ROUTES: Record<string, Route> = {
  '/customer/queryExist': { method: 'POST', answer: (req, state) => queryExist(req.json, state) },
  '/customer/addCustomer': { method: 'POST', answer: (req, state) => addCustomer(req.json, state) },
  '/label/update': { method: 'POST', answer: (req, state) => updateLabels(req.json, state) },
  '/trajectory/saveUserTrajectory': { method: 'POST', answer: (req, state) => saveTrajectories(req.json, state) },
  '/customer/change/user': { method: 'POST', answer: (req, state) => changeUser(req.json, state) },
  '/config/getFieldMapping': { method: 'GET', answer: () => ok(EC_FIELDS) },
  '/customer/getChannelSource': { method: 'GET', answer: () => ok(EC_SOURCES) },
  '/config/getLabelInfo': { method: 'GET', answer: () => ok(EC_LABEL_GROUPS) },
  '/config/getCustomerTemplate': { method: 'GET', answer: () => ok(EC_TEMPLATES) },
  '/org/struct/info': {
    method: 'GET',
    answer: () =>
      ok({ depts: EC_DEPTS, users: EC_STAFF.map(({ userId, userName, deptId }) => ({ userId, userName, deptId, title: '', status: 1 })) }),
  },
};

/** The route of a request, or EC's 404 (no such service) / 405 (the other method). */
function routeOf(req: FakeRequest): Route | FakeReply {
  const route = ROUTES[req.path];
  if (!route) return reply(404, '服务不存在', null, 404);
  return route.method === req.method ? route : reply(405, `不支持${req.method}请求`, null, 405);
}

function handle(req: FakeRequest, state: FakeState): FakeReply {
  const refused = checkAuth(req);
  if (refused) return refused;
  const route = routeOf(req);
  return 'answer' in route ? route.answer(req, state) : route;
}

/** The 'flood' answer of a discovery list: `count` distinct rows in that list's shape (null for any other call). */
function floodReply(path: string, count: number): FakeReply | null {
  const rows = <T>(row: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => row(i + 1));
  switch (path) {
    case '/config/getFieldMapping':
      // Rows with the keys a reader needs (no sort or group), so that 30,000 of them stay under the body cap.
      return ok(rows((i) => ({ fieldId: 100000 + i, fieldName: `字段${i}`, filedType: 1, fieldParam: [] })));
    case '/customer/getChannelSource':
      return ok(rows((i) => ({ id: 100000 + i, name: `来源${i}` })));
    case '/config/getLabelInfo':
      return ok([
        { labelGroupId: 1, labelGroupName: '批量', labelGroupType: 0, labelList: rows((i) => ({ labelId: 500000 + i, labelName: `标签${i}` })) },
      ]);
    case '/config/getCustomerTemplate':
      return ok(rows((i) => ({ templateId: `tpl-${i}`, templateName: `模板${i}` })));
    case '/org/struct/info':
      return ok({ depts: EC_DEPTS, users: rows((i) => ({ userId: 900000 + i, userName: `员工${i}`, deptId: EC_DEPTS[0].deptId })) });
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

/**
 * Starts a fake EC; its `url` ends in '/v2/'. Its customer ids are 70000001 plus the milliseconds
 * since FAKE_ID_EPOCH_MS and up (common.ts FakeState): a restarted sandbox never hands out an id a
 * kept database already holds. `options.firstId` pins them (70000001, 70000002, ...).
 */
export function startFakeEc(options?: FakeCrmOptions): Promise<FakeCrm> {
  return startFake(
    { code: 'ec', basePath: '/v2/', credentials: EC_CREDENTIALS, altCredentials: EC_STYLE2_CREDENTIALS, firstId: 70000001, faultReply, handle },
    options,
  );
}
