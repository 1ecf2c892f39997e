import { createHash } from 'node:crypto';
import { CrmHttpError, CrmRefusal, discoveryCalls, fieldEncoder, layFields, pushOneByOne, requestCrm, unixSeconds } from './http';
import type { ConnectorContext, CrmAccountParams, CrmConnector, CrmField, CrmFieldType, CrmStaff, PushOutcome, PushRecord } from './types';

/**
 * 销帮帮 (xbongbong) open API, CRM_APIS.md. No token call: the JSON body carries `corpid` (and the
 * operator's `userId`), the header `sign` is sha256_hex(<the exact body text> + <API token>).
 *
 * Account (our choice, the spec shows none): param1 corpid, param2 API token, param3 customer form
 * id (empty: the first customer form of form/list), param4 operator userId. A record's follower owns
 * the customer (`ownerId`); without one xbb makes the operator its owner.
 *
 * Our reading beyond CRM_APIS.md: duplicates through `customer/list` with a `subForm_1` like
 * condition; staff through `user/list` (`{userList: [{userId, name, mobile, depName}]}`); the
 * explainList's `fieldType` numbers below; a subForm's children under `subForm.items`; sign and
 * token failures recognised by their message (签名/token); sources are the options of the field
 * 客户来源; xbb has no labels.
 */

const PRO_BASE_URL = 'https://proapi.xbongbong.com';
const APP_BASE_URL = 'https://appapi.xbongbong.com';
const API = 'pro/v2/api';
/** form/list's businessType of customers. */
const CUSTOMER_BUSINESS_TYPE = 100;
const SOURCE_FIELD_NAME = '客户来源';
const STAFF_PAGE_SIZE = 100;

/** explainList fieldType as our field kinds (anything else is text). */
const XBB_FIELD_TYPES: Record<number, CrmFieldType> = {
  1: 'text',
  7: 'text',
  2: 'number',
  3: 'option',
  10000: 'option',
  9: 'options',
  10001: 'options',
  4: 'date',
  10009: 'user',
};

interface XbbReply {
  code?: number | string;
  msg?: string;
  result?: unknown;
}

const secretsOf = (account: CrmAccountParams) => [account.param2];

/** proapi for DingTalk corps (corpid 'ding…' or containing '$$ding'), appapi for the others. */
export function xbbBaseUrl(corpid: string | null): string {
  const id = corpid ?? '';
  return id.startsWith('ding') || id.includes('$$ding') ? PRO_BASE_URL : APP_BASE_URL;
}

/** The sign of a body: sha256 hex of the exact text sent followed by the token. */
export const xbbSign = (body: string, token: string): string =>
  createHash('sha256')
    .update(body + token)
    .digest('hex');

/** One xbb call: its `result` when code is 1; throws CrmHttpError (auth, rate, server) or CrmRefusal. */
async function xbbCall(account: CrmAccountParams, ctx: ConnectorContext, path: string, payload: Record<string, unknown>): Promise<unknown> {
  const body = JSON.stringify({ corpid: account.param1 ?? '', ...(account.param4 ? { userId: account.param4 } : {}), ...payload });
  const headers = { sign: xbbSign(body, account.param2 ?? '') };
  const { body: answer } = await requestCrm(ctx, { path: `${API}/${path}`, rawJson: body, headers, secrets: secretsOf(account) });
  const reply = (answer ?? {}) as XbbReply;
  if (Number(reply.code) === 1) return reply.result;
  const msg = reply.msg ?? `code ${String(reply.code)}`;
  if (/签名|sign|token|corpid/i.test(msg)) throw new CrmHttpError('auth', `xbb ${path}: ${msg}`);
  if (/频繁|频率|limit/i.test(msg)) throw new CrmHttpError('rate', `xbb ${path}: ${msg}`);
  if (reply.code === undefined) throw new CrmHttpError('server', `xbb ${path}: unreadable reply`);
  throw new CrmRefusal(msg);
}

/** A mapped field's value as xbb takes it: dropdowns the option text, people arrays of ids, dates Unix seconds. */
const encodeValue = fieldEncoder({ date: unixSeconds });

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
  const phoneRow = { text_1: { text: '手机', value: '2' }, text_2: record.mobile };
  const rows = Array.isArray(laid.subForm_1) ? laid.subForm_1 : [];
  const owner = record.followerId ? { ownerId: [record.followerId] } : {};
  return { ...laid, ...owner, text_1: record.name, subForm_1: [phoneRow, ...rows] };
}

