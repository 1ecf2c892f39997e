import { asId, CrmHttpError, CrmRefusal, discoveryCalls, fieldEncoder, layFields, pushOneByOne, requestCrm, type CrmRequest } from './http';
import type { ConnectorContext, CrmAccountParams, CrmConnector, CrmField, CrmFieldType, PushOutcome, PushRecord } from './types';

/**
 * 励销云 (ikcrm platform), CRM_APIS.md. A login (`POST /api/v2/auth/login`) gives a user token,
 * kept in the account's token store so that every instance shares one login; every other call
 * carries `Authorization: Token token=<t>, device=open_api, version_code=9.9.9`. Codes 100000,
 * 100400 and 100401 mean the login is gone: the token is cleared, the connector logs in again and
 * tries again, 3 tries in all.
 *
 * Account: param1 corp id, param2 login phone, param3 password; param4 (optional, our reading) the
 * owner user id of created leads; a record's follower (the lead's receiver) owns it instead.
 *
 * Our reading beyond CRM_APIS.md: a lead's mobile goes in `address_attributes.phone` (as a
 * customer's does); duplicates are `GET /api/v2/duplicates/search?type=lead&phone=` answering
 * `{leads: [{id}]}`; the by_group answer is `[{name, custom_fields: [{name, label, field_type,
 * is_required, collection, children}]}]` and select fields take the option text; sources are the
 * options of the lead field `source`, labels those of the field `tags`; staff is
 * `GET /api/v2/users` answering `{users: [{id, name, phone, department_name}]}`.
 */

const DEFAULT_BASE_URL = 'https://api.ikcrm.com';
const AUTH_CODES = new Set([100000, 100400, 100401]);
const MAX_TRIES = 3;
/** ikcrm does not say how long a user token lives; the connector logs in again on 100401 anyway. */
const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
const SOURCE_FIELD = 'source';
const TAG_FIELD = 'tags';

/** ikcrm field types as our field kinds. */
const LIXIAO_FIELD_TYPES: Record<string, CrmFieldType> = {
  text_field: 'text',
  text_area: 'text',
  address: 'text',
  number_field: 'number',
  date_field: 'date',
  datetime_field: 'date',
  phone_field: 'phone',
  tel_field: 'phone',
  select: 'option',
  radio: 'option',
  multi_select: 'options',
  check_box: 'options',
  user_select: 'user',
};

interface LixiaoReply {
  code?: number | string;
  message?: string;
  data?: unknown;
}

const secretsOf = (account: CrmAccountParams) => [account.param3];

/** Logs in with the account's phone and password; stores and answers the token. A refused login is 'auth'. */
async function login(account: CrmAccountParams, ctx: ConnectorContext): Promise<string> {
  const json = { login: account.param2 ?? '', password: account.param3 ?? '', corp_id: account.param1 ?? '', device: 'open_api' };
  const { body } = await requestCrm(ctx, { path: 'api/v2/auth/login', json, secrets: secretsOf(account) });
  const reply = (body ?? {}) as LixiaoReply;
  const token = (reply.data as { user_token?: unknown } | null | undefined)?.user_token;
  if (Number(reply.code) === 0 && typeof token === 'string' && token !== '') {
    await ctx.tokens.set(token, Date.now() + TOKEN_LIFETIME_MS);
    return token;
  }
  throw new CrmHttpError('auth', `lixiao login refused: ${reply.message ?? `code ${String(reply.code)}`}`);
}

/**
 * One authenticated call: its `data` when code is 0. A lost login (the auth codes, HTTP 401) clears
 * the token and logs in again, 3 tries in all, then throws an 'auth' CrmHttpError; another code is
 * a CrmRefusal with the CRM's message.
 */
async function lixiaoCall(account: CrmAccountParams, ctx: ConnectorContext, req: Omit<CrmRequest, 'headers' | 'secrets'>): Promise<unknown> {
  let last = '';
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const token = (await ctx.tokens.get()) ?? (await login(account, ctx));
    const headers = { Authorization: `Token token=${token}, device=open_api, version_code=9.9.9` };
    let reply: LixiaoReply;
    try {
      reply = ((await requestCrm(ctx, { ...req, headers, secrets: [...secretsOf(account), token] })).body ?? {}) as LixiaoReply;
    } catch (error) {
      if (!(error instanceof CrmHttpError) || error.cause !== 'auth') throw error;
      await ctx.tokens.clear();
      last = error.message;
      continue;
    }
    const code = Number(reply.code);
    if (code === 0) return reply.data;
    if (AUTH_CODES.has(code)) {
      await ctx.tokens.clear();
      last = `code ${code}${reply.message ? ` ${reply.message}` : ''}`;
      continue;
    }
    if (Number.isNaN(code)) throw new CrmHttpError('server', `lixiao ${req.path}: unreadable reply`);
    throw new CrmRefusal(reply.message ?? `励销返回错误 ${code}`);
  }
  throw new CrmHttpError('auth', `lixiao ${req.path}: login lost ${MAX_TRIES} times (${last})`);
}

