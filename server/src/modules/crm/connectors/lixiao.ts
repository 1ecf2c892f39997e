import { lixiaoHostOf } from '@portal/contracts/crm';
import {
  asId,
  chinaDateText,
  CrmHttpError,
  CrmRefusal,
  discoveryCalls,
  fieldEncoder,
  layFields,
  outcomeOfError,
  pushOneByOne,
  requestCrm,
  type CrmRequest,
} from './http';
import type {
  CallLimit,
  ConnectorContext,
  CrmAccountParams,
  CrmConnector,
  CrmField,
  CrmFieldType,
  CrmStaff,
  FollowUpNote,
  PushOutcome,
  PushRecord,
} from './types';

/**
 * 励销云 (ikcrm platform). What each call rests on (CRM_APIS_REVIEW section 2, rows L1-L16; sources
 * [LX-D] apidoc.weiwenjia.com/docs/crm_open_api, [LX-S] app-ark/iKcrm-sdk, [LX-R] real integrations):
 *
 * Documented:
 * - L1: one API host per edition (钉钉版 dingtalk.e.ikcrm.com, 企微版 e.lixiaocrm.com, 独立版
 *   lxcrm.weiwenjia.com [LX-D demo.md, 1f8mjm3kdttee]). The account's param4 is the edition key
 *   (LIXIAO_EDITIONS, required by the account form) and `defaultBaseUrl` its host; an account saved
 *   before param4 was asked has none and gets the 钉钉版 host. The connection test is a login, so a
 *   wrong edition fails it (the account is unknown on another edition's host).
 * - L2, L3, L4, L15: `POST /api/v2/auth/login {login, password, corp_id, device: "open_api"}` gives
 *   `data.user_token`, kept in the account's token store so every instance shares one login; every
 *   other call carries `Authorization: Token token=<t>, device=open_api, version_code=9.9.9`. Replies
 *   are `{code, message, data}`, code 0 success; 100000, 100400 and 100401 mean the login is gone:
 *   the token is cleared and the connector logs in again, 3 tries in all (as [LX-S] does).
 * - L5, L6, L13: `POST /api/v2/leads {lead:{name, address_attributes:{phone}, user_id, …}}` answers
 *   `data.id`, one lead per call. The owner (`user_id`) is the record's follower (the lead's
 *   receiver) only; without one none is sent (the CRM's own default applies, presumably the logged-in
 *   user). Our reading: a field's children (the address's phone/tel/detail_address) are laid out
 *   under their parent, and the field types beyond text_field/select2_field are guessed.
 * - L7, L8: `GET /api/v2/custom_fields/lead/by_group` answers `data.custom_field_groups:[{id, label,
 *   custom_fields:[{name, label, field_type, required, input_field_options:{collection_options:
 *   [{label, value}]}}]}]` [LX-D 1b2f6p3ttp3id; LX-R C# controller]; a select takes the option's
 *   VALUE (`"sel_22b9"`, [LX-R PHP push]), so a field's options are `{value, text: label}`.
 * - L9: sources are the options of the system select `source`, whose values are ids
 *   (`"source": "689476"`, [LX-D new_from_lead]).
 * - L12: staff is `GET /api/v2/user/list?page=&per_page=` answering `data.users`, `total_count`
 *   [LX-D user_list; LX-S; LX-R Python], read page by page (at most STAFF_MAX_PAGES).
 * - L14: 10 calls / 10 s per company [LX-D 1f8mjm3kdttee]: `callLimits`, the pacer's key the
 *   edition host + corp id; a 429 (seen in practice, [LX-R Python]) is still a 'rate' retry.
 * - Follow-ups (review 0.3): 写跟进 `POST /api/v2/revisit_logs {revisit_log:{loggable_type: "Lead",
 *   loggable_id, content, real_revisit_at}}` answers `data.id` [LX-D revisit_create, which lists the
 *   types Lead, Customer, Contact, Contract, Opportunity; LX-R Python AkCrm.ak_putlog; LX-S
 *   revisitCreate]. The writer is the logged-in user (the call takes no user), so a note's userId is
 *   not sent.
 *
 * Assumed (each behind one function or constant, marked `Assumption (review …)`):
 * - L10 labels: a lead's labels are label ids (integers) in `labels` ([LX-D]: records carry
 *   `"labels": []`; [LX-R C#]: `{customer:{labels:[id…]}}`, "标签id数组"); where their options are
 *   listed is not documented: we read the `labels` field of by_group (labelOptionsOf).
 * - L11 duplicates: `GET /api/v2/duplicates/search` exists [LX-S] but its parameters and answer are
 *   unknown (duplicateOf). Only `duplicates/matching_name?name=` is documented, and it matches people
 *   by NAME (not the same person), so it is never used to call a lead a duplicate.
 * - L3 the X-LXY headers of 独立版 (editionHeaders), L16 the token lifetime (TOKEN_LIFETIME_MS).
 */

