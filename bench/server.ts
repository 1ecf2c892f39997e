import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The server's environment for a benchmark on `port`: no Redis, no rate limits, quiet; `extra` on top. */
export const benchEnv = (port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  REDIS_URL: '',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000',
  INGEST_RATE_LIMIT_PER_MINUTE: '100000000',
  LOG_LEVEL: 'silent',
  ...extra,
});

/**
 * The real server in its own process on the benchmark's database (`env` carries PORT and the
 * database), ready once its OpenAPI document answers. The demo entry: an empty database gets the
 * demo data (bench/crm.ts logs in as demo on one), and CRM_SANDBOX=0 turns the sandbox off.
 * `stop` resolves when the process has exited, so that a PostgreSQL schema is dropped only after
 * the server let go of it (a drop racing its last transaction deadlocked once).
 */
export async function spawnServer(env: NodeJS.ProcessEnv, port: number): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  // BENCH_SERVER_PROF=<dir>: the server writes a V8 CPU profile there when it stops (diagnosis).
  const profile = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', join(__dirname, '../server/src/demo/main.ts')], {
    env: { ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null && server.kill('SIGTERM')) await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${url}/rest/docs/json`)).ok) return { url, pid: server.pid as number, stop };
    } catch {
      if (i > 600) {
        await stop();
        throw new Error('server did not start');
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The session cookie of a login of `account` (password Demo12345, the demo seed's). */
export async function loginCookie(url: string, account: string): Promise<string> {
  const login = await fetch(`${url}/rest/customer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ loginAccount: account, password: 'Demo12345', type: 1 }),
  });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The customer's ingestion key (made on first request), read with its session cookie. */
export async function ingestKey(url: string, cookie: string): Promise<string> {
  const answer = await fetch(`${url}/rest/customer/account/ingest-key`, { headers: { cookie } });
  return ((await answer.json()) as { data: { key: string } }).data.key;
}

/**
 * 8 connections sending the leads `lead(n)` (n = 1, 2, ...) through the open call with the key for
 * `duration` seconds (10 by default). Give each lead a number of its own (benchNumber): the
 * default duplicate rule holds every repeat of one number back, which is not what is measured.
 */
export function loadIngestion(url: string, key: string, lead: (n: number) => Record<string, unknown>, duration = 10): Promise<autocannon.Result> {
  let n = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${url}/rest/open/leads`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': key },
        connections: 8,
        duration,
        requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(lead((n += 1))) }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

let numbered = 0;
/** A mobile number of its own for each lead a bench sends: 16 and 9 digits, never among the demo leads (13, 15, 17, 18 or 19...). */
export const benchNumber = (): string => `16${String((numbered += 1)).padStart(9, '0')}`;

/** 4 connections asking GET `path` with the session cookie for 10 s. */
export const loadGet = (url: string, cookie: string, path: string): Promise<autocannon.Result> =>
  new Promise((resolve, reject) =>
    autocannon({ url: `${url}${path}`, headers: { cookie }, connections: 4, duration: 10 }, (err, result) => (err ? reject(err) : resolve(result))),
  );
