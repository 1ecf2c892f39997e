import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REQUESTED_WITH_VALUE } from '@portal/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app';
import type { AppConfig, CrmConfig, DatabaseConfig, SheetParseConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { DEFAULT_CRM_CONFIG } from '../modules/crm/runtime';
import { seedIfEmpty } from '../db/seed';
import { DEMO_PASSWORD } from '../db/seed-data';

export type DialectName = DatabaseConfig['dialect'];

const postgresUrl = (): string | undefined =>
  process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;

/** The databases every suite runs on: SQLite always, PostgreSQL too when DATABASE_URL points at one. */
export const dialects = (): DialectName[] => (postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite']);

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** Its database, for a second app on the same data (StartOptions.database). */
  database: DatabaseConfig;
  /** A client with its own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Seed the demo data (customers demo and demo2 and their items); default true. */
  seed?: boolean;
  staticRoot?: string | null;
  /** API calls per minute per session; default high enough never to matter. */
  rateLimitPerMinute?: number;
  /** API calls per minute per client address without a session; default high enough never to matter. */
  anonymousRateLimitPerMinute?: number;
  /** The rate-limit counters' Redis prefix; default a random one, so that runs and apps never share counters. */
  rateLimitNamespace?: string;
  /** Leads per minute per ingestion key; default high enough never to matter. */
  ingestRateLimitPerMinute?: number;
  redisUrl?: string;
  /** The realtime Redis channel; default a random one, so parallel suites do not hear each other. */
  realtimeChannel?: string;
  /** Realtime ping interval; default 30 s. */
  realtimeHeartbeatMs?: number;
  /** Another app's database (TestApp.database): this app neither creates nor drops it. */
  database?: DatabaseConfig;
  /** Behind a trusted proxy (X-Forwarded-For/-Proto/-Host honoured); default false. */
  trustProxy?: boolean;
  /** Adds routes of the test's own (say, one that never answers) before the app is ready. */
  routes?: (app: FastifyInstance) => void;
  /** CRM settings over DEFAULT_CRM_CONFIG (base URLs of fake CRMs; the worker stays off unless asked). */
  crm?: Partial<CrmConfig>;
  /** Budgets of spreadsheet imports (a small one to see a parse stopped). */
  sheetParse?: Partial<SheetParseConfig>;
  /** The most rows one lead export may hold (a small one to see an export refused). */
  leadExportMaxRows?: number;
  /** The visitor forms' limits (small ones to see a 429) and sales account (AppConfig.publicFormLimits, publicLeadsAccount). */
  publicFormLimits?: AppConfig['publicFormLimits'];
  publicLeadsAccount?: string;
  /** The visitor site's chat widget (AppConfig.publicSiteChat); default on. */
  publicSiteChat?: boolean;
  /** A phone checker (a fake's URL and key; the loop stays off: the tests run passes); default none. */
  phoneCheck?: AppConfig['phoneCheck'];
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated (and by default seeded) app on a fresh database: a new SQLite file in a temp
 * folder, or a new PostgreSQL schema (search_path set on every connection) dropped on close.
 */
export async function startApp(dialect: DialectName, options: StartOptions = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  let database: DatabaseConfig;
  let dropSchema = async (): Promise<void> => {};
  if (options.database) {
    database = options.database;
  } else if (dialect === 'postgres') {
    const url = postgresUrl();
    if (!url) throw new Error('DATABASE_URL is not a postgres:// URL');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await withAdmin(url, (admin) => admin.query(`CREATE SCHEMA ${schema}`));
    database = { dialect, url, schema };
    dropSchema = () => withAdmin(url, (admin) => admin.query(`DROP SCHEMA ${schema} CASCADE`)).then(() => undefined);
  } else {
    database = { dialect, path: path.join(dir, 'portal.sqlite') };
  }

  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    database,
    redisUrl: options.redisUrl ?? null,
    realtimeChannel: options.realtimeChannel ?? `portal-test:${randomBytes(6).toString('hex')}`,
    realtimeHeartbeatMs: options.realtimeHeartbeatMs ?? 30_000,
    staticRoot: options.staticRoot ?? null,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
    anonymousRateLimitPerMinute: options.anonymousRateLimitPerMinute ?? 100_000,
    rateLimitNamespace: options.rateLimitNamespace ?? `portal-test-rate-limit-${randomBytes(6).toString('hex')}-`,
    ingestRateLimitPerMinute: options.ingestRateLimitPerMinute ?? 100_000,
    trustProxy: options.trustProxy ?? false,
    secureCookies: false,
    logLevel: 'silent',
    crm: { ...DEFAULT_CRM_CONFIG, pacingScale: 0, ...options.crm },
    sheetParse: options.sheetParse,
    leadExportMaxRows: options.leadExportMaxRows,
    publicFormLimits: options.publicFormLimits,
    publicLeadsAccount: options.publicLeadsAccount,
    publicSiteChat: options.publicSiteChat,
    phoneCheck: options.phoneCheck,
  };
  const app = buildApp(config);
  options.routes?.(app);
  try {
    await app.ready();
    await migrateToLatest(app.db, database);
    if (options.seed ?? true) await seedIfEmpty(app.db);
  } catch (error) {
    await app.close();
    await dropSchema();
    throw error;
  }

  return {
    app,
    db: app.db,
    database,
    client: () => new TestClient(app),
    close: async () => {
      await app.close();
      await dropSchema();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  query?: Record<string, string>;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Leave out X-Requested-With (sent by default, as the portal's client always does). */
  withoutRequestedWith?: boolean;
}

/** Calls the app like the browser: cookies kept between calls, X-Requested-With on every call. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async call(method: InjectOptions['method'], url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.withoutRequestedWith) headers['x-requested-with'] = REQUESTED_WITH_VALUE;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({ method, url, query: options.query, payload: options.payload, headers });
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string, options?: CallOptions) => this.call('GET', url, options);
  post = (url: string, payload?: unknown, options?: CallOptions) =>
    this.call('POST', url, { ...options, payload: payload as InjectOptions['payload'] });
  put = (url: string, payload?: unknown, options?: CallOptions) =>
    this.call('PUT', url, { ...options, payload: payload as InjectOptions['payload'] });
  delete = (url: string, options?: CallOptions) => this.call('DELETE', url, options);

  /** Logs in (the demo password by default) and expects success. */
  async login(loginAccount: string, password: string = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
    const response = await this.post('/rest/customer/login', { loginAccount, password, type: 1 });
    if (response.statusCode !== 200 || response.json().code !== '200') {
      throw new Error(`login ${loginAccount} failed: ${response.statusCode} ${response.body}`);
    }
    return response;
  }
}

/** Logged-in clients for both demo customers: `a` is demo, `b` is demo2. */
export async function demoClients(testApp: TestApp): Promise<{ a: TestClient; b: TestClient }> {
  const a = testApp.client();
  const b = testApp.client();
  await a.login('demo');
  await b.login('demo2');
  return { a, b };
}

/** The suite's app on `dialect` with demo (`a`) and demo2 (`b`) logged in: started before its tests, closed after. */
export function useDemoApp(dialect: DialectName): { t: TestApp; a: TestClient; b: TestClient } {
  const suite = {} as { t: TestApp; a: TestClient; b: TestClient };
  beforeAll(async () => {
    suite.t = await startApp(dialect);
    Object.assign(suite, await demoClients(suite.t));
  });
  afterAll(() => suite.t.close());
  return suite;
}

const CHINESE = /[\u4e00-\u9fff]/;

/** Asserts an error answer: the status, `{code, message}` with a Chinese message, and (when given) the exact message. */
export function expectError(response: LightMyRequestResponse, status: number, message?: string): void {
  const body = response.json() as { code: unknown; message: unknown };
  expect({ status: response.statusCode, codeType: typeof body.code, chinese: CHINESE.test(String(body.message)) }).toEqual({
    status,
    codeType: 'string',
    chinese: true,
  });
  if (message !== undefined) expect(body.message).toBe(message);
}

/** A throwaway build folder (staticRoot) holding `files` (path under the root -> contents). */
export function writeFakeDist(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
