import path from 'node:path';
import { z } from 'zod';
import { PHONE_RECHECK_MAX } from '@portal/contracts/leads';
import type { WorkerBudget } from './lib/worker-pool';
import type { PhoneCheckConfig } from './modules/phone-check/worker';

/** The monorepo root: default home of the SQLite file (`data/`) and of the built frontends (`dist/`). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export type DatabaseConfig =
  | { dialect: 'sqlite'; path: string }
  /** `schema` (DATABASE_SCHEMA) sets the search_path: several portals, or test suites, can share one database. */
  | { dialect: 'postgres'; url: string; schema?: string };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Shared rate-limit counters and realtime fan-out across instances; in-memory / in-process when null. */
  redisUrl: string | null;
  /** The Redis pub/sub channel of the realtime events (instances of one portal share it). */
  realtimeChannel: string;
  /** How often the server pings each WebSocket; one that has not answered the previous ping is dropped. */
  realtimeHeartbeatMs: number;
  /** Folder holding `shell/` and `remotes/<name>/`; null serves the API only. */
  staticRoot: string | null;
  /** API calls per minute per live session (docs/rate-limits.md); files and pages are never counted. */
  rateLimitPerMinute: number;
  /** API calls per minute per client address (an IPv6 /64) of calls without a live session. */
  anonymousRateLimitPerMinute: number;
  /** Prefix of the rate-limit counters in Redis; default `portal-rate-limit-` (the tests give each app its own). */
  rateLimitNamespace?: string;
  /** Leads per minute per ingestion key on POST /rest/open/leads. */
  ingestRateLimitPerMinute: number;
  /**
   * Behind a load balancer: X-Forwarded-For (the client address of the per-address limits),
   * X-Forwarded-Proto and X-Forwarded-Host (a request's origin: Secure cookies, the WebSocket's
   * Origin check) are believed. Off, they are ignored.
   */
  trustProxy: boolean;
  /** Marks cookies Secure on every answer; off, they are Secure only on a request that came over HTTPS. */
  secureCookies: boolean;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /**
   * Runs the daily consumption job in this process (weekdays 10:00, weekends 11:00 China time).
   * Only `true` runs it: loadConfig defaults it on (LEDGER_JOB=0 turns it off), an app built
   * from a literal config without it (the tests) runs no job.
   */
  ledgerJob?: boolean;
  /** How often waiting leads are offered to whoever now qualifies (ms); 0 or absent: never (the tests drain by hand). */
  distributionSweepMs?: number;
  /** How often leads past their follow-up deadline are handled (ms); 0 or absent: never (the tests sweep by hand). */
  followUpSweepMs?: number;
  /** CRM push (server/src/modules/crm); absent in a literal config: no worker, the CRMs' public base URLs. */
  crm?: CrmConfig;
  /** The phone-number checker (modules/phone-check; PHONE_CHECKER_URL); absent: none, numbers keep their pattern class. */
  phoneCheck?: PhoneCheckConfig;
  /** Heavy calls (reports over a range, exports) one session runs at once; absent: HEAVY_CALLS_PER_SESSION (2). */
  heavyCallsPerSession?: number;
  /** The most rows one lead export may hold; absent: LEAD_EXPORT_MAX_ROWS (200,000). */
  leadExportMaxRows?: number;
  /** The login account of the platform's own sales team, whose leads the visitor site's forms become (PUBLIC_LEADS_ACCOUNT); absent: 'sales'. */
  publicLeadsAccount?: string;
  /** The visitor site's pages embed the chat widget of that account's newest active chat key (PUBLIC_SITE_CHAT); absent: on. */
  publicSiteChat?: boolean;
  /** Limits of the visitor forms' posts (modules/public-forms/limits.ts); absent or partial: its defaults. */
  publicFormLimits?: Partial<PublicFormLimits>;
  /** Budgets of spreadsheet imports read off the event loop (modules/schedule/sheet-pool.ts); absent: its defaults. */
  sheetParse?: Partial<SheetParseConfig>;
  /** The visitor site's company details (footer, contact); absent: DEFAULT_PUBLIC_SITE. */
  publicSite?: PublicSiteConfig;
}

