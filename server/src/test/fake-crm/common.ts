import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CrmCode } from '@portal/contracts';
import type { CallLimit, CrmAccountParams, ConnectorContext, TokenStore } from '../../modules/crm/connectors/types';

/**
 * The machinery every fake CRM shares: a node:http server on loopback, the records the fake
 * created, a call count per path, switchable faults and latency, and the HTTP control endpoints
 * under `/__fake/` (so a server in another process, Playwright or the bench can drive it):
 *
 *   POST /__fake/fault          {kind, times?, retryAfterSeconds?, after?}   switch a fault on
 *   POST /__fake/recover                                             switch it off
 *   POST /__fake/reset                                               records, calls, fault, latency back to the start (ids go on)
 *   POST /__fake/latency        {ms}                                 delay every CRM answer
 *   POST /__fake/expire-tokens                                       lixiao: every issued login token expires
 *   GET  /__fake/records                                             [{crmId, body, mobile}]
 *   GET  /__fake/calls                                               {path: count}
 *   GET  /__fake/credentials                                         {url, credentials, altCredentials?}
 *
 * Each CRM's own file (ec.ts...) answers its API in its real shapes; this file knows none of them.
 */

export type FakeFaultKind = '5xx' | 'timeout' | 'hang' | 'expiredToken' | 'refuse' | 'rateLimit' | 'redirect' | 'hugeBody' | 'flood' | 'longRefusal';
export const FAKE_FAULT_KINDS: readonly FakeFaultKind[] = [
  '5xx',
  'timeout',
  'hang',
  'expiredToken',
  'refuse',
  'rateLimit',
  'redirect',
  'hugeBody',
  'flood',
  'longRefusal',
];
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/**
 * A fault of the fake CRM. `times`: how many calls it hits (default: every call until recover());
 * `after`: how many calls pass before it starts.
 * - '5xx': HTTP 502 (a gateway page, not JSON);
 * - 'timeout': never answers (the connector's timeout ends the call);
 * - 'hang': holds each call unanswered until recover() or reset() (`held` counts them), then answers it as usual;
 * - 'expiredToken': the CRM's "login expired / bad signature" answer;
 * - 'refuse': the create calls are refused as a validation failure in the CRM's shape;
 * - 'rateLimit': HTTP 429 with `Retry-After: retryAfterSeconds` (default 1);
 * hostile modes (a customer filling their own CRM, or a CRM turned against us):
 * - 'redirect': HTTP `status` (301, 302, 303, 307, 308) with `Location: location`, on every call;
 * - 'hugeBody': a 200 answer of `bytes` bytes in chunks (no Content-Length), written as fast as the
 *   client reads; `streamedBytes()` tells how many the client took before it closed the socket;
 * - 'flood' (ec): the discovery lists (fields, labels, sources, staff, templates) answer `count` rows;
 * - 'longRefusal' (ec): the create call refuses each customer with a reason of `count` characters.
 */
export interface FakeFault {
  kind: FakeFaultKind;
  times?: number;
  retryAfterSeconds?: number;
  /** Calls to let through before the fault starts (default 0). */
  after?: number;
  /** 'redirect': the status and the Location. */
  status?: number;
  location?: string;
  /** 'hugeBody': the answer's size. */
  bytes?: number;
  /** 'flood': rows per list; 'longRefusal': the reason's length. */
  count?: number;
}

/** One record the fake CRM created: its id, the body as received, and the mobile it was found by. */
export interface FakeRecord {
  crmId: string;
  body: unknown;
  mobile: string;
}

export interface FakeCrmOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** Delay before every CRM answer (the bench uses 50). */
  latencyMs?: number;
  /**
   * Enforce the CRM's documented call rates (its definition's `rateLimits`), each window multiplied
   * by this (1: the real rate; the pacing tests run it faster); absent: not enforced.
   */
  rateScale?: number;
  /**
   * Pins the first id of created records (ids then count up from it, reset() included): for a test
   * that wants predictable ids. Default: ids follow the clock (see FakeState).
   */
  firstId?: number;
  /** The clock the ids follow (epoch ms; default Date.now). */
  now?: () => number;
}

