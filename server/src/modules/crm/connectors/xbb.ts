import { createHash } from 'node:crypto';
import {
  asId,
  CrmHttpError,
  CrmRefusal,
  discover,
  discoveryCalls,
  fieldEncoder,
  layFields,
  outcomeOfError,
  pushOneByOne,
  requestCrm,
  unixSeconds,
} from './http';
import type {
  CallLimit,
  ConnectorContext,
  CrmAccountParams,
  CrmConnector,
  CrmField,
  CrmFieldType,
  CrmFollowUpRecord,
  CrmLabel,
  CrmSource,
  CrmStaff,
  FollowUpNote,
  PushOutcome,
  PushRecord,
} from './types';

/**
 * 销帮帮 (xbongbong) open API, checked row by row in CRM_APIS_REVIEW section 3 (X1-X19). Sources:
 * [XB-C] chenhb1988/opencli-plugin-xbb (built from xbb's online interface docs, run against real
 * tenants), [XB-H] hp-coder/xbb-api-spring-boot-starter, [XB-F] xbb's front-end field-format doc.
 *
 * Account (our choice, the API has no login): param1 corpid, param2 API token, param3 customer form
 * id (empty: the first customer form of form/list), param4 the operator's userId.
 *
 * Documented:
 * - X1 host: proapi for DingTalk corps (corpid 'ding…' or containing '$$ding'), appapi otherwise.
 * - X2/X3 every call a POST of JSON carrying `corpid` and the operator `userId`; header `sign` =
 *   sha256_hex(<the exact body text> + <API token>).
 * - X4 `customer/add {formId, dataList}` → `result.dataId`; success is `code == 1` and `success`
 *   true [XB-H XbbResponse.succeed].
 * - X5-X8 dataList: name text_1, phones subForm_1 rows `{text_1: phone type, text_2: number}`,
 *   owner `ownerId: [userId]`, a dropdown's option text, multi-select arrays of texts, dates in
 *   Unix seconds, numbers as JSON numbers [XB-C doc/form-field-testing-guide.md].
 * - X9/X10 `form/list {saasMark: 1, businessType: 100}` → formList; `form/get {formId}` → explainList.
 * - X12 duplicates: `customer/list` with `{attr: 'subForm_1', subAttr: 'text_2', symbol: 'equal',
 *   value: [mobile]}` [XB-C customer-list.js; symbols equal/in/like XB-H XbbFormConditionSymbol].
 * - X13 staff: `user/list` → `userList[{userId, name, position, avatar, departmentList[{id, name}],
 *   roleList, status}]`, `totalCount` [XB-H DingTalkUser; XB-C user-list.js]: no phone, so ''.
 * - X14 labels: `label/allList {formId, businessType, enable}` → `labelTree[{id, labelGroupName,
 *   labelEntities[{id, name}]}]`; `label/batch/add {formId, businessType, attr, dataIdList, labelIds}`
 *   [XB-H ConfigConstant.LABEL, XbbLabelApi, XbbAddLabelModel, XbbFormLabelResponse; XB-C
 *   label-all-list.js, label-batch-add.js at 1031bd7].
 * - X16 rates: 3 writes a second, 1,000 calls a minute, 100,000 a day [XB-H XbbProperties].
 * - X18 one customer per call.
 * - Follow-ups (review 0.3): `communicate/add {dataList}`, no subBusinessType for a customer's
 *   (8000 would be a clue's) [XB-C communicate-add.js].
 * - Follow-up records read back (issue 24): `communicate/list {conditions: [{attr: 'text_1',
 *   value: [customer dataId], symbol: 'equal'}], page, pageSize}` → `result.list[{dataId, formId,
 *   addTime, updateTime, data: {text_1, text_4, text_5, text_6, creatorId}}]` [XB-C communicate-list.js].
 *
 * Assumed (each behind one named constant or function below, comment `Assumption (review …)`):
 * X6 the phone type's write format; X11 the fieldType numbers; X14 the label field's attr and
 * label/allList's `enable`; X15 sources are the options of 客户来源; X16 the text of a rate reply;
 * X17 how failures are told apart; 0.3 the follow-up form's attrs; the unit of communicate/list's addTime.
 */