/** The company details the visitor site shows (PUBLIC_COMPANY_NAME, PUBLIC_PHONE, PUBLIC_EMAIL, PUBLIC_ADDRESS, PUBLIC_ICP). */
export interface PublicSiteConfig {
  companyName: string;
  phone: string;
  email: string;
  address: string;
  icp: string;
}

/** What the visitor site shows when no PUBLIC_* variable is set (and for each one left unset). */
export const DEFAULT_PUBLIC_SITE: Readonly<PublicSiteConfig> = {
  companyName: '渠道网（北京）科技有限公司',
  phone: '400-600-8899',
  email: 'service@qudao.com',
  address: '北京市朝阳区望京东路8号锐创国际中心A座12层',
  icp: '京ICP备08003826号',
};

/** The longest value a PUBLIC_* variable may hold (a footer line, not a page). */
const PUBLIC_TEXT_MAX = 200;

/** Posts of the visitor forms per client address (an IPv6 /64) per window, and per phone and form per window. */
export interface PublicFormLimits {
  perAddress: number;
  addressWindowMs: number;
  perPhone: number;
  phoneWindowMs: number;
}

/** Spreadsheet imports are read in worker threads, within these budgets (docs/scheduling.md). */
export type SheetParseConfig = WorkerBudget;

/** CRM push settings; see server/README.md. */
export interface CrmConfig {
  /**
   * Base URL per CRM code (ec, lixiao, xbb, huoban); a CRM without one uses its connector's public
   * API (the demo points those at its CRM sandbox instead: server/src/demo/).
   */
  baseUrls: Partial<Record<string, string>>;
  /** Runs the push worker in this process (claims and pushes outbox jobs). */
  worker: boolean;
  /** Per HTTP call to a CRM. */
  timeoutMs: number;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /**
   * Multiplies the windows of the CRMs' documented call rates the pacer keeps to (connectors/pacing.ts):
   * absent or 1 in production; tests run the same rates faster; 0 turns pacing off (the test harness's
   * default: only the pacing tests keep to the rates).
   */
  pacingScale?: number;
  /** The longest a call waits for its turn before its push is deferred (default 5 s, times pacingScale). */
  pacingMaxWaitMs?: number;
}

/** An empty variable counts as unset (STATIC_ROOT aside, where empty turns serving off). */
export const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const positiveInteger = (fallback: number) =>
  unsetIfEmpty(z.string().regex(/^[1-9]\d*$/, 'must be a positive whole number')).transform((value) =>
    value === undefined ? fallback : Number(value),
  );

const onOff = unsetIfEmpty(z.enum(['1', 'true', '0', 'false'], 'must be 1, true, 0 or false')).transform(
  (value) => value === '1' || value === 'true',
);

/** A switch that is on unless set to 0 or false. */
export const onUnlessOff = unsetIfEmpty(z.enum(['1', 'true', '0', 'false'], 'must be 1, true, 0 or false')).transform(
  (value) => value === undefined || value === '1' || value === 'true',
);

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;

/** The refusal of a variable only the demo reads (server/src/demo/config.ts). */
const DEMO_ONLY = 'belongs to the demo (npm start), which runs fake CRMs: a production server never does; unset it';