export interface FakeCrm {
  readonly code: CrmCode;
  /** The base URL to give the connector (ConnectorContext.baseUrl). */
  readonly url: string;
  /** http://127.0.0.1:<port>: where the /__fake/ control endpoints are. */
  readonly origin: string;
  /** Account params the fake accepts. */
  readonly credentials: CrmAccountParams;
  /** Another valid account (ec: style 2 with a third-party token header). */
  readonly altCredentials?: CrmAccountParams;
  /** What was created, in order. */
  readonly records: FakeRecord[];
  /** Calls received per path relative to the base URL ('/customer/addCustomer'), control calls excluded. */
  readonly calls: Record<string, number>;
  /** Calls the 'hang' fault holds unanswered right now. */
  readonly held: number;
  /** Calls refused for going over the documented rate (only with `rateScale`). */
  readonly rateRefusals: number;
  fail(fault: FakeFault): void;
  recover(): void;
  setLatency(ms: number): void;
  /** Every issued login token expires (lixiao; a no-op for the others). */
  expireTokens(): void;
  /** Records, calls, fault and latency back to how the fake started; ids go on (they start again only when pinned). */
  reset(): void;
  /** Bytes of the last 'hugeBody' answer written to the socket, once that answer has ended (the client closed it, or all was sent). */
  streamedBytes(): Promise<number>;
  close(): Promise<void>;
}

/** A request as a fake's handler sees it. `path` is relative to the base path, with a leading '/'. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body exactly as received. */
  raw: string;
  /** The body parsed as JSON (undefined when empty or not JSON). */
  json: any;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** JSON-serialised unless a string. */
  body: unknown;
}

/** The state a CRM's handler reads and changes. */
export class FakeState {
  readonly records: FakeRecord[] = [];
  readonly calls: Record<string, number> = {};
  fault: FakeFault | null = null;
  /** Issued login tokens (lixiao). */
  readonly tokens = new Set<string>();
  private nextId: number;

  /**
   * Ids: with `pinned` they count up from it and start again at reset(). Otherwise each id is the
   * next one and at least `base` plus the milliseconds since FAKE_ID_EPOCH_MS: the ids a fake hands
   * out follow the clock, so a fake started again (`npm start` restarted, the demo database kept)
   * hands out none it handed out before (unless a run created more than one record per
   * millisecond for its whole life), and reset() (the e2e journeys, between tests on one database)
   * restarts nothing.
   */
  constructor(
    private readonly base: number,
    private readonly pinned?: number,
    private readonly now: () => number = Date.now,
  ) {
    this.nextId = pinned ?? base;
  }

  private freshId(): number {
    const id = this.pinned === undefined ? Math.max(this.nextId, clockId(this.base, this.now())) : this.nextId;
    this.nextId = id + 1;
    return id;
  }

  /** Stores a created record under a fresh id. */
  create(body: unknown, mobile: string): FakeRecord {
    const record = { crmId: String(this.freshId()), body, mobile };
    this.records.push(record);
    return record;
  }

  byMobile(mobile: string): FakeRecord | undefined {
    return this.records.find((record) => record.mobile === mobile);
  }

  newToken(): string {
    const token = `tok-${this.freshId()}-${Math.random().toString(36).slice(2, 10)}`;
    this.tokens.add(token);
    return token;
  }

  clear(): void {
    this.records.length = 0;
    for (const key of Object.keys(this.calls)) delete this.calls[key];
    this.fault = null;
    if (this.pinned !== undefined) this.nextId = this.pinned;
  }
}

/** The fakes' ids count the milliseconds from here (2025-01-01 UTC) on top of each CRM's first id. */
export const FAKE_ID_EPOCH_MS = Date.UTC(2025, 0, 1);
/** The lowest id a fake with first id `base` hands out at `now`. */
export const clockId = (base: number, now: number): number => base + Math.max(0, Math.floor(now) - FAKE_ID_EPOCH_MS);