const PRO_BASE_URL = 'https://proapi.xbongbong.com';
const APP_BASE_URL = 'https://appapi.xbongbong.com';
const API = 'pro/v2/api';
/** businessType of customers: form/list, the label calls [XB-C label-batch-add.js: 客户100; XB-H XbbFormBizType]. */
const CUSTOMER_BUSINESS_TYPE = 100;
const STAFF_PAGE_SIZE = 100;

/**
 * xbb's documented rates, per company (corpid) [XB-H XbbProperties: 每秒写 3, 每分钟 1000, 每日 10w]:
 * the pacer keeps to 3 writes a second and 1,000 calls a minute. The 100,000 calls a day are not
 * paced (a day's window would keep one slot per call in memory for 24 hours): a call over that
 * limit gets xbb's refusal, which is a 'rate' retry like any other (X16).
 */
const CALL_LIMITS: readonly CallLimit[] = [
  { calls: 3, windowMs: 1000, writes: true },
  { calls: 1000, windowMs: 60_000 },
];

interface XbbReply {
  code?: number | string;
  msg?: string;
  success?: boolean;
  result?: unknown;
}

const secretsOf = (account: CrmAccountParams) => [account.param2];

/** proapi for DingTalk corps (corpid 'ding…' or containing '$$ding'), appapi for the others (X1). */
export function xbbBaseUrl(corpid: string | null): string {
  const id = corpid ?? '';
  return id.startsWith('ding') || id.includes('$$ding') ? PRO_BASE_URL : APP_BASE_URL;
}

/** The sign of a body: sha256 hex of the exact text sent followed by the token (X2). */
export const xbbSign = (body: string, token: string): string =>
  createHash('sha256')
    .update(body + token)
    .digest('hex');

/**
 * Assumption (review X16): the reply xbb gives a call over its rate is not published. We take a
 * msg with any of these words for it (retried as 'rate'), whatever the code; a 429 is 'rate' too.
 * A support engineer with a real account should note the code and msg of that reply (e.g. more
 * than 3 customer/add calls in a second) and correct this pattern.
 */
export const XBB_RATE_LIMIT_MESSAGE = /频繁|频率|限流|rate limit|too many/i;

/** Success is `code == 1` and `success: true` [XB-H XbbResponse.succeed] (X4). */
const succeeded = (reply: XbbReply): boolean => Number(reply.code) === 1 && reply.success === true;

/**
 * The failure an xbb reply stands for.
 *
 * Assumption (review X17): xbb publishes no table of its error codes, so a failure is told by its
 * msg: the rate text (X16) is 'rate'; a sign, token or corpid problem is 'auth' (签名/sign/token/
 * corpid); a reply without a code, or code 1 without `success: true`, is 'server' (retried); any
 * other reply is a refusal with xbb's msg (选项不存在, 字段数据格式错误, …为必填字段 [XB-C guide]).
 * A support engineer should check the codes and texts of a wrong token, an unknown corpid and an
 * unknown operator against a real account and correct this one function.
 */
export function xbbFailure(path: string, reply: XbbReply): CrmHttpError | CrmRefusal {
  const msg = reply.msg ?? `code ${String(reply.code)}`;
  if (XBB_RATE_LIMIT_MESSAGE.test(msg)) return new CrmHttpError('rate', `xbb ${path}: ${msg}`);
  if (/签名|sign|token|corpid/i.test(msg)) return new CrmHttpError('auth', `xbb ${path}: ${msg}`);
  if (reply.code === undefined || reply.code === null) return new CrmHttpError('server', `xbb ${path}: unreadable reply`);
  if (Number(reply.code) === 1) return new CrmHttpError('server', `xbb ${path}: code 1 without success`);
  return new CrmRefusal(msg);
}

