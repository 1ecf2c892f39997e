import { readCapped } from '../../../lib/read-capped';
import { boundReason, CRM_BODY_MAX_BYTES, CrmAnswerMessage } from '../limits';
import {
  CrmCallError,
  type ConnectorContext,
  type CrmAccountParams,
  type CrmConnector,
  type CrmFieldType,
  type MappedField,
  type PushOutcome,
  type PushRecord,
} from './types';

/**
 * What the four connectors share: one HTTP call with a timeout, the classification of its failures
 * into the retry causes of a PushOutcome, the Chinese texts of a failed discovery call, and the
 * encoding of field values every CRM needs in some form (dates, ids, child fields).
 *
 * No reason or message built here carries a secret: a reason names the method, the path (never the
 * query) and the status, and any text that came from the CRM is scrubbed of the call's `secrets`.
 */

export type RetryCause = 'network' | 'server' | 'rate' | 'auth';
export type RetryOutcome = Extract<PushOutcome, { kind: 'retry' }>;

/** A passing failure of a CRM call: retried later (push) or told as "try again" (discovery). */
export class CrmHttpError extends Error {
  constructor(
    readonly cause: RetryCause,
    message: string,
    /** From a 429's Retry-After. */
    readonly retryAfterMs?: number,
    /** No call was made: the pacer's turn was too far off (pacing.ts). */
    readonly paced = false,
  ) {
    super(message);
    this.name = 'CrmHttpError';
  }
}

/** The CRM answered and refused (validation, unknown form...): never retried; `message` is the CRM's text. */
export class CrmRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrmRefusal';
  }
}

/**
 * We refused the CRM's answer itself (a redirect, an answer over CRM_BODY_MAX_BYTES): a refusal
 * whose `message` is our Chinese text, shown as it is (never retried: the same call gets the same answer).
 */
export class CrmAnswerRefused extends CrmRefusal {
  constructor(message: string) {
    super(message);
    this.name = 'CrmAnswerRefused';
  }
}

/** The texts a settings screen shows when a discovery/verify call fails. */
export const CrmCallMessage = {
  auth: 'CRM账号验证失败，请检查账号信息',
  unavailable: 'CRM服务暂时不可用，请稍后再试',
  rate: 'CRM接口调用过于频繁，请稍后再试',
  refused: (reason: string): string => `CRM返回错误：${reason}`,
} as const;

type Secret = string | null | undefined;

/** `text` with every secret (4 characters or more) replaced by '***'. */
export function redact(text: string, secrets: readonly Secret[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('***');
  }
  return out;
}

/**
 * Milliseconds to wait from a Retry-After header: delta seconds or an HTTP-date (RFC 9110 10.2.3).
 * Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** `path` (relative, a leading '/' is ignored) under `baseUrl`, which keeps its own path ('/v2/', '/openapi/v1'). */
export function crmUrl(baseUrl: string, path: string, query?: Record<string, string | number | undefined>): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = new URL(path.replace(/^\/+/, ''), base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

export interface CrmRequest {
  method?: 'GET' | 'POST' | 'PUT';
  /** Relative to the context's base URL. */
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** A JSON body (serialised here). */
  json?: unknown;
  /** A JSON body already serialised: sent byte for byte (xbb signs the exact text). */
  rawJson?: string;
  /** An application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  /** Values that must never appear in a reason (secrets, tokens, passwords). */
  secrets?: readonly Secret[];
  /** The call creates or changes something (xbb paces writes on their own). */
  write?: boolean;
}

export interface CrmResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body; null when empty, the text itself when not JSON (an error status only). */
  body: unknown;
}

