import { createHash } from 'node:crypto';
import { asId, chunks, CrmRefusal, discoveryCalls, fieldEncoder, layFields, outcomeOfError, replyCodeError, requestCrm } from './http';
import type {
  ConnectorContext,
  CrmAccountParams,
  CrmConnector,
  CrmField,
  CrmFieldType,
  CrmLabel,
  CrmSource,
  CrmStaff,
  PushOutcome,
  PushRecord,
} from './types';

/**
 * EC (六度人和) open API v2, CRM_APIS.md. No token call: every request is signed in its headers.
 *
 * Account: param1 corp id; param2 app id (style 2: the third-party token header's name); param3
 * app secret (style 2: the token); param4 operator staff id (optUserId); param5 follow-up staff id;
 * param6 '1' sends the lead's remark as memo; param8 '2' may push the region; param9 channel
 * (source) id; param10 setting style ('1' or empty: signed; '2': third-party token header).
 * A record's follower (the lead's receiver) is its `followUserId` instead of param5.
 * A record's labels go in the customer's `labels` (label ids, our reading of addCustomer).
 *
 * CRM_APIS.md names customer/queryExist, customer/addCustomer, config/getFieldMapping and
 * customer/getChannelSource. The rest is our reading of public EC SDKs and scripts: labels from
 * `POST label/getLabelInfo` (groups of labels), staff from `GET org/struct/info` ({depts, users}),
 * and the inner shapes of the answers (EC_FIELD_TYPES below, queryExist's `[{crmId, mobile}]`).
 * Templates (`GET config/getCustomerTemplate`, `[{templateId, templateName}]`) have no public
 * material at all: a guess for the template tab, to be checked against a real account.
 */

const DEFAULT_BASE_URL = 'https://open.workec.com/v2/';
const BATCH_LIMIT = 50;

/** EC field types (getFieldMapping `type`) as our field kinds. */
const EC_FIELD_TYPES: Record<string, CrmFieldType> = {
  text: 'text',
  textarea: 'text',
  group: 'text',
  number: 'number',
  date: 'date',
  datetime: 'date',
  phone: 'phone',
  mobile: 'phone',
  select: 'option',
  radio: 'option',
  checkbox: 'options',
  multiselect: 'options',
  user: 'user',
};

interface EcReply {
  code?: number | string;
  msg?: string;
  data?: unknown;
}

const secretsOf = (account: CrmAccountParams) => [account.param3];

/** The auth headers: the signature (style 1) or the third-party token header (style 2). */
export function ecHeaders(account: CrmAccountParams, now: number = Date.now()): Record<string, string> {
  const timeStamp = String(now);
  const headers: Record<string, string> = { 'X-Ec-Cid': account.param1 ?? '', 'X-Ec-TimeStamp': timeStamp };
  if (account.param10 === '2') {
    if (account.param2) headers[account.param2] = account.param3 ?? '';
    return headers;
  }
  const plain = `appId=${account.param2 ?? ''}&appSecret=${account.param3 ?? ''}&timeStamp=${timeStamp}`;
  headers['X-Ec-Sign'] = createHash('md5').update(plain).digest('hex').toUpperCase();
  return headers;
}

/** One EC call: its `data` when code is 200; throws CrmHttpError (auth, server, rate) or CrmRefusal. */
async function ecCall(account: CrmAccountParams, ctx: ConnectorContext, path: string, json?: unknown): Promise<unknown> {
  const method = json === undefined ? 'GET' : 'POST';
  const secrets = secretsOf(account);
  const { body } = await requestCrm(ctx, { method, path, json, headers: ecHeaders(account), secrets });
  const reply = (body ?? {}) as EcReply;
  const code = Number(reply.code);
  if (code === 200) return reply.data;
  const reason = `EC ${path}: ${reply.msg ?? `code ${String(reply.code)}`}`;
  throw replyCodeError(code, reason, reply.msg ?? reason);
}

/** A mapped field's value as EC takes it: option ids, arrays for multi-choice and staff, dates as text. */
const encodeValue = fieldEncoder();