const AUTH_CODES = new Set([100000, 100400, 100401]);
const MAX_TRIES = 3;
/** The edition of an account without param4 (saved before the form asked for it): 钉钉版, the first edition the docs list. */
const DEFAULT_EDITION = 'dingtalk';
/** The documented rate: 10 calls in any 10 s, per company (review L14, [LX-D 1f8mjm3kdttee]). */
const CALL_LIMITS: readonly CallLimit[] = [{ calls: 10, windowMs: 10_000 }];
const SOURCE_FIELD = 'source';
const STAFF_PER_PAGE = 100;
/** The most pages of staff read (5,000 people at STAFF_PER_PAGE): a list that never ends stops here. */
const STAFF_MAX_PAGES = 50;
/** The loggable type of a lead in revisit_logs ([LX-D revisit_create]). */
const LEAD_LOGGABLE_TYPE = 'Lead';

/**
 * Assumption (review L16): a user token lives 12 hours. ikcrm does not document its lifetime; the
 * connector logs in again on 100401 anyway, so a shorter life costs one login, a longer one nothing.
 * Code 100401 "你的帐号已在其他地方登录" suggests a new login may end the other sessions of the
 * user: the token store is shared by every instance so that one account holds one login. A support
 * engineer with a real account should check how long a token lasts and whether a second login ends
 * the first.
 */
const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

/**
 * Assumption (review L3): 独立版 (lxcrm.weiwenjia.com) also wants the headers its demo code sends,
 * `X-LXY-PLATFORM: lixiaoyun`, `X-LXY-APP: crm` and the token as `access-token` ([LX-D demo.md];
 * [LX-R Laravel] sends them with the Authorization header); the other editions get the documented
 * Authorization header only. A support engineer with a 独立版 account should check whether they
 * are needed (or refused).
 */
function editionHeaders(account: CrmAccountParams, token: string | null): Record<string, string> {
  if (account.param4 !== 'standalone') return {};
  return { 'X-LXY-PLATFORM': 'lixiaoyun', 'X-LXY-APP': 'crm', ...(token === null ? {} : { 'access-token': token }) };
}

/** ikcrm field types as our field kinds ([LX-D] names text_field and select2_field; the rest is our reading). */
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
  select2_field: 'option',
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

/** A reply without a readable code: a passing failure of any call, and no answer at all for the duplicate check. */
class UnreadableReply extends CrmHttpError {
  constructor(path: string) {
    super('server', `lixiao ${path}: unreadable reply`);
    this.name = 'UnreadableReply';
  }
}

const secretsOf = (account: CrmAccountParams) => [account.param3];

/** The API host of the account's edition (param4), else 钉钉版's. */
function editionHost(account: CrmAccountParams): string {
  return (lixiaoHostOf(account.param4) ?? lixiaoHostOf(DEFAULT_EDITION)) as string;
}

/** Logs in with the account's phone and password; stores and answers the token. A refused login is 'auth'. */
async function login(account: CrmAccountParams, ctx: ConnectorContext): Promise<string> {
  const json = { login: account.param2 ?? '', password: account.param3 ?? '', corp_id: account.param1 ?? '', device: 'open_api' };
  const { body } = await requestCrm(ctx, { path: 'api/v2/auth/login', json, headers: editionHeaders(account, null), secrets: secretsOf(account) });
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
 * the token and logs in again, 3 tries in all, then throws an 'auth' CrmHttpError; a reply without
 * a code is an UnreadableReply; another code is a CrmRefusal with the CRM's message.
 */
async function lixiaoCall(account: CrmAccountParams, ctx: ConnectorContext, req: Omit<CrmRequest, 'headers' | 'secrets'>): Promise<unknown> {
  let last = '';
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const token = (await ctx.tokens.get()) ?? (await login(account, ctx));
    const headers = { Authorization: `Token token=${token}, device=open_api, version_code=9.9.9`, ...editionHeaders(account, token) };
    let reply: LixiaoReply;
    try {
      reply = ((await requestCrm(ctx, { ...req, headers, secrets: [...secretsOf(account), token] })).body ?? {}) as LixiaoReply;
    } catch (error) {
      if (!(error instanceof CrmHttpError) || error.cause !== 'auth') throw error;
      await ctx.tokens.clear();
      last = error.message;
      continue;
    }
    const code = reply.code == null || reply.code === '' ? Number.NaN : Number(reply.code);
    if (code === 0) return reply.data;
    if (AUTH_CODES.has(code)) {
      await ctx.tokens.clear();
      last = `code ${code}${reply.message ? ` ${reply.message}` : ''}`;
      continue;
    }
    if (Number.isNaN(code)) throw new UnreadableReply(req.path);
    throw new CrmRefusal(reply.message ?? `励销返回错误 ${code}`);
  }
  throw new CrmHttpError('auth', `lixiao ${req.path}: login lost ${MAX_TRIES} times (${last})`);
}

