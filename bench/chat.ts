// The live chat figures (issue 23), for one database (argv: sqlite | postgres): two server
// instances (separate processes, so each one's memory is measurable) on one database with Redis
// fan-out; 1,000 visitor conversations started through the widget's own calls, each with its
// visitor socket, and every customer's portal socket on the OTHER instance than its visitors, so
// that each message crosses Redis. Then: visitor -> customer (the visitor's post, open loop, to the
// `chat` frame on the customer's socket), customer -> visitor (the reply call, to the `messages`
// frame on the visitor's socket), a closed burst of visitor messages (messages a second accepted
// and delivered), the server memory per open conversation, and whether every message reached the
// right party exactly once (WRONG lines where not).
// Run by bench/run.mjs (`npm run bench -- chat`); prints figures, asserts nothing.
// Needs Redis (REDIS_URL, default redis://127.0.0.1:6379) and, for postgres, DATABASE_URL (or the
// machine's `test` database, bench/database.ts). BENCH_CHAT_CONVERSATIONS (1000), BENCH_CHAT_RATE
// (200 a second), BENCH_CHAT_ROUNDS (2), BENCH_CHAT_BURST (5 per conversation),
// BENCH_CHAT_CONCURRENCY (64), BENCH_CHAT_PORT (19040 and the next); for diagnosis
// BENCH_CHAT_TIMELINE=1 (latency per second of each phase), BENCH_CHAT_SERVER_LOG=<level> and
// BENCH_SERVER_PROF=<dir> (the servers' CPU profiles).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '@portal/contracts';
import { CHAT_LIMITS, CHAT_SOCKET_PATH, CHAT_TOKEN_HEADER, type ChatSocketFrame } from '@portal/contracts/chat';
import { REALTIME_PATH, type RealtimeServerFrame } from '@portal/contracts/messages';
import { loadConfig, migrateToLatest } from '../server/src';
import { openDatabase } from '../server/src/db/database';
import { createSession } from '../server/src/modules/auth/sessions';
import { createKey } from '../server/src/modules/chat/service';
import { insertBenchCustomers } from './customers';
import { benchDatabase } from './database';
import { benchEnv } from './server';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS || 1000);
/**
 * Conversations per customer, all through its one chat key: under the 30 a key may start a minute
 * (CHAT_LIMITS.conversationsPerKeyPerMinute, not configurable), so 1,000 are 50 customers.
 */
const PER_CUSTOMER = Math.min(20, CHAT_LIMITS.conversationsPerKeyPerMinute - 1);
const CUSTOMERS = Math.ceil(CONVERSATIONS / PER_CUSTOMER);
/** Messages a second of the paced (open-loop) phases, each direction. */
const RATE = Number(process.env.BENCH_CHAT_RATE || 200);
/** Rounds of the paced phases: each round one message per conversation. */
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS || 2);
/**
 * Visitor messages per conversation in the burst; with the rounds' under the 30 a conversation may
 * send a minute (CHAT_LIMITS.visitorMessagesPerMinute).
 */
const BURST = Math.min(Number(process.env.BENCH_CHAT_BURST || 5), CHAT_LIMITS.visitorMessagesPerMinute - ROUNDS - 1);
/** Senders of the burst, each waiting for its answer before its next message (closed loop). */
const CONCURRENCY = Number(process.env.BENCH_CHAT_CONCURRENCY || 64);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const basePort = Number(process.env.BENCH_CHAT_PORT || 19040);
const ports = [basePort, basePort + 1];
/**
 * Where the HTTP calls go. PostgreSQL: a visitor's to the instance of its socket, a reply to the
 * instance of the customer's socket (any instance answers any call). SQLite: all to A, because a
 * SQLite file belongs to one server (docs/deploying.md: several instances need PostgreSQL; two
 * writers on one file fail with SQLITE_BUSY), the sockets on both as on PostgreSQL (like
 * realtime.ts, whose ingestion goes to A).
 */