/** One fake CRM: where its API lives and how it answers. */
export interface FakeCrmDefinition {
  code: CrmCode;
  /** The path of the API under the origin ('/v2/', '/openapi/v1', '' for the root). */
  basePath: string;
  credentials: CrmAccountParams;
  altCredentials?: CrmAccountParams;
  /** The lowest id of created records (each CRM's ids look different); the clock adds to it (FakeState). */
  firstId: number;
  /** The CRM's answer to `fault` for this request, or null when the fault does not touch it (e.g. 'refuse' on a read). */
  faultReply(fault: FakeFault, req: FakeRequest): FakeReply | null;
  handle(req: FakeRequest, state: FakeState): FakeReply;
  /** The CRM's documented call rates (CRM_APIS_REVIEW), enforced when the fake is started with `rateScale`. */
  rateLimits?: readonly CallLimit[];
  /** Whether a call counts as a write (for limits with `writes`). */
  isWrite?(req: FakeRequest): boolean;
  /** The CRM's answer to a call over its rate (default: HTTP 429 with Retry-After 1). */
  rateReply?(req: FakeRequest): FakeReply;
  /** The base URL to give the connector, from the fake's origin (default: the origin and basePath; lixiao's holds `{host}`). */
  urlOf?(origin: string): string;
}

/**
 * Counts calls as they arrive against sliding windows (no slack: one call over is refused), as a
 * CRM that enforces a documented rate does.
 */
class RateWindows {
  private readonly arrivals: number[][];
  constructor(
    private readonly limits: readonly CallLimit[],
    scale: number,
  ) {
    this.limits = limits.map((limit) => ({ ...limit, windowMs: Math.max(1, Math.round(limit.windowMs * scale)) }));
    this.arrivals = limits.map(() => []);
  }

  /** Counts a call; false when it goes over a limit (then it is not counted). */
  admit(write: boolean, now: number = Date.now()): boolean {
    const applying = this.limits.map((limit, i) => ({ limit, times: this.arrivals[i] })).filter(({ limit }) => write || !limit.writes);
    for (const { limit, times } of applying) {
      while (times.length > 0 && times[0] + limit.windowMs <= now) times.shift();
      if (times.length >= limit.calls) return false;
    }
    for (const { times } of applying) times.push(now);
    return true;
  }

  reset(): void {
    for (const times of this.arrivals) times.length = 0;
  }
}

/** An account with every param empty but those given. */
export function account(crmCode: CrmCode, params: Partial<Omit<CrmAccountParams, 'crmCode'>>): CrmAccountParams {
  return {
    crmCode,
    param1: null,
    param2: null,
    param3: null,
    param4: null,
    param5: null,
    param6: null,
    param7: null,
    param8: null,
    param9: null,
    param10: null,
    edition: null,
    ...params,
  };
}

/** A token store in memory, for tests and the sandbox. */
export function memoryTokenStore(): TokenStore & { readonly value: string | null } {
  let token: string | null = null;
  let until = 0;
  return {
    get value() {
      return token;
    },
    async get() {
      return token !== null && Date.now() < until ? token : null;
    },
    async set(value, expiresAt) {
      token = value;
      until = expiresAt;
    },
    async clear() {
      token = null;
    },
  };
}

/** A connector context pointing at a fake: its URL, a short timeout and a token store of its own. */
export function fakeContext(fake: Pick<FakeCrm, 'url'>, overrides: Partial<ConnectorContext> = {}): ConnectorContext {
  return { baseUrl: fake.url, timeoutMs: 2000, tokens: memoryTokenStore(), ...overrides };
}

/** The 502 a gateway answers: an HTML page, as nginx in front of every one of these CRMs does. */
export const gatewayError = (): FakeReply => ({
  status: 502,
  headers: { 'content-type': 'text/html' },
  body: '<html><head><title>502 Bad Gateway</title></head><body>502 Bad Gateway</body></html>',
});