/** One customer of addCustomer. Throws CrmRefusal for a value no CRM could take (a bad date). */
function customerOf(account: CrmAccountParams, record: PushRecord): Record<string, unknown> {
  const customer: Record<string, unknown> = { ...layFields(record.fields, encodeValue), name: record.name, mobile: record.mobile };
  // The lead's receiver follows the customer up; without one, the account's follow-up staff.
  const follower = record.followerId ?? account.param5;
  if (follower) customer.followUserId = asId(follower);
  if (account.param9) customer.channelId = asId(account.param9);
  if (account.param6 === '1' && record.remark) customer.memo = record.remark;
  // The customer's labels: EC label ids (label/getLabelInfo), numbers as EC gives them.
  if (record.labels.length > 0) customer.labels = record.labels.map(asId);
  if (account.param8 === '2') {
    if (record.province && customer.province === undefined) customer.province = record.province;
    if (record.city && customer.city === undefined) customer.city = record.city;
  }
  return customer;
}

/** Customers already in EC, by mobile (queryExist, up to 50 mobiles). */
async function existing(account: CrmAccountParams, ctx: ConnectorContext, mobiles: string[]): Promise<Map<string, string>> {
  if (mobiles.length === 0) return new Map();
  const data = await ecCall(account, ctx, 'customer/queryExist', { mobile: mobiles.join(',') });
  const list = Array.isArray(data) ? data : ((data as { list?: unknown[] } | null)?.list ?? []);
  const found = new Map<string, string>();
  for (const item of list as { crmId?: unknown; mobile?: unknown }[]) {
    if (item.crmId != null && typeof item.mobile === 'string') found.set(item.mobile, String(item.crmId));
  }
  return found;
}

interface AddResult {
  successIdList?: { crmId: unknown; index: number }[];
  failureList?: { failureCause?: string; index: number }[];
}

/** Pushes one slice (≤ 50): duplicates first, then one addCustomer for the rest. Fills `out` at the slice's indexes. */
async function pushSlice(account: CrmAccountParams, ctx: ConnectorContext, records: readonly PushRecord[], slice: number[], out: PushOutcome[]) {
  // One customer per mobile: a later record with the same mobile shares the first one's outcome.
  const firstOf = new Map<string, number>();
  for (const i of slice) if (!firstOf.has(records[i].mobile)) firstOf.set(records[i].mobile, i);
  const found = await existing(
    account,
    ctx,
    [...firstOf.keys()].filter((mobile) => mobile !== ''),
  );
  const toAdd: { index: number; customer: Record<string, unknown> }[] = [];
  for (const [mobile, i] of firstOf) {
    const crmId = found.get(mobile);
    if (crmId !== undefined) {
      out[i] = { kind: 'delivered', crmId, duplicate: true };
      continue;
    }
    try {
      toAdd.push({ index: i, customer: customerOf(account, records[i]) });
    } catch (error) {
      out[i] = outcomeOfError(error);
    }
  }
  if (toAdd.length > 0) {
    const body = { optUserId: asId(account.param4 ?? ''), list: toAdd.map((item) => item.customer), notify: 1, repeat: 0 };
    try {
      const result = ((await ecCall(account, ctx, 'customer/addCustomer', body)) ?? {}) as AddResult;
      for (const { crmId, index } of result.successIdList ?? []) {
        if (toAdd[index]) out[toAdd[index].index] = { kind: 'delivered', crmId: String(crmId) };
      }
      for (const { failureCause, index } of result.failureList ?? []) {
        if (toAdd[index]) out[toAdd[index].index] = { kind: 'refused', reason: failureCause ?? 'EC拒绝了该客户' };
      }
    } catch (error) {
      if (!(error instanceof CrmRefusal)) throw error;
      for (const item of toAdd) out[item.index] = outcomeOfError(error);
    }
    for (const item of toAdd) {
      // Neither list named it: a retry finds it through queryExist if EC did create it.
      out[item.index] ??= { kind: 'retry', cause: 'server', reason: 'EC customer/addCustomer: no result for this customer' };
    }
  }
  for (const i of slice) {
    const first = firstOf.get(records[i].mobile) as number;
    if (i !== first) {
      const shared = out[first];
      out[i] = shared.kind === 'delivered' ? { kind: 'delivered', crmId: shared.crmId, duplicate: true } : shared;
    }
  }
}