/**
 * One xbb call: its `result` when it succeeded; throws CrmHttpError (auth, rate, server) or
 * CrmRefusal. `payload` may override the operator `userId`; `write`: it creates or changes something.
 */
async function xbbCall(
  account: CrmAccountParams,
  ctx: ConnectorContext,
  path: string,
  payload: Record<string, unknown>,
  write = false,
): Promise<unknown> {
  const body = JSON.stringify({ corpid: account.param1 ?? '', ...(account.param4 ? { userId: account.param4 } : {}), ...payload });
  const headers = { sign: xbbSign(body, account.param2 ?? '') };
  const { body: answer } = await requestCrm(ctx, { path: `${API}/${path}`, rawJson: body, headers, secrets: secretsOf(account), write });
  const reply = (answer ?? {}) as XbbReply;
  if (succeeded(reply)) return reply.result;
  throw xbbFailure(path, reply);
}

/** A mapped field's value as xbb takes it: dropdowns the option text, people arrays of ids, dates Unix seconds. */
const encodeValue = fieldEncoder({ date: unixSeconds });

/**
 * Assumption (review X6): the phone type of the lead's phone row is the object `{text, value}` of
 * the default option 手机 ("2") [XB-F]; the write API's guide says a dropdown takes its text [XB-C],
 * and tenants that customised the options have uuid values. If xbb refuses every lead with 选项不存在
 * or 字段数据格式错误 on 客户电话, try `'手机'` here.
 */
const PHONE_TYPE = { text: '手机', value: '2' };

/**
 * The customer's dataList: name in text_1, the mobile as the first row of subForm_1, then the mapped
 * fields; the record's follower (the lead's receiver) as the owner (`ownerId`, an array of user ids),
 * over any the field mapping sends.
 */
export function dataListOf(record: PushRecord): Record<string, unknown> {
  const laid = layFields(record.fields, encodeValue);
  for (const [attr, value] of Object.entries(laid)) {
    // A subForm takes rows: the children mapped to one are one row.
    if (attr.startsWith('subForm') && value != null && typeof value === 'object' && !Array.isArray(value)) laid[attr] = [value];
  }
  const phoneRow = { text_1: PHONE_TYPE, text_2: record.mobile };
  const rows = Array.isArray(laid.subForm_1) ? laid.subForm_1 : [];
  const owner = record.followerId ? { ownerId: [record.followerId] } : {};
  return { ...laid, ...owner, text_1: record.name, subForm_1: [phoneRow, ...rows] };
}

/** The customer form: param3, else the first customer form of form/list (X9). */
async function formIdOf(account: CrmAccountParams, ctx: ConnectorContext): Promise<number | string> {
  if (account.param3) return /^\d+$/.test(account.param3) ? Number(account.param3) : account.param3;
  const result = (await xbbCall(account, ctx, 'form/list', { saasMark: 1, businessType: CUSTOMER_BUSINESS_TYPE })) as {
    formList?: { formId: number | string; businessType?: number }[];
  } | null;
  const form = (result?.formList ?? []).find((item) => item.businessType === undefined || item.businessType === CUSTOMER_BUSINESS_TYPE);
  if (!form) throw new CrmRefusal('销帮帮中没有客户表单');
  return form.formId;
}

interface XbbExplain {
  attr?: unknown;
  attrName?: unknown;
  fieldType?: unknown;
  required?: unknown;
  items?: { text: unknown; value?: unknown }[];
  subForm?: { items?: XbbExplain[] };
}

/** The customer form's explainList (X10). */
async function explainsOf(account: CrmAccountParams, ctx: ConnectorContext, formId: number | string): Promise<XbbExplain[]> {
  const result = (await xbbCall(account, ctx, 'form/get', { formId })) as { explainList?: XbbExplain[] } | null;
  return result?.explainList ?? [];
}

/**
 * The duplicate condition on the phone numbers: the sub-form subForm_1, its number text_2, equal
 * to the mobile (X12). Without `subAttr` xbb's outcome is unknown (an error, or the condition
 * ignored so that any customer matches), and `like` would match a longer number containing it.
 */