/** The CRM's own message in a JSON body (`msg` or `message`), if any. */
export function replyMessage(body: unknown): string | undefined {
  if (body == null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const message = record.msg ?? record.message ?? record.errMsg;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

function bodyOf(req: CrmRequest): { body?: string; contentType?: string } {
  if (req.rawJson !== undefined) return { body: req.rawJson, contentType: 'application/json; charset=utf-8' };
  if (req.json !== undefined) return { body: JSON.stringify(req.json), contentType: 'application/json; charset=utf-8' };
  if (req.form !== undefined)
    return { body: new URLSearchParams(req.form).toString(), contentType: 'application/x-www-form-urlencoded; charset=utf-8' };
  return {};
}

/** A thrown fetch failure as a network retry: a timeout or the connection's error code, nothing else. */
function networkFailure(error: unknown, what: string, timeoutMs: number): CrmHttpError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return new CrmHttpError('network', `timeout after ${timeoutMs} ms at ${what}`);
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : 'connection failed';
  return new CrmHttpError('network', `network error at ${what}: ${code}`);
}

/**
 * The body as text (readCapped), abandoned (the connection dropped by `abort`) as soon as it
 * passes CRM_BODY_MAX_BYTES: a huge or endless answer costs at most the cap.
 */
async function readCappedAnswer(response: Response, abort: AbortController): Promise<string> {
  const text = await readCapped(response, CRM_BODY_MAX_BYTES);
  if (text !== null) return text;
  abort.abort();
  throw new CrmAnswerRefused(CrmAnswerMessage.tooLarge);
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * One call to a CRM. Answers 2xx and the plain 4xx statuses (400, 409, 422...: their bodies carry
 * the CRM's refusal for the connector to read). Throws CrmHttpError for the passing failures:
 * network error or timeout ('network'), 401/403 ('auth'), 408 ('network'), 429 ('rate', with
 * Retry-After), 404 and 5xx ('server': ec answers 404/502 while deploying; a 503's Retry-After is
 * kept too), and a 2xx whose body is not JSON ('server'). A redirect is never followed (it could
 * lead anywhere, with the signed headers and, on 307/308, the lead's data): it throws a
 * CrmAnswerRefused naming its status, as does an answer over CRM_BODY_MAX_BYTES (read no further).
 */
export function requestCrm(ctx: Pick<ConnectorContext, 'baseUrl' | 'timeoutMs' | 'pacer'>, req: CrmRequest): Promise<CrmResponse> {
  // Paced (the CRM's documented rate) when the context has a pacer: the call waits its turn or is deferred.
  return ctx.pacer ? ctx.pacer.run(req.write === true, () => callCrm(ctx, req)) : callCrm(ctx, req);
}

async function callCrm(ctx: Pick<ConnectorContext, 'baseUrl' | 'timeoutMs'>, req: CrmRequest): Promise<CrmResponse> {
  const method = req.method ?? 'POST';
  const what = `${method} ${req.path.replace(/^\/+/, '')}`;
  const { body, contentType } = bodyOf(req);
  const headers: Record<string, string> = { accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}), ...req.headers };
  let response: Response;
  let text: string;
  const abort = new AbortController();
  try {
    response = await fetch(crmUrl(ctx.baseUrl, req.path, req.query), {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([abort.signal, AbortSignal.timeout(ctx.timeoutMs)]),
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new CrmAnswerRefused(CrmAnswerMessage.redirect(response.status));
    }
    text = await readCappedAnswer(response, abort);
  } catch (error) {
    if (error instanceof CrmAnswerRefused) throw error;
    throw networkFailure(error, what, ctx.timeoutMs);
  }
  const parsed = parseBody(text);
  const status = response.status;
  const said = parsed.ok ? replyMessage(parsed.value) : undefined;
  const reason = redact(`HTTP ${status} at ${what}${said ? `: ${said}` : ''}`, req.secrets);
  if (status === 401 || status === 403) throw new CrmHttpError('auth', reason);
  if (status === 408) throw new CrmHttpError('network', reason);
  if (status === 429) throw new CrmHttpError('rate', reason, parseRetryAfter(response.headers.get('retry-after')));
  if (status === 404 || status >= 500) throw new CrmHttpError('server', reason, parseRetryAfter(response.headers.get('retry-after')));
  if (status >= 200 && status < 300 && !parsed.ok) throw new CrmHttpError('server', `unreadable reply (HTTP ${status}) at ${what}`);
  if (status < 200 || status >= 300) {
    // Another 4xx: the connector reads the CRM's refusal in the body; a body without one is refused as is.
    if (!parsed.ok || said === undefined) throw new CrmRefusal(reason);
  }
  return { status, headers: response.headers, body: parsed.ok ? parsed.value : text };
}

/**
 * The outcome of a record whose push failed with `error`: a CrmRefusal is refused, the pacer's
 * wait (no call made) deferred, anything else retried.
 */
export function outcomeOfError(error: unknown, secrets: readonly Secret[] = []): PushOutcome {
  if (error instanceof CrmRefusal) return { kind: 'refused', reason: redact(error.message, secrets) };
  if (error instanceof CrmHttpError && error.paced) return { kind: 'deferred', reason: error.message, retryAfterMs: error.retryAfterMs ?? 0 };
  return retryOf(error, secrets);
}

/** A retry outcome for a passing failure; an unexpected error (an unreadable reply) is a 'server' retry. */
export function retryOf(error: unknown, secrets: readonly Secret[] = []): RetryOutcome {
  if (error instanceof CrmHttpError) {
    const outcome: RetryOutcome = { kind: 'retry', cause: error.cause, reason: redact(error.message, secrets) };
    if (error.retryAfterMs !== undefined) outcome.retryAfterMs = error.retryAfterMs;
    return outcome;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', cause: 'server', reason: redact(`unexpected reply: ${message}`, secrets) };
}

/** The CrmCallError a discovery/verify call throws for `error`, with the Chinese text to show. */
export function callErrorOf(error: unknown, secrets: readonly Secret[] = []): CrmCallError {
  if (error instanceof CrmCallError) return error;
  if (error instanceof CrmAnswerRefused) return new CrmCallError(error.message, 'answer');
  // The CRM's text can be any length: the settings page gets it cut like a stored reason.
  if (error instanceof CrmRefusal) return new CrmCallError(CrmCallMessage.refused(boundReason(redact(error.message, secrets))), 'refused');
  if (error instanceof CrmHttpError) {
    if (error.cause === 'auth') return new CrmCallError(CrmCallMessage.auth, 'auth');
    if (error.cause === 'rate') return new CrmCallError(CrmCallMessage.rate, 'rate');
    return new CrmCallError(CrmCallMessage.unavailable, error.cause);
  }
  return new CrmCallError(CrmCallMessage.unavailable, 'server');
}

/** Runs a discovery/verify step; whatever it throws comes out as a CrmCallError. */
export async function discover<T>(step: () => Promise<T>, secrets: readonly Secret[] = []): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw callErrorOf(error, secrets);
  }
}

/**
 * The failure a CRM's reply code stands for, where the CRM numbers its codes like HTTP statuses
 * (ec, huoban): 401/403 'auth', 429 'rate', 5xx or no readable code 'server', anything else a
 * CrmRefusal with `refusal` (the CRM's text).
 */
export function replyCodeError(code: number, reason: string, refusal: string): CrmHttpError | CrmRefusal {
  if (code === 401 || code === 403) return new CrmHttpError('auth', reason);
  if (code === 429) return new CrmHttpError('rate', reason);
  if (code >= 500 || Number.isNaN(code)) return new CrmHttpError('server', reason);
  return new CrmRefusal(refusal);
}

/**
 * Pushes records one call each (`pushOne`), after a `prepare` step all of them share (the form,
 * the table...): a failure of `prepare` is every record's outcome. A refusal stays with its record,
 * a passing failure (or the pacer's deferral) holds back the records after it too.
 */
export async function pushOneByOne<T>(
  records: readonly PushRecord[],
  prepare: () => Promise<T>,
  pushOne: (prepared: T, record: PushRecord) => Promise<PushOutcome>,
  secrets: readonly Secret[] = [],
): Promise<PushOutcome[]> {
  let prepared: T;
  try {
    prepared = await prepare();
  } catch (error) {
    const outcome = outcomeOfError(error, secrets);
    return records.map(() => outcome);
  }
  const out: PushOutcome[] = [];
  for (const record of records) {
    const previous = out[out.length - 1];
    if (previous?.kind === 'retry' || previous?.kind === 'deferred') {
      out.push(previous);
      continue;
    }
    try {
      out.push(await pushOne(prepared, record));
    } catch (error) {
      out.push(outcomeOfError(error, secrets));
    }
  }
  return out;
}

/** A connector's discovery/verify calls (those that throw CrmCallError). */
export type DiscoveryCalls = Omit<
  CrmConnector,
  'code' | 'batchLimit' | 'defaultBaseUrl' | 'push' | 'callLimits' | 'pacingKey' | 'followUp' | 'reassign'
>;

/** `calls` each run through discover() with the account's secrets: whatever they throw comes out as a CrmCallError. */
export function discoveryCalls(secretsOf: (account: CrmAccountParams) => readonly Secret[], calls: DiscoveryCalls): DiscoveryCalls {
  const wrapped: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls) as [string, (account: CrmAccountParams, ctx: ConnectorContext) => Promise<unknown>][]) {
    wrapped[name] = (account: CrmAccountParams, ctx: ConnectorContext) => discover(() => call(account, ctx), secretsOf(account));
  }
  return wrapped as unknown as DiscoveryCalls;
}

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Field values

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant of a date value: a day 'YYYY-MM-DD' is its China midnight, a number epoch ms, else an ISO time. */
export function dateInstant(value: MappedField['value']): number {
  if (typeof value === 'number') return value;
  const text = Array.isArray(value) ? (value[0] ?? '') : value.trim();
  const at = DAY_ONLY.test(text) ? Date.parse(`${text}T00:00:00+08:00`) : Date.parse(text);
  if (Number.isNaN(at)) throw new CrmRefusal(`日期格式错误：${text}`);
  return at;
}