/** A mapped field's value as ikcrm takes it: select fields the option text, dates as text. */
const encodeValue = fieldEncoder();

/** The `lead` of POST /api/v2/leads; the record's labels in the `tags` field. */
function leadOf(account: CrmAccountParams, record: PushRecord): Record<string, unknown> {
  const laid = layFields(record.fields, encodeValue);
  const address = (laid.address_attributes ?? {}) as Record<string, unknown>;
  const lead: Record<string, unknown> = { ...laid, name: record.name, address_attributes: { ...address, phone: record.mobile } };
  // The owner: the lead's receiver, else the account's owner of created leads.
  const owner = record.followerId ?? account.param4;
  if (owner) lead.user_id = asId(owner);
  // The labels are options (texts) of the tags field, added to any the field mapping sends there.
  if (record.labels.length > 0) {
    const mapped = Array.isArray(laid[TAG_FIELD]) ? (laid[TAG_FIELD] as unknown[]) : [];
    lead[TAG_FIELD] = [...new Set([...mapped, ...record.labels])];
  }
  return lead;
}

/** The id of a lead already holding this mobile, if any. */
async function duplicateOf(account: CrmAccountParams, ctx: ConnectorContext, mobile: string): Promise<string | undefined> {
  const data = (await lixiaoCall(account, ctx, { method: 'GET', path: 'api/v2/duplicates/search', query: { type: 'lead', phone: mobile } })) as {
    leads?: { id: unknown }[];
  } | null;
  const found = data?.leads?.[0];
  return found ? String(found.id) : undefined;
}

async function pushOne(account: CrmAccountParams, ctx: ConnectorContext, record: PushRecord): Promise<PushOutcome> {
  const duplicate = record.mobile ? await duplicateOf(account, ctx, record.mobile) : undefined;
  if (duplicate !== undefined) return { kind: 'delivered', crmId: duplicate, duplicate: true };
  const data = (await lixiaoCall(account, ctx, { path: 'api/v2/leads', json: { lead: leadOf(account, record) } })) as { id?: unknown } | null;
  if (data?.id == null) throw new CrmHttpError('server', 'lixiao api/v2/leads: no id in the reply');
  return { kind: 'delivered', crmId: String(data.id) };
}

/** One lead per call: a refusal stays with its record, a passing failure holds back the rest too. */
function push(account: CrmAccountParams, records: readonly PushRecord[], ctx: ConnectorContext): Promise<PushOutcome[]> {
  return pushOneByOne(
    records,
    async () => undefined,
    (_, record) => pushOne(account, ctx, record),
    secretsOf(account),
  );
}

interface LixiaoFieldSpec {
  name?: unknown;
  label?: unknown;
  field_type?: unknown;
  is_required?: unknown;
  collection?: unknown[];
  children?: LixiaoFieldSpec[];
}

function fieldOf(spec: LixiaoFieldSpec): CrmField {
  const field: CrmField = {
    code: String(spec.name),
    name: String(spec.label ?? spec.name),
    type: LIXIAO_FIELD_TYPES[String(spec.field_type)] ?? 'text',
    required: spec.is_required === true,
  };
  if (spec.collection?.length) field.options = spec.collection.map((option) => ({ value: String(option), text: String(option) }));
  if (spec.children?.length) field.children = spec.children.map(fieldOf);
  return field;
}

async function leadFields(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmField[]> {
  const groups = (await lixiaoCall(account, ctx, { method: 'GET', path: 'api/v2/custom_fields/lead/by_group' })) as
    { custom_fields?: LixiaoFieldSpec[] }[] | null;
  return (groups ?? []).flatMap((group) => (group.custom_fields ?? []).map(fieldOf));
}

const optionsOf = (fields: CrmField[], code: string) => fields.find((field) => field.code === code)?.options ?? [];

/** The 励销 connector. */
export const lixiaoConnector: CrmConnector = {
  code: 'lixiao',
  batchLimit: 1,
  defaultBaseUrl: () => DEFAULT_BASE_URL,
  push,
  ...discoveryCalls(secretsOf, {
    verify: async (account, ctx) => {
      await login(account, ctx);
    },
    fields: (account, ctx) => leadFields(account, ctx),
    sources: async (account, ctx) =>
      optionsOf(await leadFields(account, ctx), SOURCE_FIELD).map((option) => ({ code: option.value, name: option.text })),
    labels: async (account, ctx) =>
      optionsOf(await leadFields(account, ctx), TAG_FIELD).map((option) => ({ classId: option.value, className: option.text })),
    staff: async (account, ctx) => {
      const data = (await lixiaoCall(account, ctx, { method: 'GET', path: 'api/v2/users' })) as {
        users?: { id: unknown; name: unknown; phone?: unknown; department_name?: unknown }[];
      } | null;
      return (data?.users ?? []).map((user) => ({
        userId: String(user.id),
        userName: String(user.name),
        phone: user.phone == null ? '' : String(user.phone),
        deptName: user.department_name == null ? '' : String(user.department_name),
      }));
    },
  }),
};