/** The customer form: param3, else the first customer form of form/list. */
async function formIdOf(account: CrmAccountParams, ctx: ConnectorContext): Promise<number | string> {
  if (account.param3) return /^\d+$/.test(account.param3) ? Number(account.param3) : account.param3;
  const result = (await xbbCall(account, ctx, 'form/list', { saasMark: 1, businessType: CUSTOMER_BUSINESS_TYPE })) as {
    formList?: { formId: number | string; businessType?: number }[];
  } | null;
  const form = (result?.formList ?? []).find((item) => item.businessType === undefined || item.businessType === CUSTOMER_BUSINESS_TYPE);
  if (!form) throw new CrmRefusal('销帮帮中没有客户表单');
  return form.formId;
}

async function duplicateOf(account: CrmAccountParams, ctx: ConnectorContext, formId: number | string, mobile: string): Promise<string | undefined> {
  const conditions = [{ attr: 'subForm_1', symbol: 'like', value: [mobile] }];
  const result = (await xbbCall(account, ctx, 'customer/list', { formId, conditions, page: 1, pageSize: 1 })) as {
    list?: { dataId: unknown }[];
  } | null;
  const found = result?.list?.[0];
  return found ? String(found.dataId) : undefined;
}

async function pushOne(account: CrmAccountParams, ctx: ConnectorContext, formId: number | string, record: PushRecord): Promise<PushOutcome> {
  const duplicate = record.mobile ? await duplicateOf(account, ctx, formId, record.mobile) : undefined;
  if (duplicate !== undefined) return { kind: 'delivered', crmId: duplicate, duplicate: true };
  const result = (await xbbCall(account, ctx, 'customer/add', { formId, dataList: dataListOf(record) })) as { dataId?: unknown } | null;
  if (result?.dataId == null) throw new CrmHttpError('server', 'xbb customer/add: no dataId in the reply');
  return { kind: 'delivered', crmId: String(result.dataId) };
}

/** The customer form is found once per push() call, then one customer per call. */
function push(account: CrmAccountParams, records: readonly PushRecord[], ctx: ConnectorContext): Promise<PushOutcome[]> {
  return pushOneByOne(
    records,
    () => formIdOf(account, ctx),
    (formId, record) => pushOne(account, ctx, formId, record),
    secretsOf(account),
  );
}

interface XbbExplain {
  attr?: unknown;
  attrName?: unknown;
  fieldType?: unknown;
  required?: unknown;
  items?: { text: unknown; value?: unknown }[];
  subForm?: { items?: XbbExplain[] };
}

function fieldOf(explain: XbbExplain): CrmField {
  const field: CrmField = {
    code: String(explain.attr),
    name: String(explain.attrName ?? explain.attr),
    type: XBB_FIELD_TYPES[Number(explain.fieldType)] ?? 'text',
    required: explain.required === 1 || explain.required === true,
  };
  // The API takes a dropdown's text, so an option's value is its text.
  if (explain.items?.length) field.options = explain.items.map((item) => ({ value: String(item.text), text: String(item.text) }));
  if (explain.subForm?.items?.length) field.children = explain.subForm.items.map(fieldOf);
  return field;
}

async function customerFields(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmField[]> {
  const formId = await formIdOf(account, ctx);
  const result = (await xbbCall(account, ctx, 'form/get', { formId })) as { explainList?: XbbExplain[] } | null;
  return (result?.explainList ?? []).map(fieldOf);
}

async function staff(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmStaff[]> {
  const out: CrmStaff[] = [];
  for (let page = 1; page <= 50; page++) {
    const result = (await xbbCall(account, ctx, 'user/list', { page, pageSize: STAFF_PAGE_SIZE })) as {
      userList?: { userId: unknown; name: unknown; mobile?: unknown; depName?: unknown }[];
    } | null;
    const users = result?.userList ?? [];
    for (const user of users) {
      out.push({
        userId: String(user.userId),
        userName: String(user.name),
        phone: user.mobile == null ? '' : String(user.mobile),
        deptName: user.depName == null ? '' : String(user.depName),
      });
    }
    if (users.length < STAFF_PAGE_SIZE) break;
  }
  return out;
}

/** The 销帮帮 connector. */
export const xbbConnector: CrmConnector = {
  code: 'xbb',
  batchLimit: 1,
  defaultBaseUrl: (account) => xbbBaseUrl(account.param1),
  push,
  ...discoveryCalls(secretsOf, {
    verify: async (account, ctx) => {
      await xbbCall(account, ctx, 'form/list', { saasMark: 1, businessType: CUSTOMER_BUSINESS_TYPE });
    },
    fields: (account, ctx) => customerFields(account, ctx),
    labels: async () => [],
    sources: async (account, ctx) => {
      const field = (await customerFields(account, ctx)).find((item) => item.name === SOURCE_FIELD_NAME);
      return (field?.options ?? []).map((option) => ({ code: option.value, name: option.text }));
    },
    staff: (account, ctx) => staff(account, ctx),
  }),
};
