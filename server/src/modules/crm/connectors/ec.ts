import { createHash } from 'node:crypto';
import {
  asId,
  asList,
  asNumber,
  asText,
  chinaDateText,
  chunks,
  CrmRefusal,
  discoveryCalls,
  outcomeOfError,
  replyCodeError,
  requestCrm,
} from './http';
import type {
  CallLimit,
  ConnectorContext,
  CrmAccountParams,
  CrmConnector,
  CrmField,
  CrmFieldType,
  CrmLabel,
  CrmSource,
  CrmStaff,
  FollowerChange,
  FollowUpNote,
  MappedField,
  PushOutcome,
  PushRecord,
} from './types';

/**
 * EC (六度人和) open API v2, as CRM_APIS_REVIEW section 1 compares it with the public EC SDKs:
 * [EC-J] zhoufuyang/ec-open-api (com.ec.v2), [EC-G] guangzhou-meta/workec-sdk-go, [EC-P]
 * oiuv/workec src/EC.php. No token call: every request is signed in its headers.
 *
 * Account: param1 corp id; param2 app id (style 2: the third-party token header's name); param3
 * app secret (style 2: the token); param4 operator staff id (optUserId); param5 follow-up staff id;
 * param6 '1' sends the lead's remark as memo; param8 '2' pushes the region; param9 channel
 * (source) id; param10 setting style ('1' or empty: signed; '2': third-party token header).
 *
 * Documented (review rows):
 * - E1, E2: `https://open.workec.com/v2/`, headers X-Ec-Cid, X-Ec-TimeStamp (ms) and
 *   X-Ec-Sign = upper(md5("appId=…&appSecret=…&timeStamp=…")); E3: EC refuses a timestamp more
 *   than 30 s old, so it is taken at each call.
 * - E5, E6, E10, E11: `POST customer/addCustomer {optUserId, list (≤ 50), notify, repeat}` with
 *   booleans as the SDKs send them (ADD_NOTIFY: EC messages the follower, as the 1 sent before
 *   did and [EC-P]'s default; repeat false: no second customer with the same mobile). A customer is a CustomerDetail: `name`,
 *   `mobile`, `followUserId` (the record's follower, else param5; without one EC puts the customer
 *   in the public pool), `channelId` (param9), `memo`; the reply's successIdList / failureList.
 * - E7: mapped custom fields go in the customer's `fields`, a Map<String,String> of fieldId to
 *   text ([EC-J] CustomerDetail.fields, [EC-G] `Fields map[string]string`); see fieldText.
 * - E8: labels are not part of a customer: after the create, `POST label/update {optUserId,
 *   crmIds: 'id,id', labels: 'id,id', type: 0}` ([EC-J] UpdateTagVO; [EC-P] updateLabel: at most
 *   200 crmIds; type 0 adds the labels, a single-choice group's label replacing that group's one,
 *   type 1 replaces all labels). Only customers created by this push get labels (an existing one
 *   found by queryExist is left as it is). A failed label/update does not undo the create: those
 *   customers stay delivered, without their labels (the outcome has no place for a warning and the
 *   connector no logger; the push log shows them delivered).
 * - E9: the region is `prefecture` "国家|省州|市名|区县" ([EC-J] CustomerDetail), when param8 is '2'.
 * - E12, E13: `POST customer/queryExist {mobile: 'a,b'}` (≤ 50) answers one `{mobile, num, list:
 *   [{crmId, fieldId}]}` per number ([EC-G] CustomerQueryExistResponseDTOData; [EC-P]): a number
 *   with a crmId is an existing customer, delivered as a duplicate.
 * - E14: `GET config/getFieldMapping` answers `[{fieldId, fieldName, filedType (int), fieldGroupId,
 *   fieldGroupName, fieldParam: [{paramId, paramName, paramSort}]}]` ([EC-J] ConfigCustomFieldResp;
 *   filedType 0 is a cascade field, [EC-P] getCasCadeFieldMapping). No field says it is required.
 * - E15: `GET customer/getChannelSource` answers `[{id, name, userId, createTime}]`.
 * - E16: `GET config/getLabelInfo` answers `[{labelGroupId, labelGroupName, labelGroupType,
 *   labelList: [{labelId, labelName, labelSort}]}]` ([EC-J] ConfigCrmGroupTagResp; [EC-P]).
 * - E17: `GET org/struct/info` answers `{depts: [{deptId, deptName}], users: [{userId, userName,
 *   deptId, title, status}]}` ([EC-J] StructInfoVO, UserInfoVO): no phone, so a staff member's is ''.
 * - E19: code 200 is success; HTTP 401 auth, 404/502 while EC deploys (http.ts).
 * - Follow-ups (review 0.3): `POST trajectory/saveUserTrajectory {list: [{id, crmId, contactTime,
 *   userId, content}]}` ([EC-G] TrajectorySaveUserTrajectoryRequestDTO; [EC-P] saveUserTrajectory
 *   "批量添加跟进记录", at most 200 rows; the same row shape in a public Java integration's
 *   UserTrajector). `record/addTelRecord` is not used: it records a phone call (f_user_id,
 *   f_crm_id, f_starttime, f_endtime, f_calltime, f_callno, f_calltono, f_path: [EC-G]
 *   RecordAddTelRecordRequestDTOList) and has no place for a note.
 *
 * Assumed (each in one place, marked `Assumption (review En)`): the style-2 token header (E4:
 * thirdPartyTokenHeaders), the text of multi-choice and staff values (E7: joinIds), the spelling
 * of the region's names (E9: prefectureOf), the field kinds of the filedType numbers (E14:
 * ecFieldKind), the template call (E18: TEMPLATES_PATH, templateOf), no call rate (E20:
 * CALL_LIMITS), and the follow-up's row id and answer (0.3: trajectoryIdOf, trajectoryRefusal).
 */