const isDayOnly = (value: MappedField['value']): boolean => typeof value === 'string' && DAY_ONLY.test(value.trim());

/** 'YYYY-MM-DD' of a date value, in China time. */
export function chinaDay(value: MappedField['value']): string {
  return new Date(dateInstant(value) + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A day stays 'YYYY-MM-DD'; an instant becomes 'YYYY-MM-DD HH:mm:ss' in China time. */
export function chinaDateText(value: MappedField['value']): string {
  if (isDayOnly(value)) return (value as string).trim();
  return new Date(dateInstant(value) + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Unix seconds of a date value (a day: its China midnight). */
export function unixSeconds(value: MappedField['value']): number {
  return Math.floor(dateInstant(value) / 1000);
}

/** A value as a list (options/user: already one; a single value or a comma-separated text otherwise). */
export function asList(value: MappedField['value']): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'number') return [String(value)];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A single value as text (the first of a list). */
export function asText(value: MappedField['value']): string {
  return Array.isArray(value) ? (value[0] ?? '') : String(value);
}

/** A number value: numbers stay, numeric text is converted, anything else is sent as text for the CRM to refuse. */
export function asNumber(value: MappedField['value']): number | string {
  const text = asText(value).trim();
  if (typeof value === 'number') return value;
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

/** An id as the CRMs' JSON carries it: a number when it is a safe integer, else the text. */
export function asId(id: string | number): number | string {
  if (typeof id === 'number') return id;
  return /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}

type FieldEncoder = (value: MappedField['value']) => unknown;

/**
 * A field encoder: numbers through asNumber, dates as China date text, multi-choice and staff as
 * lists, anything else as text; `overrides` give a CRM's own encoding of some kinds.
 */
export function fieldEncoder(overrides: Partial<Record<CrmFieldType, FieldEncoder>> = {}): (field: MappedField) => unknown {
  const encoders: Record<CrmFieldType, FieldEncoder> = {
    text: asText,
    number: asNumber,
    date: chinaDateText,
    phone: asText,
    option: asText,
    options: asList,
    user: asList,
    ...overrides,
  };
  return (field) => (encoders[field.type] ?? asText)(field.value);
}

/**
 * Mapped fields laid out as one object: `{code: encoded}`, and a child field under its parent,
 * `{parentCode: {code: encoded}}` (each CRM turns a parent into what it takes, an xbb subForm into rows).
 */
export function layFields(fields: readonly MappedField[], encode: (field: MappedField) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = encode(field);
    if (field.parentCode) {
      const parent = out[field.parentCode];
      const group = parent != null && typeof parent === 'object' && !Array.isArray(parent) ? (parent as Record<string, unknown>) : {};
      group[field.code] = value;
      out[field.parentCode] = group;
    } else {
      out[field.code] = value;
    }
  }
  return out;
}