/** A mapped field's value as ikcrm takes it: a select the option value (the mapper's), dates as China date text. */
const encodeValue = fieldEncoder();

/** The `lead` of POST /api/v2/leads; the record's labels (label ids) in `labels`, with any the mapping sends there. */
function leadOf(record: PushRecord): Record<string, unknown> {
  const laid = layFields(record.fields, encodeValue);
  const address = (laid.address_attributes ?? {}) as Record<string, unknown>;
  const lead: Record<string, unknown> = { ...laid, name: record.name, address_attributes: { ...address, phone: record.mobile } };
  // The owner is the lead's receiver only (param4 is the edition).
  if (record.followerId) lead.user_id = asId(record.followerId);
  const mapped = Array.isArray(laid.labels) ? (laid.labels as (string | number)[]) : [];
  const labels = [...new Set([...mapped, ...record.labels].map((id) => asId(String(id))))];
  if (labels.length > 0) lead.labels = labels;
  return lead;
}

/**
 * Assumption (review L11): `GET /api/v2/duplicates/search?type=lead&phone=<mobile>` answers the
 * leads holding that mobile as `data.leads:[{id}]`. The endpoint exists ([LX-S], next to
 * `duplicates/field_setting?entity_type=`) but its parameters and answer are not documented. So the
 * check can only find a duplicate, never stop a lead: a refusal (another code, a plain 4xx, HTTP 404)
 * or an answer of another shape is "no duplicate known" and the create goes ahead; the passing
 * failures (network, 5xx, login, rate) are retried as any call's. Duplicates are never decided by
 * name: `duplicates/matching_name` [LX-D] matches people by name, not the same person. A support
 * engineer with a real account should check this call's parameters and answer.
 */
async function duplicateOf(account: CrmAccountParams, ctx: ConnectorContext, mobile: string): Promise<string | undefined> {
  let data: unknown;
  try {
    data = await lixiaoCall(account, ctx, { method: 'GET', path: 'api/v2/duplicates/search', query: { type: 'lead', phone: mobile } });
  } catch (error) {
    const gone = error instanceof CrmHttpError && error.cause === 'server' && /^HTTP 404 /.test(error.message);
    if (error instanceof CrmRefusal || error instanceof UnreadableReply || gone) return undefined;
    throw error;
  }
  const leads = (data as { leads?: unknown } | null)?.leads;
  const id = Array.isArray(leads) ? (leads[0] as { id?: unknown } | undefined)?.id : undefined;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : undefined;
}