/** A 429 with Retry-After. */
export const rateLimited = (fault: FakeFault, body: unknown): FakeReply => ({
  status: 429,
  headers: { 'retry-after': String(fault.retryAfterSeconds ?? 1) },
  body,
});

function isFault(value: unknown): value is FakeFault {
  if (value == null || typeof value !== 'object') return false;
  const { kind, times, retryAfterSeconds, after, status, location, bytes, count } = value as Record<string, unknown>;
  const positive = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  return (
    FAKE_FAULT_KINDS.includes(kind as FakeFaultKind) &&
    (kind !== 'redirect' || (REDIRECT_STATUSES.includes(status as number) && typeof location === 'string')) &&
    (kind !== 'hugeBody' || positive(bytes)) &&
    ((kind !== 'flood' && kind !== 'longRefusal') || positive(count)) &&
    (after === undefined || (typeof after === 'number' && after >= 0)) &&
    (times === undefined || (typeof times === 'number' && times > 0)) &&
    (retryAfterSeconds === undefined || (typeof retryAfterSeconds === 'number' && retryAfterSeconds >= 0))
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (res.destroyed) return;
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...reply.headers });
  res.end(text);
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `bytes` bytes of a JSON-looking answer ('{"data":"xxx...'), chunked, never faster than the
 * client reads (each write waits for 'drain'); answers how many bytes were written before the
 * socket closed (the client gave up) or all were.
 */
async function streamHugeBody(res: ServerResponse, bytes: number): Promise<number> {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  chunk.write('{"data":"');
  let written = 0;
  let closed = res.destroyed;
  const onClose = () => {
    closed = true;
  };
  res.on('close', onClose);
  while (!closed && written < bytes) {
    const piece = written + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - written);
    written += piece.length;
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  if (!closed) res.end();
  res.off('close', onClose);
  return written;
}

/**
 * A loopback server that answers 200 '{}' to anything and records what it received (method, URL,
 * headers, body): the other host a redirecting fake points at, which must never be reached.
 */