const DEFAULT_BASE_URL = 'https://open.workec.com/v2/';
/** E10: "不超过50条" ([EC-P] addCustomers); queryExist takes as many numbers (E12). */
const BATCH_LIMIT = 50;
/** E8: label/update takes at most 200 crmIds ([EC-P] updateLabel). */
const LABEL_CRM_LIMIT = 200;
/**
 * addCustomer `notify` (E5): EC tells the follower of the new customer, as the connector's
 * `notify: 1` did; false would stop it. [EC-P] addCustomers: "新增客户成功后，是否发送消息提醒用户，默认true".
 */
const ADD_NOTIFY = true;
/** label/update `type` 0: add the labels, as [EC-J] UpdateTagVO and [EC-P] updateLabel describe it (1 would replace all). */
const LABEL_UPDATE_ADD = 0;

/**
 * Assumption (review E20): no call rate of the EC v2 API is documented, so the pacer keeps to none
 * (empty: none). A support engineer should ask EC for the rate of an app and add it here.
 */
const CALL_LIMITS: readonly CallLimit[] = [];

/**
 * Assumption (review E18): no public source shows a template call. We read `GET
 * config/getCustomerTemplate` answering `[{templateId, templateName}]` (the template tab); a
 * support engineer with a real account should check the path and the shape here and in templateOf.
 */
const TEMPLATES_PATH = 'config/getCustomerTemplate';

/** Assumption (review E18): one template of TEMPLATES_PATH's answer. */
const templateOf = (item: { templateId?: unknown; templateName?: unknown }) => ({ id: String(item.templateId), name: String(item.templateName) });

interface EcReply {
  code?: number | string;
  msg?: string;
  data?: unknown;
}

const secretsOf = (account: CrmAccountParams) => [account.param3];

/**
 * Assumption (review E4): a "style 2" account (param10 '2') authenticates with a third-party token
 * in a header of its own, `param2: param3`, beside X-Ec-Cid and X-Ec-TimeStamp, and without a
 * signature. No public source shows this style; a support engineer with such an account should
 * check the header's name and whether EC still wants X-Ec-Sign.
 */
function thirdPartyTokenHeaders(account: CrmAccountParams, base: Record<string, string>): Record<string, string> {
  return account.param2 ? { ...base, [account.param2]: account.param3 ?? '' } : base;
}