const CALLS_SPREAD = dialect === 'postgres';
const report = (name: string, value: string) => console.log(`[chat ${dialect}] ${name}: ${value}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let wrongCount = 0;
/** A correctness failure: printed (the first 20) and counted, never thrown. */
const wrong = (what: string) => {
  wrongCount += 1;
  if (wrongCount <= 20) console.log(`[chat ${dialect}] WRONG: ${what}`);
};

interface BenchCustomer {
  id: number;
  key: string;
  cookie: string;
  /** The instance of its visitors; its portal socket and replies go to the other. */
  instance: number;
}

interface BenchConversation {
  id: number;
  token: string;
  customer: number;
  instance: number;
}

/** Customers (one project, one chat key, one session each) straight in the database, as realtime.ts does. */
async function prepare(env: NodeJS.ProcessEnv, count: number, prefix: string): Promise<BenchCustomer[]> {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  await migrateToLatest(db, config.database);
  const customers: BenchCustomer[] = [];
  for (const { customerId, itemId } of await insertBenchCustomers(db, prefix, count)) {
    const { key } = await createKey(db, customerId, itemId);
    const cookie = `${SESSION_COOKIE}=${await createSession(db, customerId)}`;
    customers.push({ id: customerId, key, cookie, instance: customers.length % 2 });
  }
  await db.destroy();
  return customers;
}

/** Answers the bench's memory question over the IPC channel: process.memoryUsage() after a full GC. */
const MEMORY_PRELOAD = `data:text/javascript,${encodeURIComponent(
  "process.on('message',(m)=>{if(m==='bench:memory'){globalThis.gc?.();process.send?.(process.memoryUsage())}});process.channel?.unref();",
)}`;

interface Server {
  process: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * The production entry in its own process with a raised open-files limit (exec keeps the pid), an
 * IPC channel for its memory, and BENCH_SERVER_PROF=<dir> for a V8 CPU profile on exit (as
 * bench/server.ts spawnServer).
 */
async function startServer(port: number, env: NodeJS.ProcessEnv): Promise<Server> {
  const profile = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : [];
  const child = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      'sh',
      process.execPath,
      '--expose-gc',
      ...profile,
      '--import',
      MEMORY_PRELOAD,
      '--import',
      'tsx',
      join(__dirname, '../server/src/main.ts'),
    ],
    {
      env: { ...env, PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', process.env.BENCH_CHAT_SERVER_LOG ? 'inherit' : 'ignore', 'inherit', 'ipc'],
    },
  );
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null && child.kill('SIGTERM')) await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${url}/rest/docs/json`)).ok) return { process: child, url, stop };
    } catch {
      if (i > 600 || child.exitCode !== null) {
        await stop();
        throw new Error(`${url} did not start`);
      }
    }
    await sleep(250);
  }
}

interface Memory {
  rss: number;
  heapUsed: number;
}

/** The server's memory after a full GC, taken twice 2 s apart (the second: freed pages returned). */
async function settledMemory(server: Server): Promise<Memory> {
  await memoryOf(server);
  await sleep(2000);
  return memoryOf(server);
}

function memoryOf(server: Server): Promise<Memory> {
  return new Promise((resolve) => {
    const fallback = setTimeout(() => resolve({ rss: rssOf(server.process.pid!), heapUsed: Number.NaN }), 5000);
    server.process.once('message', (usage: NodeJS.MemoryUsage) => {
      clearTimeout(fallback);
      resolve({ rss: rssOf(server.process.pid!), heapUsed: usage.heapUsed });
    });
    server.process.send('bench:memory');
  });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The machine's CPU time by kind (/proc/stat: user nice system idle iowait irq softirq steal), in ticks. */
function machineTicks(): number[] {
  return readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number);
}

