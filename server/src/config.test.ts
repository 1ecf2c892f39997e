import path from 'node:path';
import { loadConfig, REPO_ROOT } from './config';
import { loadDemoConfig } from './demo/config';

describe('configuration from the environment', () => {
  it('has a default for every variable', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      database: { dialect: 'sqlite', path: path.join(REPO_ROOT, 'data', 'portal.sqlite') },
      redisUrl: null,
      realtimeChannel: 'portal:events',
      realtimeHeartbeatMs: 30_000,
      staticRoot: path.join(REPO_ROOT, 'dist'),
      rateLimitPerMinute: 600,
      anonymousRateLimitPerMinute: 300,
      ingestRateLimitPerMinute: 600,
      publicLeadsAccount: 'sales',
      publicSiteChat: true,
      trustProxy: false,
      secureCookies: false,
      logLevel: 'info',
      ledgerJob: true,
      distributionSweepMs: 15000,
      followUpSweepMs: 15000,
      crm: { baseUrls: {}, worker: true, timeoutMs: 10_000, pollMs: 500 },
    });
  });

  it('treats an empty variable as unset, except STATIC_ROOT where empty turns serving off', () => {
    const empty = [
      'PORT',
      'HOST',
      'DATABASE_URL',
      'SQLITE_PATH',
      'REDIS_URL',
      'RATE_LIMIT_PER_MINUTE',
      'ANONYMOUS_RATE_LIMIT_PER_MINUTE',
      'TRUST_PROXY',
      'LOG_LEVEL',
      'LEDGER_JOB',
    ];
    expect(loadConfig(Object.fromEntries(empty.map((name) => [name, ''])))).toEqual(loadConfig({}));
    expect(loadConfig({ STATIC_ROOT: '' }).staticRoot).toBeNull();
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '9090',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgresql://u:p@db:5432/portal',
        DATABASE_SCHEMA: 'tenant_a',
        REDIS_URL: 'rediss://cache:6380',
        REALTIME_CHANNEL: 'portal-b:events',
        REALTIME_HEARTBEAT_SECONDS: '5',
        STATIC_ROOT: '/srv/portal',
        RATE_LIMIT_PER_MINUTE: '50',
        ANONYMOUS_RATE_LIMIT_PER_MINUTE: '20',
        INGEST_RATE_LIMIT_PER_MINUTE: '7',
        TRUST_PROXY: 'true',
        COOKIE_SECURE: '1',
        LOG_LEVEL: 'silent',
        LEDGER_JOB: '0',
        CRM_EC_BASE_URL: 'https://open.workec.com/v2/',
        CRM_XBB_BASE_URL: 'http://xbb.internal',
        CRM_SANDBOX: '0',
        CRM_PUSH_WORKER: 'false',
        CRM_TIMEOUT_MS: '3000',
        CRM_POLL_MS: '100',
        DISTRIBUTION_SWEEP_MS: '5000',
        FOLLOW_UP_SWEEP_MS: '7000',
        PHONE_CHECKER_URL: 'https://checker.internal',
        PHONE_CHECKER_KEY: 'key-1',
        PHONE_CHECKER_RATE: '3',
        PHONE_CHECKER_TIMEOUT_MS: '900',
        PHONE_CHECK_WORKER: '0',
        PUBLIC_LEADS_ACCOUNT: 'crm-team',
        PUBLIC_SITE_CHAT: '0',
      }),
    ).toEqual({
      port: 9090,
      host: '127.0.0.1',
      database: { dialect: 'postgres', url: 'postgresql://u:p@db:5432/portal', schema: 'tenant_a' },
      redisUrl: 'rediss://cache:6380',
      realtimeChannel: 'portal-b:events',
      realtimeHeartbeatMs: 5000,
      staticRoot: '/srv/portal',
      rateLimitPerMinute: 50,
      anonymousRateLimitPerMinute: 20,
      ingestRateLimitPerMinute: 7,
      publicLeadsAccount: 'crm-team',
      publicSiteChat: false,
      trustProxy: true,
      secureCookies: true,
      logLevel: 'silent',
      ledgerJob: false,
      distributionSweepMs: 5000,
      followUpSweepMs: 7000,
      phoneCheck: { url: 'https://checker.internal', key: 'key-1', batchLimit: 100, callsPerSecond: 3, timeoutMs: 900, worker: false, pollMs: 1000 },
      crm: {
        baseUrls: { ec: 'https://open.workec.com/v2/', xbb: 'http://xbb.internal' },
        worker: false,
        timeoutMs: 3000,
        pollMs: 100,
      },
    });
    expect(loadConfig({ SQLITE_PATH: '/var/lib/portal.sqlite', TRUST_PROXY: '0', COOKIE_SECURE: 'false' })).toMatchObject({
      database: { dialect: 'sqlite', path: '/var/lib/portal.sqlite' },
      trustProxy: false,
      secureCookies: false,
    });
  });

  it('takes a relative SQLITE_PATH or STATIC_ROOT from where the command started (npm run -w server runs in server/)', () => {
    const relative = { SQLITE_PATH: 'data/portal.sqlite', STATIC_ROOT: 'dist' };
    expect(loadConfig({ ...relative, INIT_CWD: '/srv/portal' })).toMatchObject({
      database: { dialect: 'sqlite', path: '/srv/portal/data/portal.sqlite' },
      staticRoot: '/srv/portal/dist',
    });
    expect(loadConfig(relative)).toMatchObject({ database: { path: path.resolve('data/portal.sqlite') }, staticRoot: path.resolve('dist') });
    expect(loadConfig({ SQLITE_PATH: '/var/lib/portal.sqlite', INIT_CWD: '/srv/portal' }).database).toEqual({
      dialect: 'sqlite',
      path: '/var/lib/portal.sqlite',
    });
  });

  it.each([
    ['PORT', 'http', 'must be a port number'],
    ['PORT', '65536', 'must be a port number'],
    ['PORT', '-1', 'must be a port number'],
    ['DATABASE_URL', 'mysql://db/portal', 'must be a postgres:// or postgresql:// URL'],
    ['REDIS_URL', '127.0.0.1:6379', 'must be a redis:// or rediss:// URL'],
    ['REALTIME_HEARTBEAT_SECONDS', '0', 'must be a positive whole number'],
    ['RATE_LIMIT_PER_MINUTE', 'abc', 'must be a positive whole number'],
    ['RATE_LIMIT_PER_MINUTE', '1.5', 'must be a positive whole number'],
    ['ANONYMOUS_RATE_LIMIT_PER_MINUTE', '0', 'must be a positive whole number'],
    ['INGEST_RATE_LIMIT_PER_MINUTE', '-600', 'must be a positive whole number'],
    ['TRUST_PROXY', 'yes', 'must be 1, true, 0 or false'],
    ['COOKIE_SECURE', 'on', 'must be 1, true, 0 or false'],
    ['CRM_EC_BASE_URL', 'open.workec.com', 'must be an http(s):// URL'],
    ['CRM_PUSH_WORKER', 'yes', 'must be 1, true, 0 or false'],
    ['LEDGER_JOB', 'off', 'must be 1, true, 0 or false'],
    ['LOG_LEVEL', 'verbose', 'must be one of silent, error, warn, info, debug'],
  ])('refuses %s=%s, naming the variable', (name, value, rule) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name} ${rule}`);
  });

  it('runs the consumption job unless LEDGER_JOB turns it off', () => {
    expect(loadConfig({ LEDGER_JOB: '1' }).ledgerJob).toBe(true);
    expect(loadConfig({ LEDGER_JOB: 'true' }).ledgerJob).toBe(true);
    expect(loadConfig({ LEDGER_JOB: 'false' }).ledgerJob).toBe(false);
  });

  it.each([
    ['CRM_SANDBOX', '1'],
    ['CRM_SANDBOX', 'true'],
    ['CRM_SANDBOX', 'yes'],
    ['CRM_SANDBOX_PORT', '19000'],
  ])('refuses the demo-only %s=%s in production, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      `${name} belongs to the demo (npm start), which runs fake CRMs: a production server never does; unset it`,
    );
  });

  it('has no phone checker unless PHONE_CHECKER_URL names one, with its key', () => {
    expect(loadConfig({})).not.toHaveProperty('phoneCheck');
    expect(loadConfig({ PHONE_CHECKER_URL: 'https://checker.example.com', PHONE_CHECKER_KEY: 'k-1', PHONE_CHECKER_BATCH: '200' }).phoneCheck).toEqual(
      {
        url: 'https://checker.example.com',
        key: 'k-1',
        batchLimit: 200,
        callsPerSecond: 10,
        timeoutMs: 5000,
        worker: true,
        pollMs: 1000,
      },
    );
    expect(() => loadConfig({ PHONE_CHECKER_URL: 'https://checker.example.com' })).toThrow('PHONE_CHECKER_KEY is required with PHONE_CHECKER_URL');
    expect(() => loadConfig({ PHONE_CHECKER_URL: 'https://c.example.com', PHONE_CHECKER_KEY: 'k', PHONE_CHECKER_BATCH: '501' })).toThrow(
      /PHONE_CHECKER_BATCH must be at most 500/,
    );
  });

  it('takes CRM_SANDBOX=0 (off is what production is) and never has a sandbox', () => {
    expect(loadConfig({ CRM_SANDBOX: '0' })).toEqual(loadConfig({}));
    expect(loadConfig({ CRM_SANDBOX: 'false', CRM_SANDBOX_PORT: '' })).toEqual(loadConfig({}));
    expect(loadConfig({}).crm).not.toHaveProperty('sandbox');
  });

  it('names every bad variable at once, without echoing the values', () => {
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: 'abc', DATABASE_URL: 'mysql://user:secret@db' })).toThrow(
      /^Invalid environment:\n {2}DATABASE_URL .*\n {2}RATE_LIMIT_PER_MINUTE .*$/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db' })).not.toThrow(/secret/);
  });
});

describe('the demo configuration', () => {
  it('is the production configuration plus the CRM sandbox, on by default on any free ports', () => {
    expect(loadDemoConfig({})).toEqual({ server: loadConfig({}), sandbox: { on: true, firstPort: null } });
    expect(loadDemoConfig({ PORT: '9090', CRM_EC_BASE_URL: 'http://ec.internal' }).server).toEqual(
      loadConfig({ PORT: '9090', CRM_EC_BASE_URL: 'http://ec.internal' }),
    );
  });

  it('reads CRM_SANDBOX and CRM_SANDBOX_PORT', () => {
    expect(loadDemoConfig({ CRM_SANDBOX: '0', CRM_SANDBOX_PORT: '19000' }).sandbox).toEqual({ on: false, firstPort: 19000 });
    expect(loadDemoConfig({ CRM_SANDBOX: 'true', CRM_SANDBOX_PORT: '' }).sandbox).toEqual({ on: true, firstPort: null });
  });

  it.each([
    ['CRM_SANDBOX', 'yes', 'must be 1, true, 0 or false'],
    ['CRM_SANDBOX_PORT', '65535', 'must be a port number (1-65532)'],
    ['CRM_SANDBOX_PORT', 'ec', 'must be a port number (1-65532)'],
    ['RATE_LIMIT_PER_MINUTE', 'abc', 'must be a positive whole number'],
  ])('refuses %s=%s, naming the variable', (name, value, rule) => {
    expect(() => loadDemoConfig({ [name]: value })).toThrow(`${name} ${rule}`);
  });
});