/** The auth headers (E2): the signature (style 1) or the third-party token header (style 2, E4). */
export function ecHeaders(account: CrmAccountParams, now: number = Date.now()): Record<string, string> {
  const timeStamp = String(now);
  const headers: Record<string, string> = { 'X-Ec-Cid': account.param1 ?? '', 'X-Ec-TimeStamp': timeStamp };
  if (account.param10 === '2') return thirdPartyTokenHeaders(account, headers);
  const plain = `appId=${account.param2 ?? ''}&appSecret=${account.param3 ?? ''}&timeStamp=${timeStamp}`;
  headers['X-Ec-Sign'] = createHash('md5').update(plain).digest('hex').toUpperCase();
  return headers;
}

/** One EC call (GET without a body, POST with one): its `data` when code is 200; throws CrmHttpError (auth, server, rate) or CrmRefusal. */
async function ecCall(account: CrmAccountParams, ctx: ConnectorContext, path: string, json?: unknown): Promise<unknown> {
  const method = json === undefined ? 'GET' : 'POST';
  const secrets = secretsOf(account);
  // Every POST of this connector creates or changes something but queryExist's.
  const write = method === 'POST' && path !== 'customer/queryExist';
  // The headers are signed at the call: EC refuses a timestamp more than 30 s old (E3).
  const { body } = await requestCrm(ctx, { method, path, json, headers: ecHeaders(account), secrets, write });
  const reply = (body ?? {}) as EcReply;
  const code = Number(reply.code);
  if (code === 200) return reply.data;
  const reason = `EC ${path}: ${reply.msg ?? `code ${String(reply.code)}`}`;
  throw replyCodeError(code, reason, reply.msg ?? reason);
}

/**
 * Assumption (review E7): `fields` takes text only, and the SDKs show no multi-valued example, so
 * a multi-choice value (option ids) and a staff value (user ids) are sent as the ids joined by
 * commas ('201,202'), as EC's own id lists (queryExist's mobiles, label/update's crmIds and labels)
 * are. A support engineer should save a customer with two options ticked through the API and read
 * it back (customer/preciseQuery fieldInfos) to check.
 */
function joinIds(ids: readonly string[]): string {
  return ids.join(',');
}

/**
 * A mapped field's value as `fields` takes it (E7), always text: an option its id, a number its
 * decimal text, a date 'YYYY-MM-DD' or an instant 'YYYY-MM-DD HH:mm:ss' in China time, multi-choice
 * and staff through joinIds. Throws CrmRefusal for a value no CRM could take (a bad date).
 */
function fieldText(field: MappedField): string {
  switch (field.type) {
    case 'number':
      return String(asNumber(field.value));
    case 'date':
      return chinaDateText(field.value);
    case 'options':
    case 'user':
      return joinIds(asList(field.value));
    default:
      return asText(field.value);
  }
}

/**
 * The region (E9): "国家|省州|市名|区县" ([EC-J] CustomerDetail.prefecture), the district unknown;
 * null without a province. Assumption (review E9): EC matches the names against its own area
 * list (config/getAreas, [EC-P]), whose spelling is not public; we send the lead's province and
 * city as it holds them ('广东' or '广东省'). A support engineer should read getAreas and check
 * whether EC wants the full names.
 */
function prefectureOf(record: PushRecord): string | null {
  const part = (text: string | null) => (text ?? '').replace(/\|/g, '').trim();
  const province = part(record.province);
  if (province === '') return null;
  return ['中国', province, part(record.city), ''].join('|');
}

/** One customer of addCustomer (a CustomerDetail). Throws CrmRefusal for a value no CRM could take (a bad date). */
function customerOf(account: CrmAccountParams, record: PushRecord): Record<string, unknown> {
  const customer: Record<string, unknown> = { name: record.name, mobile: record.mobile };
  // The lead's receiver follows the customer up; without one, the account's follow-up staff.
  const follower = record.followerId ?? account.param5;
  if (follower) customer.followUserId = asId(follower);
  if (account.param9) customer.channelId = asId(account.param9);
  if (account.param6 === '1' && record.remark) customer.memo = record.remark;
  if (account.param8 === '2') {
    const prefecture = prefectureOf(record);
    if (prefecture) customer.prefecture = prefecture;
  }
  // EC's custom fields have no sub-fields: a child of an older mapping goes in by its own id.
  if (record.fields.length > 0) customer.fields = Object.fromEntries(record.fields.map((field) => [field.code, fieldText(field)]));
  return customer;
}

