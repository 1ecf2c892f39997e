import path from 'node:path';

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
  /** Requests per minute per client IP, across all routes. */
  rateLimitPerMinute: number;
  /** Leads per minute per ingestion key on POST /rest/open/leads. */
  ingestRateLimitPerMinute: number;
  /**
   * Behind a load balancer: X-Forwarded-For (the client address of the per-IP limit),
   * X-Forwarded-Proto and X-Forwarded-Host (a request's origin: Secure cookies, the WebSocket's
   * Origin check) are believed. Off, they are ignored.
   */
  trustProxy: boolean;
  /** Marks cookies Secure on every answer; off, they are Secure only on a request that came over HTTPS. */
  secureCookies: boolean;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
}

const isOn = (value: string | undefined): boolean => value === '1' || value === 'true';

const LOG_LEVELS: readonly AppConfig['logLevel'][] = ['silent', 'error', 'warn', 'info', 'debug'];

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return port;
}

export function databaseConfigFrom(env: NodeJS.ProcessEnv): DatabaseConfig {
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url, schema: env.DATABASE_SCHEMA || undefined };
  return { dialect: 'sqlite', path: path.resolve(env.SQLITE_PATH || path.join(REPO_ROOT, 'data', 'portal.sqlite')) };
}

/** The server's settings from the environment; see server/README.md for each variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const logLevel = (env.LOG_LEVEL ?? 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    database: databaseConfigFrom(env),
    redisUrl: env.REDIS_URL || null,
    realtimeChannel: env.REALTIME_CHANNEL || 'portal:events',
    realtimeHeartbeatMs: (Number(env.REALTIME_HEARTBEAT_SECONDS) || 30) * 1000,
    // An explicitly empty STATIC_ROOT turns static serving off.
    staticRoot: env.STATIC_ROOT === '' ? null : path.resolve(env.STATIC_ROOT ?? path.join(REPO_ROOT, 'dist')),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE) || 1000,
    ingestRateLimitPerMinute: Number(env.INGEST_RATE_LIMIT_PER_MINUTE) || 600,
    trustProxy: isOn(env.TRUST_PROXY),
    secureCookies: isOn(env.COOKIE_SECURE),
    logLevel,
  };
}