/** CPU seconds (user + system) a process has used: /proc/<pid>/stat, in clock ticks of 10 ms. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (values: number[]) => {
  if (!values.length) return 'none';
  const sorted = [...values].sort((a, b) => a - b);
  return (
    `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
    `max ${sorted[sorted.length - 1].toFixed(1)} ms over ${sorted.length.toLocaleString()}`
  );
};

const visitorHeaders = (token: string) => ({ 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', [CHAT_TOKEN_HEADER]: token });
const customerHeaders = (cookie: string) => ({ 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie });
const wsUrl = (url: string, path: string) => `${url.replace('http', 'ws')}${path}`;

/** The widget's start call (chatEndpoints.start). */
async function startConversation(url: string, key: string): Promise<{ conversationId: number; token: string }> {
  const response = await fetch(`${url}/rest/public/chat/conversations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ key, pageUrl: 'https://landing.example/bench', referrer: null }),
  });
  if (response.status !== 201) throw new Error(`start: ${response.status} ${await response.text()}`);
  return (await response.json()) as { conversationId: number; token: string };
}

/** A visitor socket: open, the token as its first frame, resolved on `ready`. */
function openVisitor(url: string, token: string, onFrame: (frame: ChatSocketFrame) => void, onClose: (code: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(url, CHAT_SOCKET_PATH), { perMessageDeflate: false });
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ op: 'hello', token, after: 0 })));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ChatSocketFrame;
      if (frame.kind === 'ready') {
        if (frame.open) resolve(socket);
        else reject(new Error('conversation closed'));
      } else onFrame(frame);
    });
    socket.on('close', onClose);
  });
}

/** A logged-in customer's portal socket, subscribed to its `user` topic (where `chat` frames come). */
function openCustomer(
  url: string,
  cookie: string,
  onFrame: (frame: RealtimeServerFrame) => void,
  onClose: (code: number) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(url, REALTIME_PATH), { headers: { cookie }, perMessageDeflate: false });
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ op: 'subscribe', topics: ['user'] })));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as RealtimeServerFrame;
      if (frame.kind === 'subscribed') resolve(socket);
      else onFrame(frame);
    });
    socket.on('close', onClose);
  });
}

const postVisitor = (url: string, token: string, message: string) =>
  fetch(`${url}/rest/public/chat/messages`, { method: 'POST', headers: visitorHeaders(token), body: JSON.stringify({ message }) });
const postReply = (url: string, cookie: string, conversationId: number, message: string) =>
  fetch(`${url}/rest/customer/chat/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: customerHeaders(cookie),
    body: JSON.stringify({ message }),
  });

/** Each message's text carries its conversation and its number: `… c<conversation> n<seq>`. */
const TAG = /c(\d+) n(\d+)/;

type Side = 'customer' | 'visitor';
interface Sent {
  conversationId: number;
  to: Side;
  at: number;
  phase: string;
  receipts: number;
  latency?: number;
}