interface ExistItem {
  mobile?: unknown;
  num?: unknown;
  list?: { crmId?: unknown }[] | null;
}

/** Customers already in EC, by mobile (E12, E13: queryExist, up to 50 mobiles, one `{mobile, num, list}` per number). */
async function existing(account: CrmAccountParams, ctx: ConnectorContext, mobiles: string[]): Promise<Map<string, string>> {
  if (mobiles.length === 0) return new Map();
  const data = await ecCall(account, ctx, 'customer/queryExist', { mobile: mobiles.join(',') });
  // [EC-G] types the answer as one entry; [EC-P] and the docs it cites answer one per number.
  const entries = (Array.isArray(data) ? data : data != null && typeof data === 'object' ? [data] : []) as ExistItem[];
  const found = new Map<string, string>();
  for (const entry of entries) {
    const crmId = Array.isArray(entry?.list) ? entry.list.find((item) => item?.crmId != null)?.crmId : undefined;
    if (typeof entry?.mobile === 'string' && crmId != null) found.set(entry.mobile, String(crmId));
  }
  return found;
}

/** A customer this push created, with the labels its record carries. */
interface Created {
  crmId: string;
  labels: readonly string[];
}

/**
 * Labels the customers just created (E8): one label/update per label set (customers with the same
 * labels share it), at most 200 customers a call. A failure is left alone: the customers are
 * delivered whatever becomes of their labels (see the header).
 */
async function applyLabels(account: CrmAccountParams, ctx: ConnectorContext, created: readonly Created[]): Promise<void> {
  // label/update takes its ids as text, separated by commas ([EC-P] updateLabel: "使用英文逗号分隔").
  const bySet = new Map<string, string[]>();
  for (const { crmId, labels } of created) {
    if (labels.length === 0) continue;
    const key = [...new Set(labels)].join(',');
    const crmIds = bySet.get(key) ?? [];
    crmIds.push(crmId);
    bySet.set(key, crmIds);
  }
  for (const [labels, crmIds] of bySet) {
    for (const slice of chunks(crmIds, LABEL_CRM_LIMIT)) {
      const body = { optUserId: asId(account.param4 ?? ''), crmIds: slice.join(','), labels, type: LABEL_UPDATE_ADD };
      try {
        await ecCall(account, ctx, 'label/update', body);
      } catch {
        // The customers stay delivered; their labels are lost (the header says why nothing more is done).
      }
    }
  }
}

interface AddResult {
  successIdList?: { crmId: unknown; index: number }[];
  failureList?: { failureCause?: string; index: number }[];
}

/**
 * Pushes one slice (≤ 50): duplicates first, then one addCustomer for the rest. Fills `out` at the
 * slice's indexes and adds the customers it created (with their labels) to `created`.
 */
