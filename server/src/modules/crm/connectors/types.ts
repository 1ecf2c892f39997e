import type { CrmCode } from '@portal/contracts';

/**
 * The one interface behind which each CRM's open API sits (docs/crm-apis.md). The push pipeline, the
 * settings service's 'update data' calls and the staff sync talk to a CRM only through this.
 * A connector holds no state of its own: credentials come in the account, a login token (lixiao)
 * through the token store, the base URL and timeout through the context.
 */

/** A customer's account of one CRM: the spec's param1..param10 (strings as stored) and edition. */
export interface CrmAccountParams {
  crmCode: CrmCode;
  param1: string | null;
  param2: string | null;
  param3: string | null;
  param4: string | null;
  param5: string | null;
  param6: string | null;
  param7: string | null;
  param8: string | null;
  param9: string | null;
  param10: string | null;
  /** '1' saas, '2' pro. */
  edition: string | null;
}

/** Where a cached login token lives (the database, so that every instance shares one login). */
export interface TokenStore {
  get(): Promise<string | null>;
  set(token: string, expiresAt: number): Promise<void>;
  clear(): Promise<void>;
}

export interface ConnectorContext {
  /** The CRM's API base URL (configuration; the fake server's in tests and the sandbox). */
  baseUrl: string;
  /** Per HTTP call. */
  timeoutMs: number;
  tokens: TokenStore;
  /**
   * Paces the calls to the CRM's documented rate (the connector's `callLimits`), shared by every
   * account of one company in this process; absent: calls go as they come (tests of one call).
   */
  pacer?: CallPacer;
}

/**
 * A documented call rate of a CRM: at most `calls` in any `windowMs`; `writes`: only calls that
 * create or change something count (xbb's 3 writes a second).
 */
export interface CallLimit {
  calls: number;
  windowMs: number;
  writes?: boolean;
}

/** Runs one CRM call in its turn (pacing.ts); throws a 'rate' CrmHttpError marked `paced` when the turn is too far off. */
export interface CallPacer {
  run<T>(write: boolean, call: () => Promise<T>): Promise<T>;
}

/** The kinds of a CRM field, as the mapper fills them and each connector encodes them. */
export type CrmFieldType = 'text' | 'number' | 'date' | 'phone' | 'option' | 'options' | 'user';

/** An option of a dropdown/category field: `value` is what the CRM's API takes (an id, or the text for xbb). */
export interface CrmFieldOption {
  value: string;
  text: string;
}

/** A field of the CRM's customer/lead form, as discovered ('update data'). */
export interface CrmField {
  code: string;
  name: string;
  type: CrmFieldType;
  required: boolean;
  options?: CrmFieldOption[];
  /** Sub-fields (xbb subForm, ec address...), each mapped on its own. */
  children?: CrmField[];
}

/** One value sent to the CRM: the CRM field code (child: `parentCode` + `code`) and the encoded value. */
export interface MappedField {
  code: string;
  parentCode?: string;
  name: string;
  type: CrmFieldType;
  /** text/number/date(ISO)/phone: a string or number; option: the option `value`; options/user: values. */
  value: string | number | string[];
}

/** One lead as the pipeline hands it over: the fixed fields every CRM needs, then the mapped fields. */
export interface PushRecord {
  /** Our lead id (the idempotence key on our side). */
  leadId: number;
  name: string;
  mobile: string;
  /** The lead's remark/memo text (ec param6 says whether it is sent). */
  remark: string;
  province: string | null;
  city: string | null;
  fields: MappedField[];
  /**
   * The CRM labels the lead carries: the class ids (`CrmLabel.classId`, as 'update data' found them)
   * of the customer's label mapping rows that match the lead's project, channel and resType;
   * distinct, [] when none does. Each connector sends them in its CRM's shape (ec label/update after
   * the create, lixiao `labels`, xbb label/batch/add, huoban the param7 tag field).
   */
  labels: string[];
  /**
   * The CRM user id of the lead's receiver (crm_users.crmUserId of the staff member it was given to,
   * when that staff member was synced from this CRM); absent otherwise. Each connector makes them
   * the record's follower/owner (ec followUserId, lixiao user_id, xbb ownerId, huoban the param5
   * user field) instead of the account's default.
   */
  followerId?: string;
}

/**
 * What became of one record:
 * - `delivered`: the CRM holds it under `crmId` (`duplicate`: it already did, found by the CRM's duplicate check);
 * - `refused`: the CRM's validation refused it; never retried, `reason` is the CRM's text;
 * - `retry`: a passing failure (network, timeout, 5xx, rate limit, expired login); `retryAfterMs` from Retry-After.
 */
export type PushOutcome =
  | { kind: 'delivered'; crmId: string; duplicate?: boolean }
  | { kind: 'refused'; reason: string }
  | { kind: 'retry'; cause: 'network' | 'server' | 'rate' | 'auth'; reason: string; retryAfterMs?: number }
  /** Not sent at all: the CRM's documented call rate is spent for `retryAfterMs` (the pacer); no try is counted. */
  | { kind: 'deferred'; reason: string; retryAfterMs: number };