async function push(account: CrmAccountParams, records: readonly PushRecord[], ctx: ConnectorContext): Promise<PushOutcome[]> {
  const out: PushOutcome[] = new Array(records.length);
  const slices = chunks(
    records.map((_, i) => i),
    BATCH_LIMIT,
  );
  for (const [n, slice] of slices.entries()) {
    try {
      await pushSlice(account, ctx, records, slice, out);
    } catch (error) {
      // A passing failure (network, 5xx, auth, rate): this slice and the ones after it wait for the retry.
      // A refusal of the whole call (queryExist's) is this slice's alone.
      const outcome = outcomeOfError(error, secretsOf(account));
      const waiting = outcome.kind === 'retry' ? slices.slice(n) : [slice];
      for (const later of waiting) for (const i of later) out[i] ??= outcome;
      if (outcome.kind === 'retry') break;
    }
  }
  return out;
}

interface EcFieldSpec {
  fieldId?: unknown;
  fieldName?: unknown;
  type?: unknown;
  required?: unknown;
  options?: { id: unknown; name: unknown }[];
  children?: EcFieldSpec[];
}

function fieldOf(spec: EcFieldSpec): CrmField {
  const field: CrmField = {
    code: String(spec.fieldId),
    name: String(spec.fieldName ?? spec.fieldId),
    type: EC_FIELD_TYPES[String(spec.type)] ?? 'text',
    required: spec.required === true || spec.required === 1,
  };
  if (spec.options?.length) field.options = spec.options.map((option) => ({ value: String(option.id), text: String(option.name) }));
  if (spec.children?.length) field.children = spec.children.map(fieldOf);
  return field;
}

const listOf = (data: unknown): unknown[] => (Array.isArray(data) ? data : []);

/** The EC connector. */
export const ecConnector: CrmConnector = {
  code: 'ec',
  batchLimit: BATCH_LIMIT,
  defaultBaseUrl: () => DEFAULT_BASE_URL,
  push,
  ...discoveryCalls(secretsOf, {
    verify: async (account, ctx) => {
      await ecCall(account, ctx, 'config/getFieldMapping');
    },
    fields: async (account, ctx) => listOf(await ecCall(account, ctx, 'config/getFieldMapping')).map((spec) => fieldOf(spec as EcFieldSpec)),
    sources: async (account, ctx) => {
      const data = listOf(await ecCall(account, ctx, 'customer/getChannelSource', {})) as { id: unknown; name: unknown }[];
      return data.map((source): CrmSource => ({ code: String(source.id), name: String(source.name) }));
    },
    labels: async (account, ctx) => {
      const groups = listOf(await ecCall(account, ctx, 'label/getLabelInfo', {})) as { labels?: { id: unknown; name: unknown }[] }[];
      return groups.flatMap((group) => (group.labels ?? []).map((label): CrmLabel => ({ classId: String(label.id), className: String(label.name) })));
    },
    templates: async (account, ctx) => {
      const data = listOf(await ecCall(account, ctx, 'config/getCustomerTemplate')) as { templateId: unknown; templateName: unknown }[];
      return data.map((template) => ({ id: String(template.templateId), name: String(template.templateName) }));
    },
    staff: async (account, ctx) => {
      const data = ((await ecCall(account, ctx, 'org/struct/info')) ?? {}) as {
        depts?: { deptId: unknown; deptName: unknown }[];
        users?: { userId: unknown; userName: unknown; account?: unknown; deptId?: unknown }[];
      };
      const deptNames = new Map((data.depts ?? []).map((dept) => [String(dept.deptId), String(dept.deptName)]));
      return (data.users ?? []).map((user): CrmStaff => ({
        userId: String(user.userId),
        userName: String(user.userName),
        phone: user.account == null ? '' : String(user.account),
        deptName: deptNames.get(String(user.deptId)) ?? '',
      }));
    },
  }),
};