async function pushSlice(
  account: CrmAccountParams,
  ctx: ConnectorContext,
  records: readonly PushRecord[],
  slice: number[],
  out: PushOutcome[],
  created: Created[],
) {
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
    const body = { optUserId: asId(account.param4 ?? ''), list: toAdd.map((item) => item.customer), notify: ADD_NOTIFY, repeat: false };
    try {
      const result = ((await ecCall(account, ctx, 'customer/addCustomer', body)) ?? {}) as AddResult;
      for (const { crmId, index } of result.successIdList ?? []) {
        if (!toAdd[index]) continue;
        out[toAdd[index].index] = { kind: 'delivered', crmId: String(crmId) };
        created.push({ crmId: String(crmId), labels: records[toAdd[index].index].labels });
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
  const created: Created[] = [];
  const slices = chunks(
    records.map((_, i) => i),
    BATCH_LIMIT,
  );
  for (const [n, slice] of slices.entries()) {
    try {
      await pushSlice(account, ctx, records, slice, out, created);
    } catch (error) {
      // A passing failure (network, 5xx, auth, rate): this slice and the ones after it wait for the retry.
      // A refusal of the whole call (queryExist's) is this slice's alone.
      const outcome = outcomeOfError(error, secretsOf(account));
      const waiting = outcome.kind === 'retry' || outcome.kind === 'deferred' ? slices.slice(n) : [slice];
      for (const later of waiting) for (const i of later) out[i] ??= outcome;
      if (outcome.kind === 'retry' || outcome.kind === 'deferred') break;
    }
  }
  // The labels of every customer created, the slices' after a later slice's failure too (E8).
  await applyLabels(account, ctx, created);
  return out;
}

/**
 * Assumption (review 0.3): the `id` of a saveUserTrajectory row is the caller's own key of the row
 * ([EC-G] `Id string`; the Java integration builds its own). We send one made of the customer and
 * the time, so that the same follow-up sent again carries the same id. A support engineer should
 * check whether EC requires it, and whether it refuses or merges a repeated one.
 */
const trajectoryIdOf = (note: FollowUpNote): string => `${note.crmId}-${note.at}`;

/**
 * Assumption (review 0.3): the answer of saveUserTrajectory is not public. We take code 200 as
 * saved unless its `data` carries a non-empty `failureList` of `{failureCause}` (the shape of
 * addCustomer's answer); a support engineer should read one real answer and correct this.
 */
function trajectoryRefusal(data: unknown): string | null {
  const failures = (data as { failureList?: { failureCause?: unknown }[] } | null)?.failureList;
  if (!Array.isArray(failures) || failures.length === 0) return null;
  const cause = failures[0]?.failureCause;
  return typeof cause === 'string' && cause !== '' ? cause : 'EC拒绝了该跟进记录';
}

/**
 * Writes a follow-up on a customer EC holds (review 0.3): one row of trajectory/saveUserTrajectory,
 * by the note's user, else the account's operator (param4); its contact time in China time.
 * Delivered carries the customer's crmId (EC answers no id of the row).
 */
async function followUp(account: CrmAccountParams, note: FollowUpNote, ctx: ConnectorContext): Promise<PushOutcome> {
  const row = {
    id: trajectoryIdOf(note),
    crmId: asId(note.crmId),
    contactTime: chinaDateText(note.at),
    userId: asId(note.userId ?? account.param4 ?? ''),
    content: note.content,
  };
  try {
    const refusal = trajectoryRefusal(await ecCall(account, ctx, 'trajectory/saveUserTrajectory', { list: [row] }));
    return refusal === null ? { kind: 'delivered', crmId: note.crmId } : { kind: 'refused', reason: refusal };
  } catch (error) {
    return outcomeOfError(error, secretsOf(account));
  }
}

/**
 * Gives a customer EC holds to another follower (review E21: customer/change/user exists [EC-G,
 * EC-P]): `{optUserId, crmIds, followUserId}` by the account's operator (param4). Assumption:
 * `crmIds` is comma-separated text, as label/update's (E8), and the answer is code 200 when done;
 * a support engineer should read one real answer.
 */
async function reassign(account: CrmAccountParams, change: FollowerChange, ctx: ConnectorContext): Promise<PushOutcome> {
  const body = { optUserId: asId(account.param4 ?? ''), crmIds: String(asId(change.crmId)), followUserId: asId(change.followerId) };
  try {
    await ecCall(account, ctx, 'customer/change/user', body);
    return { kind: 'delivered', crmId: change.crmId };
  } catch (error) {
    return outcomeOfError(error, secretsOf(account));
  }
}

interface EcFieldSpec {
  fieldId?: unknown;
  fieldName?: unknown;
  filedType?: unknown;
  /** [EC-P]'s spelling of filedType, read when filedType is absent. */
  fieldType?: unknown;
  fieldParam?: { paramId?: unknown; paramName?: unknown; paramSort?: unknown }[] | null;
}

/**
 * Assumption (review E14): what each `filedType` number of getFieldMapping is. Only 0 (a cascade
 * field) has a source ([EC-P]); it is offered as an option field of its first level (its
 * `fieldParam`), whose id we send. The rest follows the order of EC's field editor as we guess it
 * (1 single-line text, 2 multi-line text, 3 number, 4 date, 5 date and time, 6 single choice, 7
 * multiple choice, 8 phone, 9 staff). An unknown number is an option field when it has options,
 * else text. A support engineer should create one field of each kind and read getFieldMapping.
 */
export function ecFieldKind(filedType: unknown, hasOptions: boolean): CrmFieldType {
  const kinds: Record<number, CrmFieldType> = {
    0: 'option',
    1: 'text',
    2: 'text',
    3: 'number',
    4: 'date',
    5: 'date',
    6: 'option',
    7: 'options',
    8: 'phone',
    9: 'user',
  };
  const kind = filedType === null || filedType === '' ? undefined : kinds[Number(filedType)];
  return kind ?? (hasOptions ? 'option' : 'text');
}

/** One field of getFieldMapping (E14); no field says whether it is required, so none is. */
function fieldOf(spec: EcFieldSpec): CrmField {
  const options = (spec.fieldParam ?? [])
    .filter((param) => param?.paramId != null)
    .map((param) => ({ value: String(param.paramId), text: String(param.paramName ?? param.paramId) }));
  const field: CrmField = {
    code: String(spec.fieldId),
    name: String(spec.fieldName ?? spec.fieldId),
    type: ecFieldKind(spec.filedType ?? spec.fieldType, options.length > 0),
    required: false,
  };
  if (options.length > 0 && (field.type === 'option' || field.type === 'options')) field.options = options;
  return field;
}

const listOf = (data: unknown): unknown[] => (Array.isArray(data) ? data : []);

interface EcLabelGroup {
  labelList?: { labelId?: unknown; labelName?: unknown }[] | null;
}

/** The EC connector. */
export const ecConnector: CrmConnector = {
  code: 'ec',
  batchLimit: BATCH_LIMIT,
  callLimits: CALL_LIMITS,
  defaultBaseUrl: () => DEFAULT_BASE_URL,
  push,
  followUp,
  reassign,
  ...discoveryCalls(secretsOf, {
    verify: async (account, ctx) => {
      await ecCall(account, ctx, 'config/getFieldMapping');
    },
    fields: async (account, ctx) =>
      listOf(await ecCall(account, ctx, 'config/getFieldMapping'))
        .filter((spec) => (spec as EcFieldSpec | null)?.fieldId != null)
        .map((spec) => fieldOf(spec as EcFieldSpec)),
    sources: async (account, ctx) => {
      const data = listOf(await ecCall(account, ctx, 'customer/getChannelSource')) as { id: unknown; name: unknown }[];
      return data.map((source): CrmSource => ({ code: String(source.id), name: String(source.name) }));
    },
    labels: async (account, ctx) => {
      const groups = listOf(await ecCall(account, ctx, 'config/getLabelInfo')) as EcLabelGroup[];
      return groups.flatMap((group) =>
        (group?.labelList ?? []).map((label): CrmLabel => ({ classId: String(label.labelId), className: String(label.labelName ?? label.labelId) })),
      );
    },
    templates: async (account, ctx) =>
      listOf(await ecCall(account, ctx, TEMPLATES_PATH)).map((item) => templateOf(item as Parameters<typeof templateOf>[0])),
    staff: async (account, ctx) => {
      const data = ((await ecCall(account, ctx, 'org/struct/info')) ?? {}) as {
        depts?: { deptId: unknown; deptName: unknown }[];
        users?: { userId: unknown; userName: unknown; deptId?: unknown }[];
      };
      const deptNames = new Map((data.depts ?? []).map((dept) => [String(dept.deptId), String(dept.deptName)]));
      return (data.users ?? []).map((user): CrmStaff => ({
        userId: String(user.userId),
        userName: String(user.userName),
        // E17: UserInfoVO has no phone (nor account); the staff screens show none for EC.
        phone: '',
        deptName: deptNames.get(String(user.deptId)) ?? '',
      }));
    },
  }),
};
