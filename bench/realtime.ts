// The realtime figures, for one database (argv: sqlite | postgres): two server instances (separate
// processes, so each one's memory is measurable) on one database with Redis fan-out, 5,000
// logged-in sockets across them; then leads ingested through the open call on instance A, and the
// latency from each ingestion request's start to each receiving socket's frame (p50 / p99), the
// server memory per connected socket, and a system notice's fan-out to every socket.
// Run by bench/run.mjs (`npm run bench -- realtime`); prints figures, asserts nothing.
// Needs Redis (REDIS_URL, default redis://127.0.0.1:6379) and, for postgres, DATABASE_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '@portal/contracts';
import { REALTIME_PATH } from '@portal/contracts/messages';
import { loadConfig, migrateToLatest } from '../server/src';
import { seedIfEmpty } from '../server/src/demo';
import { openDatabase } from '../server/src/db/database';
import { createSession } from '../server/src/modules/auth/sessions';
import { ensureIngestKey } from '../server/src/modules/ingest/service';
import { createNotice } from '../server/src/modules/messages/service';
import { publishOnce } from '../server/src/realtime/bridge';
import { ServerEvents, type ServerEventMap } from '../server/src/realtime/events';
import { insertBenchCustomers } from './customers';
import { benchDatabase } from './database';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const SOCKETS = Number(process.env.BENCH_SOCKETS || 5000);
/** Sockets per customer: 5 on each instance, the per-customer bound (10 across instances). */
const PER_CUSTOMER = 10;
const CUSTOMERS = Math.ceil(SOCKETS / PER_CUSTOMER);
/** Leads per customer: N = CUSTOMERS x ROUNDS leads, each received by the customer's 10 sockets. */
const ROUNDS = Number(process.env.BENCH_REALTIME_ROUNDS || 2);
/** Ingestion requests per second (paced, open loop). */
const RATE = Number(process.env.BENCH_REALTIME_RATE || 100);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const ports = [Number(process.env.BENCH_REALTIME_PORT || 18990), Number(process.env.BENCH_REALTIME_PORT || 18990) + 1];
const report = (name: string, value: string) => console.log(`[realtime ${dialect}] ${name}: ${value}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BenchCustomer {
  id: number;
  itemId: number;
  key: string;
  cookies: string[];
}

async function prepare(env: NodeJS.ProcessEnv): Promise<BenchCustomer[]> {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  await migrateToLatest(db, config.database);
  await seedIfEmpty(db);
  const customers: BenchCustomer[] = (await insertBenchCustomers(db, 'rt', CUSTOMERS)).map(({ customerId, itemId }) => ({
    id: customerId,
    itemId,
    key: '',
    cookies: [],
  }));
  // Sessions straight in the database: 5,000 logins would measure argon2, not the sockets.
  for (const customer of customers) {
    customer.key = await ensureIngestKey(db, customer.id);
    for (let i = 0; i < PER_CUSTOMER; i += 1) customer.cookies.push(`${SESSION_COOKIE}=${await createSession(db, customer.id)}`);
  }
  await db.destroy();
  return customers;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms over ${sorted.length.toLocaleString()} receipts`;
};