/**
 * A follow-up (跟进记录) to write back on a record the CRM already holds (CRM_APIS_REVIEW 0.3):
 * what was done (`content`), when (epoch ms), and by whom (the CRM user id, when the person is synced).
 */
export interface FollowUpNote {
  /** The CRM's id of the record (the push's crmId). */
  crmId: string;
  content: string;
  at: number;
  /** The CRM user who followed up; absent: the account's operator. */
  userId?: string;
}

/** A record the CRM holds given to another follower (a recycled lead's new receiver). */
export interface FollowerChange {
  /** The CRM's id of the record (the push's crmId). */
  crmId: string;
  /** The CRM user id of the new follower (crm_users.crmUserId, synced from this CRM). */
  followerId: string;
}

/** A follow-up record the CRM holds on a customer: its id there, when (ms), what was written and by whom (the CRM's user id). */
export interface CrmFollowUpRecord {
  id: string;
  at: number;
  content: string;
  creatorId: string;
}

export interface CrmLabel {
  classId: string;
  className: string;
}
export interface CrmSource {
  code: string;
  name: string;
}
export interface CrmStaff {
  userId: string;
  userName: string;
  phone: string;
  deptName: string;
}

/**
 * A failure of a discovery call, with a Chinese text the settings screen can show. `answer`: we
 * refused the CRM's answer (a redirect, too large); its message says why and is shown as it is.
 */
export class CrmCallError extends Error {
  constructor(
    message: string,
    readonly cause: 'network' | 'server' | 'rate' | 'auth' | 'refused' | 'answer',
  ) {
    super(message);
    this.name = 'CrmCallError';
  }
}

export interface CrmConnector {
  readonly code: CrmCode;
  /** The most records one push call may carry (ec 50; 1 where the API creates one at a time). */
  readonly batchLimit: number;
  /** The default base URL for an account (xbb picks by corpid), when configuration gives none. */
  defaultBaseUrl(account: CrmAccountParams): string;
  /** Pushes up to batchLimit records; answers one outcome per record, in order. Never throws for CRM/network failures. */
  push(account: CrmAccountParams, records: readonly PushRecord[], ctx: ConnectorContext): Promise<PushOutcome[]>;
  /** Checks the credentials with one cheap call (saving an account); throws CrmCallError. */
  verify(account: CrmAccountParams, ctx: ConnectorContext): Promise<void>;
  /** The CRM's customer/lead fields (field mapping 'update data'); throws CrmCallError. */
  fields(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmField[]>;
  /** Label classes (label mapping 'update data'). */
  labels(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmLabel[]>;
  /** Channel sources. */
  sources(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmSource[]>;
  /** Staff (crmuser/synchro, the notice founder/employee pick). */
  staff(account: CrmAccountParams, ctx: ConnectorContext): Promise<CrmStaff[]>;
  /** The CRM's documented call rates, which the pacer keeps to (lixiao 10 per 10 s, xbb 3 writes a second...); absent: none documented. */
  readonly callLimits?: readonly CallLimit[];
  /** Whose rate a call spends: the company (corp id) by default; accounts with the same key share one pacer. */
  pacingKey?(account: CrmAccountParams): string;
  /**
   * Writes a follow-up on a record the CRM holds, through the call its API documents (ec
   * record/addTelRecord, lixiao revisit_logs, xbb communicate/add); absent where the API has none
   * (huoban). Never throws for CRM/network failures: 'delivered' carries the follow-up's id (or the record's).
   */
  followUp?(account: CrmAccountParams, note: FollowUpNote, ctx: ConnectorContext): Promise<PushOutcome>;
  /**
   * Gives a record the CRM holds to another follower, through the call its API documents (ec
   * customer/change/user, huoban PUT item/{id}); absent where the API has none (FOLLOWER_CHANGE_CRMS). Never throws for
   * CRM/network failures: 'delivered' carries the record's id.
   */
  reassign?(account: CrmAccountParams, change: FollowerChange, ctx: ConnectorContext): Promise<PushOutcome>;
  /**
   * The follow-up records on a record the CRM holds (`crmId`), newest first, at most `max`,
   * through the call its API documents (xbb communicate/list); absent where the API has none
   * (FOLLOW_UP_RECORD_CRMS). Throws CrmCallError on CRM or network failures.
   */
  followUpRecords?(account: CrmAccountParams, crmId: string, max: number, ctx: ConnectorContext): Promise<CrmFollowUpRecord[]>;
  /** The CRM's customer templates (ec's template tab, crmtemplatemapping/listTemplate); absent where the CRM has none. */
  templates?(account: CrmAccountParams, ctx: ConnectorContext): Promise<Array<{ id: string; name: string }>>;
}