async function main() {
  const channel = `bench:chat:${randomBytes(6).toString('hex')}`;
  const database = await benchDatabase(dialect, 'chat');
  const env: NodeJS.ProcessEnv = {
    ...benchEnv(ports[0], database.env),
    REDIS_URL,
    REALTIME_CHANNEL: channel,
    STATIC_ROOT: '',
    // BENCH_CHAT_SERVER_LOG=<level>: the servers' log on this process's output (diagnosis).
    ...(process.env.BENCH_CHAT_SERVER_LOG ? { LOG_LEVEL: process.env.BENCH_CHAT_SERVER_LOG } : {}),
  };

  const servers: Server[] = [];
  const sockets: WebSocket[] = [];
  let ending = false;
  try {
    const started = Date.now();
    const customers = await prepare(env, CUSTOMERS, 'chat');
    const [warm] = await prepare(env, 1, 'chatwarm');
    report('prepared', `${customers.length} customers with a chat key and a session each in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    servers.push(...(await Promise.all(ports.map((port) => startServer(port, env)))));
    const urls = servers.map((server) => server.url);
    const visitorCallUrl = (instance: number) => urls[CALLS_SPREAD ? instance : 0];
    const replyCallUrl = (visitorInstance: number) => urls[CALLS_SPREAD ? 1 - visitorInstance : 0];

    // Warm each instance up (a conversation, its socket, a message each way) before measuring memory.
    for (let i = 0; i < 2; i += 1) {
      const { conversationId, token } = await startConversation(visitorCallUrl(i), warm.key);
      let got: () => void = () => undefined;
      const visitor = await openVisitor(
        urls[i],
        token,
        () => got(),
        () => undefined,
      );
      const customer = await openCustomer(
        urls[1 - i],
        warm.cookie,
        () => got(),
        () => undefined,
      );
      const arrived = () => new Promise<void>((resolve) => (got = resolve));
      let frame = arrived();
      await (await postVisitor(visitorCallUrl(i), token, '预热 c0 n0')).arrayBuffer();
      await frame;
      frame = arrived();
      await (await postReply(replyCallUrl(i), warm.cookie, conversationId, '预热回复 c0 n0')).arrayBuffer();
      await frame;
      visitor.close();
      customer.close();
    }
    await sleep(2000);
    const before = await Promise.all(servers.map(settledMemory));

    // Conversations: customer k's on instance k % 2 (the start call there too), 50 starts at a time.
    const conversations: BenchConversation[] = [];
    const plan = Array.from({ length: CONVERSATIONS }, (_, n) => n % customers.length);
    const startStart = Date.now();
    for (let start = 0; start < plan.length; start += 50) {
      const batch = await Promise.all(
        plan.slice(start, start + 50).map(async (customer) => {
          const { conversationId, token } = await startConversation(visitorCallUrl(customers[customer].instance), customers[customer].key);
          return { id: conversationId, token, customer, instance: customers[customer].instance };
        }),
      );
      conversations.push(...batch);
    }
    report('conversations started', `${conversations.length.toLocaleString()} in ${((Date.now() - startStart) / 1000).toFixed(1)} s`);
    const ownerOf = new Map(conversations.map((conversation) => [conversation.id, conversation.customer]));

    // Receipts: every message is counted where it arrives; its tag says where it should have.
    const sent = new Map<number, Sent>();
    const latencies = new Map<string, number[]>();
    let received = 0;
    /** Messages sent (and accepted, or not yet answered) that have not arrived yet. */
    let pending = 0;
    let wake: () => void = () => undefined;
    const receive = (seq: number, conversationId: number, side: Side) => {
      const now = performance.now();
      const entry = sent.get(seq);
      if (!entry) return wrong(`message n${seq} arrived at a ${side} but was never sent`);
      if (entry.conversationId !== conversationId || entry.to !== side) {
        return wrong(
          `message n${seq} of conversation ${entry.conversationId} for the ${entry.to} arrived at the ${side} of conversation ${conversationId}`,
        );
      }
      entry.receipts += 1;
      if (entry.receipts > 1) return wrong(`message n${seq} of conversation ${conversationId} arrived ${entry.receipts} times`);
      entry.latency = now - entry.at;
      latencies.get(entry.phase)!.push(entry.latency);
      received += 1;
      pending -= 1;
      wake();
    };
    const closed = (who: string) => (code: number) => ending || console.error(`[chat ${dialect}] ${who} socket closed: ${code}`);

    // Sockets: each conversation's visitor socket on its instance, 200 handshakes at a time; each
    // customer's portal socket on the other one.
    const connectStart = Date.now();
    for (let start = 0; start < conversations.length; start += 200) {
      await Promise.all(
        conversations.slice(start, start + 200).map(async (conversation) => {
          const socket = await openVisitor(
            urls[conversation.instance],
            conversation.token,
            (frame) => {
              if (frame.kind !== 'messages') return wrong(`visitor of conversation ${conversation.id} got a ${frame.kind} frame`);
              for (const message of frame.messages) {
                const tag = TAG.exec(message.message);
                if (message.targetId !== conversation.id)
                  wrong(`visitor of conversation ${conversation.id} got conversation ${message.targetId}'s message`);
                else if (message.className !== 'customer') wrong(`visitor of conversation ${conversation.id} got a ${message.className} message`);
                else if (!tag) wrong(`visitor of conversation ${conversation.id} got an untagged message`);
                else receive(Number(tag[2]), Number(tag[1]), 'visitor');
              }
            },
            closed('visitor'),
          );
          sockets.push(socket);
        }),
      );
    }
    await Promise.all(
      customers.map(async (customer, index) => {
        const socket = await openCustomer(
          urls[1 - customer.instance],
          customer.cookie,
          (frame) => {
            if (frame.kind !== 'chat') return;
            const tag = TAG.exec(frame.message ?? '');
            if (ownerOf.get(frame.conversationId) !== index) wrong(`customer ${customer.id} got conversation ${frame.conversationId}'s message`);
            else if (!tag) wrong(`customer ${customer.id} got an untagged message`);
            else receive(Number(tag[2]), Number(tag[1]), 'customer');
          },
          closed('customer'),
        );
        sockets.push(socket);
      }),
    );
    const onInstance = [0, 1].map((i) => conversations.filter((conversation) => conversation.instance === i).length);
    const customersOn = [0, 1].map((i) => customers.filter((customer) => customer.instance !== i).length);
    report(
      'calls',
      CALLS_SPREAD
        ? "a visitor's to its socket's instance, a reply to its customer's socket's instance"
        : 'all to A (a SQLite file belongs to one server), the sockets on both',
    );
    report(
      'connected',
      `${conversations.length.toLocaleString()} visitor sockets (${onInstance[0]} on A, ${onInstance[1]} on B) and ${customers.length} customer sockets ` +
        `(each on the other instance than its visitors) in ${((Date.now() - connectStart) / 1000).toFixed(1)} s`,
    );
    await sleep(3000);
    const after = await Promise.all(servers.map(settledMemory));
    servers.forEach((_, i) => {
      const rss = after[i].rss - before[i].rss;
      const heap = after[i].heapUsed - before[i].heapUsed;
      report(
        `server ${'AB'[i]} memory per open conversation`,
        `RSS ${mb(before[i].rss)} -> ${mb(after[i].rss)} = ${kb(rss / onInstance[i])}, heap after GC ${mb(before[i].heapUsed)} -> ${mb(after[i].heapUsed)} = ` +
          `${kb(heap / onInstance[i])} (${onInstance[i]} conversations' sockets and ${customersOn[i]} customer sockets)`,
      );
    });

    /**
     * The CPU the servers and this process use from now on: per message, and as a share of the
     * phase's wall time; and how busy the whole machine was meanwhile (all its cores, other work
     * included; steal: time the host gave to other machines).
     */
    const cpuMark = () => {
      const start = [...servers.map((server) => cpuOf(server.process.pid!)), cpuOf(process.pid)];
      const machineStart = machineTicks();
      return (messages: number, seconds: number) => {
        const own = [...servers.map((server) => cpuOf(server.process.pid!)), cpuOf(process.pid)].map((now, i) => {
          const used = now - start[i];
          return `${['server A', 'server B', 'bench'][i]} ${((used * 1000) / messages).toFixed(2)} ms a message (${Math.round((100 * used) / seconds)}% of a core)`;
        });
        const machine = machineTicks().map((ticks, i) => ticks - machineStart[i]);
        const total = machine.reduce((a, b) => a + b, 0);
        const busy = total - machine[3] - machine[4];
        own.push(`machine ${Math.round((100 * busy) / total)}% busy (steal ${Math.round((100 * machine[7]) / total)}%) on ${cpus().length} cores`);
        return own.join(', ');
      };
    };

    /** BENCH_CHAT_TIMELINE=1: a phase's delivery latency per second of sending (diagnosis). */
    const timeline = (phase: string, phaseStart: number) => {
      const seconds = new Map<number, number[]>();
      for (const entry of sent.values()) {
        if (entry.phase !== phase || entry.latency === undefined) continue;
        const second = Math.floor((entry.at - phaseStart) / 1000);
        seconds.set(second, [...(seconds.get(second) ?? []), entry.latency]);
      }
      for (const [second, values] of [...seconds].sort((a, b) => a[0] - b[0])) report(`${phase} second ${second}`, summary(values));
    };

    const waitForPending = async (timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (pending > 0 && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 250);
        });
      }
    };

    // The order of the paced phases and the burst: one conversation of each customer in turn, so
    // consecutive messages go to different customers and both instances.
    const order = [...conversations].sort((a, b) => a.id - b.id);
    let seq = 0;
    const expectStored = new Map(conversations.map((conversation) => [conversation.id, { visitor: 0, customer: 0 }]));

    const send = async (phase: string, conversation: BenchConversation, to: Side, httpTimes: number[]): Promise<number> => {
      seq += 1;
      const n = seq;
      const text = `${to === 'customer' ? '访客咨询' : '客服回复'} c${conversation.id} n${n}`;
      const entry: Sent = { conversationId: conversation.id, to, at: performance.now(), phase, receipts: 0 };
      sent.set(n, entry);
      pending += 1;
      const customer = customers[conversation.customer];
      const response =
        to === 'customer'
          ? await postVisitor(visitorCallUrl(conversation.instance), conversation.token, text)
          : await postReply(replyCallUrl(conversation.instance), customer.cookie, conversation.id, text);
      httpTimes.push(performance.now() - entry.at);
      const body = await response.text();
      if (response.status !== 201) {
        sent.delete(n);
        if (entry.receipts === 0) pending -= 1;
        wrong(`${phase}: message n${n} of conversation ${conversation.id} answered ${response.status} ${body.slice(0, 200)}`);
      } else expectStored.get(conversation.id)![to === 'customer' ? 'visitor' : 'customer'] += 1;
      return response.status;
    };

    const paced = async (phase: string, to: Side, label: string) => {
      latencies.set(phase, []);
      const httpTimes: number[] = [];
      const cpu = cpuMark();
      const phaseStart = performance.now();
      for (let round = 0; round < ROUNDS; round += 1) {
        const roundStart = performance.now();
        const requests: Array<Promise<number>> = [];
        for (let i = 0; i < order.length; i += 1) {
          const wait = roundStart + (i * 1000) / RATE - performance.now();
          if (wait > 1) await sleep(wait);
          requests.push(send(phase, order[i], to, httpTimes));
        }
        await Promise.all(requests);
        await waitForPending(60_000);
      }
      const seconds = (performance.now() - phaseStart) / 1000;
      report(`${label}: the call`, summary(httpTimes));
      report(
        `${label}: call start -> frame at the ${to}'s socket`,
        `${summary(latencies.get(phase)!)}; ${ROUNDS} rounds of ${order.length.toLocaleString()} at ${RATE}/s in ${seconds.toFixed(1)} s (target p99 <= 100 ms)`,
      );
      report(`${label}: CPU`, cpu(ROUNDS * order.length, seconds));
      if (process.env.BENCH_CHAT_TIMELINE) timeline(phase, phaseStart);
    };

    await paced('v2c', 'customer', 'visitor -> customer');
    await paced('c2v', 'visitor', 'customer -> visitor');

    // The burst: BURST visitor messages per conversation, CONCURRENCY senders back to back.
    latencies.set('burst', []);
    const queue = Array.from({ length: BURST }, () => order).flat();
    const burstTimes: number[] = [];
    const burstCpu = cpuMark();
    const burstStart = performance.now();
    let accepted = 0;
    let lastAnswer = burstStart;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < queue.length) {
          const conversation = queue[next];
          next += 1;
          if ((await send('burst', conversation, 'customer', burstTimes)) === 201) accepted += 1;
          lastAnswer = performance.now();
        }
      }),
    );
    await waitForPending(60_000);
    const lastFrame = performance.now();
    const answered = (lastAnswer - burstStart) / 1000;
    const delivered = (lastFrame - burstStart) / 1000;
    report(
      'burst, visitor messages a second',
      `${queue.length.toLocaleString()} by ${CONCURRENCY} senders back to back (${BURST} per conversation, both instances): ` +
        `${Math.round(accepted / answered).toLocaleString()}/s accepted (${accepted.toLocaleString()} 201 in ${answered.toFixed(1)} s), ` +
        `${Math.round(latencies.get('burst')!.length / delivered).toLocaleString()}/s delivered (last frame at ${delivered.toFixed(1)} s)`,
    );
    report('burst: CPU', burstCpu(queue.length, delivered));
    report('burst: the call', summary(burstTimes));
    if (process.env.BENCH_CHAT_TIMELINE) timeline('burst', burstStart);
    report('burst: call start -> frame at the customer socket', summary(latencies.get('burst')!));

    // Exactly once, to the right party: nothing missing (duplicates and strays were WRONG on arrival).
    const missing = [...sent.entries()].filter(([, entry]) => entry.receipts === 0);
    for (const [n, entry] of missing.slice(0, 5)) wrong(`message n${n} of conversation ${entry.conversationId} never reached the ${entry.to}`);
    if (missing.length > 5) wrong(`${missing.length - 5} more messages never arrived`);

    // No conversation reads another's: 20 visitors poll their own (only their messages, all of
    // them); a customer asks for another customer's conversation (404).
    for (const conversation of order.filter((_, i) => i % Math.ceil(order.length / 20) === 0)) {
      const response = await fetch(`${visitorCallUrl(conversation.instance)}/rest/public/chat/messages?after=0`, {
        headers: visitorHeaders(conversation.token),
      });
      const { messages } = (await response.json()) as { messages: Array<{ targetId: number; message: string }> };
      const expect = expectStored.get(conversation.id)!;
      if (messages.some((message) => message.targetId !== conversation.id || TAG.exec(message.message)?.[1] !== String(conversation.id))) {
        wrong(`the poll of conversation ${conversation.id} answered another conversation's message`);
      } else if (messages.length !== expect.visitor + expect.customer) {
        wrong(`the poll of conversation ${conversation.id} answered ${messages.length} messages, not ${expect.visitor + expect.customer}`);
      }
      const other = conversations.find((candidate) => candidate.customer !== conversation.customer)!;
      const foreign = await fetch(`${replyCallUrl(conversation.instance)}/rest/customer/chat/conversations/${other.id}/messages`, {
        headers: customerHeaders(customers[conversation.customer].cookie),
      });
      if (foreign.status !== 404)
        wrong(`customer ${customers[conversation.customer].id} read conversation ${other.id} of another customer: ${foreign.status}`);
      await foreign.arrayBuffer();
    }
    // Stored exactly once: each conversation's messages in the database, by sender.
    const config = loadConfig(env);
    const db = openDatabase(config.database);
    const rows = await db
      .selectFrom('chatMessages')
      .select((eb) => ['conversationId', 'sender', eb.fn.countAll<number | string>().as('count')])
      .where('conversationId', 'in', [...expectStored.keys()])
      .groupBy(['conversationId', 'sender'])
      .execute();
    await db.destroy();
    const stored = new Map<string, number>(rows.map((row) => [`${row.conversationId}/${row.sender}`, Number(row.count)]));
    let storedWrong = 0;
    for (const [id, expect] of expectStored) {
      for (const side of ['visitor', 'customer'] as const) {
        if ((stored.get(`${id}/${side}`) ?? 0) !== expect[side]) {
          storedWrong += 1;
          if (storedWrong <= 5) wrong(`conversation ${id} holds ${stored.get(`${id}/${side}`) ?? 0} ${side} messages, not ${expect[side]}`);
        }
      }
    }
    report(
      'correctness',
      `${sent.size.toLocaleString()} messages, ${received.toLocaleString()} delivered once each to the right socket, ${missing.length} missing, ` +
        `${storedWrong} conversations stored wrong; ${wrongCount} WRONG in all`,
    );
    report('server RSS at the end', servers.map((server, i) => `${'AB'[i]} ${mb(rssOf(server.process.pid!))}`).join(', '));
  } finally {
    ending = true;
    for (const socket of sockets) socket.terminate();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