/** A server process with a raised open-files limit (exec keeps the pid, for its RSS). */
function startServer(port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(
    'sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"', 'sh', process.execPath, '--import', 'tsx', join(__dirname, '../server/src/main.ts')],
    {
      env: { ...env, PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${url}/rest/docs/json`)).ok) return;
    } catch {
      if (i > 600) throw new Error(`${url} did not start`);
    }
    await sleep(250);
  }
}

interface Receiver {
  socket: WebSocket;
  customer: number;
}

async function main() {
  const channel = `bench:realtime:${randomBytes(6).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    REDIS_URL,
    REALTIME_CHANNEL: channel,
    RATE_LIMIT_PER_MINUTE: '100000000',
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000',
    INGEST_RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'silent',
    STATIC_ROOT: '',
  };
  const database = await benchDatabase(dialect, 'rt');
  Object.assign(env, database.env);
  const dropSchema = database.drop;

  const started = Date.now();
  const customers = await prepare(env);
  report('prepared', `${customers.length} customers x ${PER_CUSTOMER} sessions in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const servers = ports.map((port) => startServer(port, env));
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const receivers: Receiver[] = [];
  let ending = false;
  try {
    await Promise.all(urls.map(waitReady));
    // Warm each instance up (first socket, first snapshot queries) before measuring memory.
    for (const url of urls) {
      const socket = new WebSocket(`${url.replace('http', 'ws')}${REALTIME_PATH}`, { headers: { cookie: customers[0].cookies[0] } });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ op: 'subscribe', topics: ['user'] }));
      await new Promise((resolve) => socket.once('message', resolve));
      socket.close();
    }
    await sleep(2000);
    const before = servers.map((server) => rssOf(server.pid!));

    // Connect: per customer, sessions 0-4 on A and 5-9 on B; 200 handshakes at a time.
    const sentAt = new Float64Array(customers.length);
    const leadLatencies: number[] = [];
    let noticeStart = 0;
    const noticeLatencies: number[] = [];
    let received = 0;
    let wake: () => void = () => undefined;
    const plan = customers
      .flatMap((customer, index) =>
        customer.cookies
          .slice(0, Math.ceil(SOCKETS / customers.length))
          .map((cookie, i) => ({ index, cookie, url: urls[i < PER_CUSTOMER / 2 ? 0 : 1] })),
      )
      .slice(0, SOCKETS);
    const connectStart = Date.now();
    for (let start = 0; start < plan.length; start += 200) {
      await Promise.all(
        plan.slice(start, start + 200).map(
          ({ index, cookie, url }) =>
            new Promise<void>((resolve, reject) => {
              const socket = new WebSocket(`${url.replace('http', 'ws')}${REALTIME_PATH}`, { headers: { cookie }, perMessageDeflate: false });
              socket.once('error', reject);
              socket.once('open', () => socket.send(JSON.stringify({ op: 'subscribe', topics: ['system', 'user'] })));
              socket.on('message', (data) => {
                const now = performance.now();
                const frame = JSON.parse(String(data)) as { kind: string };
                if (frame.kind === 'subscribed') resolve();
                else if (frame.kind === 'lead') {
                  leadLatencies.push(now - sentAt[index]);
                  received += 1;
                  wake();
                } else if (frame.kind === 'message') {
                  noticeLatencies.push(now - noticeStart);
                  received += 1;
                  wake();
                }
              });
              socket.on('close', (code) => ending || console.error(`socket closed: ${code}`));
              receivers.push({ socket, customer: index });
            }),
        ),
      );
    }
    const perInstance = urls.map((url) => plan.filter((entry) => entry.url === url).length);
    report(
      'connected',
      `${plan.length.toLocaleString()} sockets (${perInstance.join(' on A, ')} on B) in ${((Date.now() - connectStart) / 1000).toFixed(1)} s`,
    );
    await sleep(3000);
    const after = servers.map((server) => rssOf(server.pid!));
    servers.forEach((_, i) =>
      report(
        `server ${'AB'[i]} RSS`,
        `${mb(before[i])} -> ${mb(after[i])} with ${perInstance[i].toLocaleString()} sockets = ${((after[i] - before[i]) / perInstance[i] / 1024).toFixed(1)} KB per socket`,
      ),
    );

    const waitFor = async (count: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (received < count && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 250);
        });
      }
    };

    // Leads: round by round, every customer gets one lead per round, paced at RATE per second.
    const ingestLatencies: number[] = [];
    let failed = 0;
    const socketsOf = new Map<number, number>();
    for (const entry of plan) socketsOf.set(entry.index, (socketsOf.get(entry.index) ?? 0) + 1);
    const ingestStart = Date.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      const expected = received + plan.length;
      const roundStart = performance.now();
      const requests: Array<Promise<void>> = [];
      for (let index = 0; index < customers.length; index += 1) {
        const due = roundStart + (index * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const customer = customers[index];
        sentAt[index] = performance.now();
        requests.push(
          fetch(`${urls[0]}/rest/open/leads`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ingest-key': customer.key },
            body: JSON.stringify({ listKind: 'resource', itemId: customer.itemId, name: '压测', mobile: '13800138000' }),
          }).then(async (response) => {
            ingestLatencies.push(performance.now() - sentAt[index]);
            if (response.status !== 201) failed += 1;
            await response.arrayBuffer();
          }),
        );
      }
      await Promise.all(requests);
      await waitFor(expected, 60_000);
    }
    const leads = customers.length * ROUNDS;
    report(
      'leads ingested on A',
      `${leads.toLocaleString()} at ${RATE}/s in ${((Date.now() - ingestStart) / 1000).toFixed(1)} s, non-201 ${failed}; ingestion call ${summary(ingestLatencies)}`,
    );
    report(
      'ingestion request start -> socket frame (A and B)',
      `${summary(leadLatencies)}; missing ${(leads * PER_CUSTOMER - leadLatencies.length).toLocaleString()} (target p99 <= 500 ms)`,
    );

    // A system notice, stored and published like the CLI does: every socket of both instances.
    const config = loadConfig(env);
    const db = openDatabase(config.database);
    const events = new ServerEvents();
    let arrived: ServerEventMap['message.arrived'] | undefined;
    events.on('message.arrived', (payload) => (arrived = payload));
    const expected = received + plan.length;
    noticeStart = performance.now();
    await createNotice(db, events, { customerId: null, title: '压测系统通知', contents: '系统通知的推送延迟' });
    await publishOnce(REDIS_URL, channel, { name: 'message.arrived', payload: arrived! });
    await waitFor(expected, 60_000);
    await db.destroy();
    report('system notice stored + published -> every socket', `${summary(noticeLatencies)}; missing ${plan.length - noticeLatencies.length}`);
    report('server RSS at the end', servers.map((server, i) => `${'AB'[i]} ${mb(rssOf(server.pid!))}`).join(', '));
  } finally {
    ending = true;
    for (const { socket } of receivers) socket.terminate();
    for (const server of servers) server.kill('SIGTERM');
    await sleep(500);
    await dropSchema();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