async function pushOne(account: CrmAccountParams, ctx: ConnectorContext, record: PushRecord): Promise<PushOutcome> {
  const duplicate = record.mobile ? await duplicateOf(account, ctx, record.mobile) : undefined;
  if (duplicate !== undefined) return { kind: 'delivered', crmId: duplicate, duplicate: true };
  const data = (await lixiaoCall(account, ctx, { path: 'api/v2/leads', json: { lead: leadOf(record) }, write: true })) as { id?: unknown } | null;
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

/** 写跟进 on a lead the CRM holds; never throws for CRM/network failures. */
async function followUp(account: CrmAccountParams, note: FollowUpNote, ctx: ConnectorContext): Promise<PushOutcome> {
  try {
    const revisitLog = {
      loggable_type: LEAD_LOGGABLE_TYPE,
      loggable_id: asId(note.crmId),
      content: note.content,
      real_revisit_at: chinaDateText(note.at),
    };
    const data = (await lixiaoCall(account, ctx, { path: 'api/v2/revisit_logs', json: { revisit_log: revisitLog }, write: true })) as {
      id?: unknown;
    } | null;
    return { kind: 'delivered', crmId: data?.id == null ? note.crmId : String(data.id) };
  } catch (error) {
    return outcomeOfError(error, secretsOf(account));
  }
}

interface LixiaoFieldSpec {
  name?: unknown;
  label?: unknown;
  field_type?: unknown;
  required?: unknown;
  input_field_options?: { collection_options?: { label?: unknown; value?: unknown }[] } | null;
  children?: LixiaoFieldSpec[];
}

function fieldOf(spec: LixiaoFieldSpec): CrmField {
  const options = (spec.input_field_options?.collection_options ?? []).filter((option) => option?.value != null);
  const field: CrmField = {
    code: String(spec.name),
    name: String(spec.label ?? spec.name),
    // A field with options whose type we do not know is taken as a single select.
    type: LIXIAO_FIELD_TYPES[String(spec.field_type)] ?? (options.length > 0 ? 'option' : 'text'),
    required: spec.required === true,
  };
  if (options.length > 0) field.options = options.map((option) => ({ value: String(option.value), text: String(option.label ?? option.value) }));
  if (Array.isArray(spec.children) && spec.children.length > 0) field.children = spec.children.map(fieldOf);
  return field;
}

async function leadFields(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmField[]> {
  const data = (await lixiaoCall(account, ctx, { method: 'GET', path: 'api/v2/custom_fields/lead/by_group' })) as {
    custom_field_groups?: { custom_fields?: LixiaoFieldSpec[] }[];
  } | null;
  const groups = data?.custom_field_groups;
  if (!Array.isArray(groups)) throw new UnreadableReply('api/v2/custom_fields/lead/by_group');
  return groups.flatMap((group) => (Array.isArray(group?.custom_fields) ? group.custom_fields : []).map(fieldOf));
}

const optionsOf = (fields: CrmField[], code: string) => fields.find((field) => field.code === code)?.options ?? [];

/**
 * Assumption (review L10): the labels a lead can carry are the options of the by_group field named
 * `labels` (value: the label id). The docs list no label call; records carry `labels` and [LX-R C#]
 * writes label ids there, but does not show where it found them. A support engineer with a real
 * account should check where 标签 are listed (and whether lead labels differ from customer labels).
 */
function labelOptionsOf(fields: CrmField[]) {
  return optionsOf(fields, 'labels');
}

/** Every user, page by page, until total_count are read (or a short page; at most STAFF_MAX_PAGES). */
async function staff(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmStaff[]> {
  const out: CrmStaff[] = [];
  for (let page = 1; page <= STAFF_MAX_PAGES; page++) {
    const data = (await lixiaoCall(account, ctx, { method: 'GET', path: 'api/v2/user/list', query: { page, per_page: STAFF_PER_PAGE } })) as {
      users?: { id: unknown; name: unknown; phone?: unknown; department_name?: unknown }[];
      total_count?: unknown;
    } | null;
    const users = Array.isArray(data?.users) ? data.users : [];
    for (const user of users) {
      out.push({
        userId: String(user.id),
        userName: String(user.name),
        phone: user.phone == null ? '' : String(user.phone),
        deptName: user.department_name == null ? '' : String(user.department_name),
      });
    }
    const total = Number(data?.total_count);
    if (users.length === 0 || (Number.isFinite(total) ? out.length >= total : users.length < STAFF_PER_PAGE)) break;
  }
  return out;
}

/** The 励销 connector. */
export const lixiaoConnector: CrmConnector = {
  code: 'lixiao',
  batchLimit: 1,
  defaultBaseUrl: (account) => editionHost(account),
  callLimits: CALL_LIMITS,
  pacingKey: (account) => `${new URL(editionHost(account)).host}:${account.param1 ?? ''}`,
  push,
  followUp,
  ...discoveryCalls(secretsOf, {
    verify: async (account, ctx) => {
      await login(account, ctx);
    },
    fields: (account, ctx) => leadFields(account, ctx),
    sources: async (account, ctx) =>
      optionsOf(await leadFields(account, ctx), SOURCE_FIELD).map((option) => ({ code: option.value, name: option.text })),
    labels: async (account, ctx) =>
      labelOptionsOf(await leadFields(account, ctx)).map((option) => ({ classId: option.value, className: option.text })),
    staff: (account, ctx) => staff(account, ctx),
  }),
};