/** Every variable the server reads; see server/README.md. */
const envSchema = z.object({
  PORT: unsetIfEmpty(z.string().regex(/^\d+$/, 'must be a port number (0-65535)'))
    .transform((value) => (value === undefined ? 8080 : Number(value)))
    .refine((port) => port <= 65535, 'must be a port number (0-65535)'),
  HOST: unsetIfEmpty(z.string()).transform((value) => value ?? '0.0.0.0'),
  DATABASE_URL: unsetIfEmpty(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL (unset for SQLite)')),
  DATABASE_SCHEMA: unsetIfEmpty(z.string()),
  SQLITE_PATH: unsetIfEmpty(z.string()).transform((value) => value ?? path.join(REPO_ROOT, 'data', 'portal.sqlite')),
  REDIS_URL: unsetIfEmpty(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')).transform((value) => value ?? null),
  REALTIME_CHANNEL: unsetIfEmpty(z.string()).transform((value) => value ?? 'portal:events'),
  REALTIME_HEARTBEAT_SECONDS: positiveInteger(30),
  // An explicitly empty STATIC_ROOT turns static serving off.
  STATIC_ROOT: z
    .string()
    .optional()
    .transform((value) => (value === '' ? null : (value ?? path.join(REPO_ROOT, 'dist')))),
  RATE_LIMIT_PER_MINUTE: positiveInteger(600),
  ANONYMOUS_RATE_LIMIT_PER_MINUTE: positiveInteger(300),
  INGEST_RATE_LIMIT_PER_MINUTE: positiveInteger(600),
  TRUST_PROXY: onOff,
  COOKIE_SECURE: onOff,
  LEDGER_JOB: onUnlessOff,
  CRM_EC_BASE_URL: unsetIfEmpty(z.string().regex(/^https?:\/\//, 'must be an http(s):// URL')),
  CRM_LIXIAO_BASE_URL: unsetIfEmpty(z.string().regex(/^https?:\/\//, 'must be an http(s):// URL')),
  CRM_XBB_BASE_URL: unsetIfEmpty(z.string().regex(/^https?:\/\//, 'must be an http(s):// URL')),
  CRM_HUOBAN_BASE_URL: unsetIfEmpty(z.string().regex(/^https?:\/\//, 'must be an http(s):// URL')),
  // The demo's CRM sandbox: a production server has none, so turning it on stops the start (off is what it is).
  CRM_SANDBOX: unsetIfEmpty(z.enum(['0', 'false'], DEMO_ONLY)),
  CRM_SANDBOX_PORT: unsetIfEmpty(z.never(DEMO_ONLY)),
  CRM_PUSH_WORKER: onUnlessOff,
  CRM_TIMEOUT_MS: positiveInteger(10_000),
  CRM_POLL_MS: positiveInteger(500),
  DISTRIBUTION_SWEEP_MS: positiveInteger(15_000),
  FOLLOW_UP_SWEEP_MS: positiveInteger(15_000),
  PHONE_CHECKER_URL: unsetIfEmpty(z.string().regex(/^https?:\/\//, 'must be an http(s):// URL')),
  PHONE_CHECKER_KEY: unsetIfEmpty(z.string().max(500, 'must be at most 500 characters')),
  PHONE_CHECKER_BATCH: positiveInteger(100).refine((size) => size <= PHONE_RECHECK_MAX, `must be at most ${PHONE_RECHECK_MAX}`),
  PHONE_CHECKER_RATE: positiveInteger(10),
  PHONE_CHECKER_TIMEOUT_MS: positiveInteger(5_000),
  PHONE_CHECK_WORKER: onUnlessOff,
  PUBLIC_LEADS_ACCOUNT: unsetIfEmpty(z.string().max(50, 'must be at most 50 characters')).transform((value) => value ?? 'sales'),
  PUBLIC_SITE_CHAT: onUnlessOff,
  PUBLIC_COMPANY_NAME: unsetIfEmpty(z.string().max(PUBLIC_TEXT_MAX, `must be at most ${PUBLIC_TEXT_MAX} characters`)),
  PUBLIC_PHONE: unsetIfEmpty(z.string().max(PUBLIC_TEXT_MAX, `must be at most ${PUBLIC_TEXT_MAX} characters`)),
  PUBLIC_EMAIL: unsetIfEmpty(z.string().max(PUBLIC_TEXT_MAX, `must be at most ${PUBLIC_TEXT_MAX} characters`)),
  PUBLIC_ADDRESS: unsetIfEmpty(z.string().max(PUBLIC_TEXT_MAX, `must be at most ${PUBLIC_TEXT_MAX} characters`)),
  PUBLIC_ICP: unsetIfEmpty(z.string().max(PUBLIC_TEXT_MAX, `must be at most ${PUBLIC_TEXT_MAX} characters`)),
  LOG_LEVEL: unsetIfEmpty(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)).transform((value) => value ?? 'info'),
});

/** `env` read with `schema`; a bad value throws an error naming each variable and its rule (values are not echoed: URLs hold passwords). */
export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.output<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')} ${issue.message}`).join('\n')}`);
  }
  return parsed.data;
}

/**
 * The production server's settings from the environment; see server/README.md for each variable.
 * A bad value, or a demo-only one (CRM_SANDBOX on, CRM_SANDBOX_PORT), stops the start with an
 * error naming the variable. The demo adds its own: server/src/demo/config.ts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const vars = parseEnv(envSchema, env);
  if (vars.PHONE_CHECKER_URL && !vars.PHONE_CHECKER_KEY)
    throw new Error('Invalid environment:\n  PHONE_CHECKER_KEY is required with PHONE_CHECKER_URL');
  // A relative path is taken from where the command was started: npm's INIT_CWD, since `npm run
  // create-account` runs in server/ while `npm run serve` runs in the root; else the working directory.
  const fromStart = (file: string) => path.resolve(env.INIT_CWD ?? '', file);
  // Only when one is set: otherwise the visitor site shows DEFAULT_PUBLIC_SITE (and the settings stay as they were).
  const publicGiven = [vars.PUBLIC_COMPANY_NAME, vars.PUBLIC_PHONE, vars.PUBLIC_EMAIL, vars.PUBLIC_ADDRESS, vars.PUBLIC_ICP].some(
    (value) => value !== undefined,
  );
  return {
    port: vars.PORT,
    host: vars.HOST,
    database: vars.DATABASE_URL
      ? { dialect: 'postgres', url: vars.DATABASE_URL, schema: vars.DATABASE_SCHEMA }
      : { dialect: 'sqlite', path: fromStart(vars.SQLITE_PATH) },
    redisUrl: vars.REDIS_URL,
    realtimeChannel: vars.REALTIME_CHANNEL,
    realtimeHeartbeatMs: vars.REALTIME_HEARTBEAT_SECONDS * 1000,
    staticRoot: vars.STATIC_ROOT === null ? null : fromStart(vars.STATIC_ROOT),
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    anonymousRateLimitPerMinute: vars.ANONYMOUS_RATE_LIMIT_PER_MINUTE,
    ingestRateLimitPerMinute: vars.INGEST_RATE_LIMIT_PER_MINUTE,
    trustProxy: vars.TRUST_PROXY,
    secureCookies: vars.COOKIE_SECURE,
    logLevel: vars.LOG_LEVEL,
    ledgerJob: vars.LEDGER_JOB,
    distributionSweepMs: vars.DISTRIBUTION_SWEEP_MS,
    followUpSweepMs: vars.FOLLOW_UP_SWEEP_MS,
    publicLeadsAccount: vars.PUBLIC_LEADS_ACCOUNT,
    ...(vars.PHONE_CHECKER_URL
      ? {
          phoneCheck: {
            url: vars.PHONE_CHECKER_URL,
            key: vars.PHONE_CHECKER_KEY as string,
            batchLimit: vars.PHONE_CHECKER_BATCH,
            callsPerSecond: vars.PHONE_CHECKER_RATE,
            timeoutMs: vars.PHONE_CHECKER_TIMEOUT_MS,
            worker: vars.PHONE_CHECK_WORKER,
            pollMs: 1000,
          },
        }
      : {}),
    publicSiteChat: vars.PUBLIC_SITE_CHAT,
    crm: {
      baseUrls: Object.fromEntries(
        (
          [
            ['ec', vars.CRM_EC_BASE_URL],
            ['lixiao', vars.CRM_LIXIAO_BASE_URL],
            ['xbb', vars.CRM_XBB_BASE_URL],
            ['huoban', vars.CRM_HUOBAN_BASE_URL],
          ] as const
        ).filter(([, url]) => url !== undefined),
      ),
      worker: vars.CRM_PUSH_WORKER,
      timeoutMs: vars.CRM_TIMEOUT_MS,
      pollMs: vars.CRM_POLL_MS,
    },
    ...(publicGiven
      ? {
          publicSite: {
            companyName: vars.PUBLIC_COMPANY_NAME ?? DEFAULT_PUBLIC_SITE.companyName,
            phone: vars.PUBLIC_PHONE ?? DEFAULT_PUBLIC_SITE.phone,
            email: vars.PUBLIC_EMAIL ?? DEFAULT_PUBLIC_SITE.email,
            address: vars.PUBLIC_ADDRESS ?? DEFAULT_PUBLIC_SITE.address,
            icp: vars.PUBLIC_ICP ?? DEFAULT_PUBLIC_SITE.icp,
          },
        }
      : {}),
  };
}