export const phoneCondition = (mobile: string) => ({ attr: 'subForm_1', subAttr: 'text_2', symbol: 'equal', value: [mobile] });

async function duplicateOf(account: CrmAccountParams, ctx: ConnectorContext, formId: number | string, mobile: string): Promise<string | undefined> {
  const result = (await xbbCall(account, ctx, 'customer/list', { formId, conditions: [phoneCondition(mobile)], page: 1, pageSize: 1 })) as {
    list?: { dataId: unknown }[];
  } | null;
  const found = result?.list?.[0];
  return found ? String(found.dataId) : undefined;
}

/**
 * Assumption (review X14): label/batch/add names the customer form's label field (`attr`), whose
 * attr and fieldType no public source shows; we take the explainList field named 标签. A support
 * engineer should look up the label field in form/get of a real customer form and correct this.
 */
export function labelFieldOf(explains: readonly XbbExplain[]): string | undefined {
  const field = explains.find((explain) => explain.attrName === '标签');
  return field?.attr == null ? undefined : String(field.attr);
}

/**
 * Puts the record's labels on the customer just created (X14). Best effort: the customer exists
 * whatever happens here, so a failure (refused, rate, network, or no label field in the form) loses
 * the labels but not the lead, which stays delivered; retrying it would find the customer as a
 * duplicate and not label it either.
 */
async function applyLabels(account: CrmAccountParams, ctx: ConnectorContext, prepared: Prepared, dataId: unknown, labels: readonly string[]) {
  if (labels.length === 0 || prepared.labelAttr === undefined) return;
  const payload = {
    formId: prepared.formId,
    businessType: CUSTOMER_BUSINESS_TYPE,
    attr: prepared.labelAttr,
    dataIdList: [dataId],
    labelIds: labels.map(asId),
  };
  await xbbCall(account, ctx, 'label/batch/add', payload, true).catch(() => undefined);
}

interface Prepared {
  formId: number | string;
  /** The label field, looked up only when a record carries labels. */
  labelAttr?: string;
}

async function pushOne(account: CrmAccountParams, ctx: ConnectorContext, prepared: Prepared, record: PushRecord): Promise<PushOutcome> {
  const { formId } = prepared;
  const duplicate = record.mobile ? await duplicateOf(account, ctx, formId, record.mobile) : undefined;
  if (duplicate !== undefined) return { kind: 'delivered', crmId: duplicate, duplicate: true };
  const result = (await xbbCall(account, ctx, 'customer/add', { formId, dataList: dataListOf(record) }, true)) as { dataId?: unknown } | null;
  if (result?.dataId == null) throw new CrmHttpError('server', 'xbb customer/add: no dataId in the reply');
  await applyLabels(account, ctx, prepared, result.dataId, record.labels);
  return { kind: 'delivered', crmId: String(result.dataId) };
}

/** The customer form (and, for records with labels, its label field) is found once per push() call, then one customer per call. */
function push(account: CrmAccountParams, records: readonly PushRecord[], ctx: ConnectorContext): Promise<PushOutcome[]> {
  return pushOneByOne(
    records,
    async (): Promise<Prepared> => {
      const formId = await formIdOf(account, ctx);
      if (!records.some((record) => record.labels.length > 0)) return { formId };
      return { formId, labelAttr: labelFieldOf(await explainsOf(account, ctx, formId)) };
    },
    (prepared, record) => pushOne(account, ctx, prepared, record),
    secretsOf(account),
  );
}

/**
 * Assumption (review X11): no public enum of explainList's `fieldType` was found. We read 1/7 as
 * text, 2 number, 3/10000 a dropdown, 9/10001 a multi-select, 4 a date and 10009 a person; anything
 * else is text. A support engineer should compare form/get of a real form with its editor.
 */