export interface RecordingServer {
  /** http://127.0.0.1:<port>/ */
  readonly url: string;
  readonly received: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const received: RecordingServer['received'] = [];
  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        send(res, { body: {} });
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Starts a fake CRM from its definition on 127.0.0.1. */
export async function startFake(definition: FakeCrmDefinition, options: FakeCrmOptions = {}): Promise<FakeCrm> {
  const state = new FakeState(definition.firstId, options.firstId, options.now);
  const base = `/${definition.basePath.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '');
  let latencyMs = options.latencyMs ?? 0;
  let lastStream: Promise<number> = Promise.resolve(0);
  const rates = options.rateScale !== undefined && definition.rateLimits?.length ? new RateWindows(definition.rateLimits, options.rateScale) : null;
  let rateRefusals = 0;
  let origin = '';
  let url = '';

  /** The fault this request meets, if any (and one fewer of its `times`). */
  /** Resolves the calls the 'hang' fault holds. */
  const holding: Array<() => void> = [];
  const release = (): void => {
    for (const resume of holding.splice(0)) resume();
  };

  const faultFor = (req: FakeRequest): FakeReply | 'hold' | 'hang' | { hugeBody: number } | null => {
    const fault = state.fault;
    if (!fault) return null;
    if (fault.after !== undefined && fault.after > 0) {
      fault.after -= 1;
      return null;
    }
    const reply =
      fault.kind === 'timeout'
        ? 'hold'
        : fault.kind === 'hang'
          ? 'hang'
          : fault.kind === 'hugeBody'
            ? { hugeBody: fault.bytes ?? 0 }
            : fault.kind === 'redirect'
              ? { status: fault.status, headers: { location: fault.location ?? '/' }, body: '' }
              : definition.faultReply(fault, req);
    if (reply === null) return null;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) state.fault = null;
    }
    return reply;
  };

  const fake: FakeCrm = {
    code: definition.code,
    get url() {
      return url;
    },
    get origin() {
      return origin;
    },
    credentials: definition.credentials,
    altCredentials: definition.altCredentials,
    records: state.records,
    calls: state.calls,
    fail(fault) {
      if (!isFault(fault)) throw new Error(`not a fault: ${JSON.stringify(fault)}`);
      state.fault = { ...fault };
    },
    get held() {
      return holding.length;
    },
    get rateRefusals() {
      return rateRefusals;
    },
    recover() {
      state.fault = null;
      release();
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    expireTokens() {
      state.tokens.clear();
    },
    reset() {
      state.clear();
      release();
      latencyMs = options.latencyMs ?? 0;
      lastStream = Promise.resolve(0);
      rates?.reset();
      rateRefusals = 0;
    },
    streamedBytes: () => lastStream,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const control = (method: string, path: string, json: unknown): FakeReply => {
    const ok = { body: { ok: true } };
    if (method === 'GET' && path === '/__fake/records') return { body: state.records };
    if (method === 'GET' && path === '/__fake/calls') return { body: state.calls };
    if (method === 'GET' && path === '/__fake/credentials') {
      return { body: { code: definition.code, url, credentials: definition.credentials, altCredentials: definition.altCredentials ?? null } };
    }
    if (method !== 'POST') return { status: 404, body: { error: 'unknown control endpoint' } };
    switch (path) {
      case '/__fake/fault':
        if (!isFault(json)) return { status: 400, body: { error: `kind must be one of ${FAKE_FAULT_KINDS.join(', ')}` } };
        fake.fail(json);
        return ok;
      case '/__fake/recover':
        fake.recover();
        return ok;
      case '/__fake/reset':
        fake.reset();
        return ok;
      case '/__fake/expire-tokens':
        fake.expireTokens();
        return ok;
      case '/__fake/latency': {
        const ms = (json as { ms?: unknown } | undefined)?.ms;
        if (typeof ms !== 'number' || ms < 0) return { status: 400, body: { error: 'ms must be a number >= 0' } };
        fake.setLatency(ms);
        return ok;
      }
      default:
        return { status: 404, body: { error: 'unknown control endpoint' } };
    }
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const json = parseJson(raw);
    const method = req.method ?? 'GET';
    if (target.pathname.startsWith('/__fake/')) return send(res, control(method, target.pathname, json));
    if (latencyMs > 0) await delay(latencyMs);
    if (base !== '' && target.pathname !== base && !target.pathname.startsWith(`${base}/`)) {
      return send(res, { status: 404, body: { code: 404, msg: 'not found' } });
    }
    const path = target.pathname.slice(base.length) || '/';
    state.calls[path] = (state.calls[path] ?? 0) + 1;
    const request: FakeRequest = { method, path, query: target.searchParams, headers: req.headers, raw, json };
    if (rates && !rates.admit(definition.isWrite?.(request) ?? false)) {
      rateRefusals += 1;
      return send(res, definition.rateReply?.(request) ?? rateLimited({ kind: 'rateLimit' }, { code: 429, msg: 'Too Many Requests' }));
    }
    const faulted = faultFor(request);
    if (faulted === 'hold') return; // never answered: the client's timeout ends it, close() drops it
    if (faulted === 'hang') {
      await new Promise<void>((resume) => holding.push(resume));
      return send(res, definition.handle(request, state));
    }
    if (faulted !== null && 'hugeBody' in faulted) {
      lastStream = streamHugeBody(res, faulted.hugeBody);
      await lastStream;
      return;
    }
    send(res, faulted ?? definition.handle(request, state));
  };

  const server: Server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => send(res, { status: 500, body: { error: String(error) } }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  url = definition.urlOf?.(origin) ?? `${origin}${base}${definition.basePath.endsWith('/') ? '/' : ''}`;
  return fake;
}

// ---------------------------------------------------------------------------------------------
// Checks the fakes share

export const isMobile = (value: unknown): value is string => typeof value === 'string' && /^1\d{10}$/.test(value);
export const isDayText = (value: unknown): boolean => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value);
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value != null && typeof value === 'object' && !Array.isArray(value);