function fieldTypeOf(fieldType: unknown): CrmFieldType {
  switch (Number(fieldType)) {
    case 2:
      return 'number';
    case 3:
    case 10000:
      return 'option';
    case 9:
    case 10001:
      return 'options';
    case 4:
      return 'date';
    case 10009:
      return 'user';
    default:
      return 'text';
  }
}

function fieldOf(explain: XbbExplain): CrmField {
  const field: CrmField = {
    code: String(explain.attr),
    name: String(explain.attrName ?? explain.attr),
    type: fieldTypeOf(explain.fieldType),
    required: explain.required === 1 || explain.required === true,
  };
  // The API takes a dropdown's text, so an option's value is its text.
  if (explain.items?.length) field.options = explain.items.map((item) => ({ value: String(item.text), text: String(item.text) }));
  if (explain.subForm?.items?.length) field.children = explain.subForm.items.map(fieldOf);
  return field;
}

async function customerFields(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmField[]> {
  return (await explainsOf(account, ctx, await formIdOf(account, ctx))).map(fieldOf);
}

/**
 * Assumption (review X15): no source says where xbb keeps a customer's source; we take the options
 * of the customer form's field named 客户来源 (a dropdown, so a source is sent as its text). A support
 * engineer should check the name of that field in a real customer form.
 */
const SOURCE_FIELD_NAME = '客户来源';

async function sources(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmSource[]> {
  const field = (await customerFields(account, ctx)).find((item) => item.name === SOURCE_FIELD_NAME);
  return (field?.options ?? []).map((option) => ({ code: option.value, name: option.text }));
}

/**
 * Assumption (review X14): label/allList's required `enable` is described as "是否在回收站中"
 * [XB-H XbbLabelApi, XB-C label-all-list.js: 必填，可传0]; 0 asks for the labels in use.
 */
const LABELS_IN_USE = 0;

/** The customer form's labels (X14): one class per label, named by its group. */
async function labels(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmLabel[]> {
  const formId = await formIdOf(account, ctx);
  const result = (await xbbCall(account, ctx, 'label/allList', { formId, businessType: CUSTOMER_BUSINESS_TYPE, enable: LABELS_IN_USE })) as {
    labelTree?: { labelGroupName?: unknown; labelEntities?: { id: unknown; name: unknown }[] }[];
  } | null;
  return (result?.labelTree ?? []).flatMap((group) =>
    (group.labelEntities ?? []).map((label) => ({
      classId: String(label.id),
      className: group.labelGroupName ? `${String(group.labelGroupName)}/${String(label.name)}` : String(label.name),
    })),
  );
}

interface XbbUser {
  userId: unknown;
  name: unknown;
  departmentList?: { id?: unknown; name?: unknown }[];
}

/** Staff (X13): the department is the names of `departmentList`; user/list has no phone. */
async function staff(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmStaff[]> {
  const out: CrmStaff[] = [];
  for (let page = 1; page <= 50; page++) {
    const result = (await xbbCall(account, ctx, 'user/list', { page, pageSize: STAFF_PAGE_SIZE })) as {
      userList?: XbbUser[];
      totalCount?: unknown;
    } | null;
    const users = result?.userList ?? [];
    for (const user of users) {
      const departments = (user.departmentList ?? []).map((department) => (department.name == null ? '' : String(department.name)));
      out.push({ userId: String(user.userId), userName: String(user.name), phone: '', deptName: departments.filter(Boolean).join(',') });
    }
    const total = Number(result?.totalCount);
    if (users.length < STAFF_PAGE_SIZE || (Number.isFinite(total) && out.length >= total)) break;
  }
  return out;
}

/**
 * Assumption (review 0.3): the follow-up form's attrs. No source documents them; a real tenant's
 * follow-up form (572943) took text_1 the customer's dataId, text_6 the content and date_1 the time
 * in Unix seconds [XB-C test/add-api-cases.example.json, test/ADD_API_TESTING.md]. Tenants may make
 * more fields required (that one required 跟进方式 text_4, text_2 and text_9, options of its own):
 * xbb then refuses the follow-up with '…为必填字段'. A support engineer should check form/get of the
 * tenant's follow-up form (businessType 501) and correct this.
 */
export function followUpDataList(note: FollowUpNote): Record<string, unknown> {
  return { text_1: asId(note.crmId), text_6: note.content, date_1: Math.floor(note.at / 1000) };
}

/**
 * A follow-up on a customer (review 0.3): `communicate/add {userId, dataList}` without
 * subBusinessType, which makes it a customer's [XB-C communicate-add.js]; `userId` (the operator
 * the record is written as) is the note's user, else the account's. Never throws for CRM or network
 * failures.
 */
async function followUp(account: CrmAccountParams, note: FollowUpNote, ctx: ConnectorContext): Promise<PushOutcome> {
  try {
    const payload = { ...(note.userId ? { userId: note.userId } : {}), dataList: followUpDataList(note) };
    const result = (await xbbCall(account, ctx, 'communicate/add', payload, true)) as { dataId?: unknown } | null;
    if (result?.dataId == null) throw new CrmHttpError('server', 'xbb communicate/add: no dataId in the reply');
    return { kind: 'delivered', crmId: String(result.dataId) };
  } catch (error) {
    return outcomeOfError(error, secretsOf(account));
  }
}

/**
 * Assumption (issue 24): communicate/list's `addTime` is in Unix seconds, as every other xbb time
 * (dates are Unix seconds [XB-C doc/form-field-testing-guide.md]); the source prints it as it
 * comes. A value past 1e11 is taken as milliseconds already.
 */
const addTimeMs = (value: unknown): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return n >= 1e11 ? n : n * 1000;
};

/** The most records one communicate/list page asks for. */
const RECORD_PAGE_SIZE = 100;

/**
 * The follow-up records on a customer, newest first, at most `max` (one page: `max` is at most
 * RECORD_PAGE_SIZE): communicate/list with the customer's dataId in text_1 [XB-C communicate-list.js].
 */
async function followUpRecords(account: CrmAccountParams, crmId: string, max: number, ctx: ConnectorContext): Promise<CrmFollowUpRecord[]> {
  const result = (await xbbCall(account, ctx, 'communicate/list', {
    conditions: [{ attr: 'text_1', value: [asId(crmId)], symbol: 'equal' }],
    page: 1,
    pageSize: Math.min(Math.max(1, max), RECORD_PAGE_SIZE),
  })) as { list?: unknown } | null;
  const list = Array.isArray(result?.list) ? (result.list as unknown[]) : [];
  return list
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => {
      const data = (typeof item.data === 'object' && item.data !== null ? item.data : {}) as Record<string, unknown>;
      return {
        id: String(item.dataId ?? ''),
        at: addTimeMs(item.addTime),
        content: typeof data.text_6 === 'string' ? data.text_6 : '',
        creatorId: String(data.creatorId ?? ''),
      };
    })
    .filter((record) => record.id !== '')
    .sort((x, y) => y.at - x.at)
    .slice(0, max);
}

/** The 销帮帮 connector. */
export const xbbConnector: CrmConnector = {
  code: 'xbb',
  batchLimit: 1,
  defaultBaseUrl: (account) => xbbBaseUrl(account.param1),
  callLimits: CALL_LIMITS,
  // The rate is the company's: every account of one corpid shares one pacer.
  pacingKey: (account) => account.param1 ?? '',
  push,
  followUp,
  ...discoveryCalls(secretsOf, {
    verify: async (account, ctx) => {
      await xbbCall(account, ctx, 'form/list', { saasMark: 1, businessType: CUSTOMER_BUSINESS_TYPE });
    },
    fields: (account, ctx) => customerFields(account, ctx),
    labels: (account, ctx) => labels(account, ctx),
    sources: (account, ctx) => sources(account, ctx),
    staff: (account, ctx) => staff(account, ctx),
  }),
  followUpRecords: (account, crmId, max, ctx) => discover(() => followUpRecords(account, crmId, max, ctx), secretsOf(account)),
};
