// The CRM push figures of the CRM push issue, for one database (argv: sqlite | postgres), against
// the fake EC answering every call in 50 ms (the demo customer's seeded ec account, sync on):
// 1. pushes per second of one instance: leads queued with the worker off, then one instance
//    with its worker on drains them (claim, map, duplicate check, addCustomer, record);
// 2. ingestion-to-CRM latency p50/p99 with a healthy CRM, leads arriving at 20/s;
// 3. a CRM outage of BENCH_CRM_OUTAGE_S seconds (default 600) with leads arriving at 20/s, then
//    the time for the backlog to reach the CRM once it answers again.
// Run by bench/run.mjs; prints figures, asserts nothing.
import { startFakeCrm } from '../server/src/test/fake-crm';
import { benchDatabase } from './database';
import { benchEnv, loginCookie, spawnServer } from './server';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const port = Number(process.env.BENCH_CRM_PORT || 18990);
const QUEUED = Number(process.env.BENCH_CRM_QUEUED || 3000);
const LATENCY_LEADS = Number(process.env.BENCH_CRM_LATENCY_LEADS || 600);
const OUTAGE_S = Number(process.env.BENCH_CRM_OUTAGE_S || 600);
const RATE = 20;
const report = (name: string, value: string) => console.log(`[${dialect}] ${name}: ${value}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Ingestor {
  send(name: string, mobile: string): Promise<number>;
}

async function ingestor(url: string, cookie: string): Promise<Ingestor> {
  const { key } = ((await (await fetch(`${url}/rest/customer/account/ingest-key`, { headers: { cookie } })).json()) as { data: { key: string } })
    .data;
  const items = (await (await fetch(`${url}/rest/customer/platform/items/all`, { headers: { cookie } })).json()) as Array<{
    id: number;
    status: number;
  }>;
  const itemId = (items.find((item) => item.status === 1) ?? items[0]).id;
  return {
    async send(name, mobile) {
      const answer = await fetch(`${url}/rest/open/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': key },
        body: JSON.stringify({ listKind: 'resource', resType: 1, itemId, name, mobile }),
      });
      if (!answer.ok) throw new Error(`ingestion answered ${answer.status}: ${await answer.text()}`);
      return Date.now();
    },
  };
}

/** Sends `count` leads at `RATE` a second; answers each mobile's ingestion time. */
async function paced(target: Ingestor, prefix: string, count: number): Promise<Map<string, number>> {
  const sent = new Map<string, number>();
  const start = Date.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const due = start + (i * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    const mobile = `${prefix}${String(i).padStart(6, '0')}`;
    pending.push(target.send(`压测${i}`, mobile).then((at) => void sent.set(mobile, at)));
  }
  await Promise.all(pending);
  return sent;
}

async function main() {
  const fake = await startFakeCrm('ec', { latencyMs: 50 });
  // Arrival time of each mobile at the fake, watched from this process every 5 ms.
  const arrived = new Map<string, number>();
  let seen = 0;
  const watch = setInterval(() => {
    for (; seen < fake.records.length; seen += 1) if (!arrived.has(fake.records[seen].mobile)) arrived.set(fake.records[seen].mobile, Date.now());
  }, 5);
  const waitFor = async (mobiles: Iterable<string>, timeoutMs: number): Promise<boolean> => {
    const wanted = [...mobiles];
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (wanted.every((mobile) => arrived.has(mobile))) return true;
      await sleep(20);
    }
    return false;
  };

  const database = await benchDatabase(dialect, 'crm');
  const env = (worker: boolean) =>
    benchEnv(port, { ...database.env, CRM_SANDBOX: '0', CRM_EC_BASE_URL: fake.url, CRM_PUSH_WORKER: worker ? '1' : '0', LEDGER_JOB: '0' });
  try {
    // 1. Throughput: QUEUED leads wait in the outbox (no worker), then one instance drains them.
    let server = await spawnServer(env(false), port);
    let cookie = await loginCookie(server.url, 'demo');
    let target = await ingestor(server.url, cookie);
    const queued: string[] = [];
    for (let i = 0; i < QUEUED; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, QUEUED - i) }, (_, j) => {
          const mobile = `138${String(i + j).padStart(8, '0')}`;
          queued.push(mobile);
          return target.send(`积压${i + j}`, mobile);
        }),
      );
    }
    await server.stop();
    const drainStart = Date.now();
    server = await spawnServer(env(true), port);
    const started = Date.now();
    const drained = await waitFor(queued, 600_000);
    const drainMs = Date.now() - started;
    report(
      `pushes per second, one instance (${QUEUED} queued leads, EC answering in 50 ms)`,
      drained
        ? `${((QUEUED / drainMs) * 1000).toFixed(0)}/s (${(drainMs / 1000).toFixed(1)} s after the server answered; ${((Date.now() - drainStart) / 1000).toFixed(1)} s with its start)`
        : 'not drained in 10 min',
    );
    report(
      'records at the fake EC for the queued leads (each once)',
      `${fake.records.filter((record) => record.mobile.startsWith('138')).length} of ${QUEUED}`,
    );

    // 2. Latency with a healthy CRM, leads arriving at 20/s.
    cookie = await loginCookie(server.url, 'demo');
    target = await ingestor(server.url, cookie);
    const sent = await paced(target, '13700', LATENCY_LEADS);
    await waitFor(sent.keys(), 60_000);
    const latencies = [...sent].map(([mobile, at]) => (arrived.get(mobile) ?? Infinity) - at).sort((a, b) => a - b);
    report(
      `ingestion-to-CRM latency, ${LATENCY_LEADS} leads at ${RATE}/s`,
      `p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies[latencies.length - 1]} ms`,
    );

    // 3. Outage: EC answers 502 for OUTAGE_S seconds while leads arrive at 20/s; then recovers.
    fake.fail({ kind: '5xx' });
    const outageLeads = await paced(target, '13600', OUTAGE_S * RATE);
    fake.recover();
    const recovered = Date.now();
    const backlogDone = await waitFor(outageLeads.keys(), 30 * 60_000);
    report(
      `backlog after a ${OUTAGE_S} s outage (${outageLeads.size} leads at ${RATE}/s): time to reach EC once it answers`,
      backlogDone ? `${((Date.now() - recovered) / 1000).toFixed(1)} s` : 'not drained in 30 min',
    );
    const outageMobiles = new Set(outageLeads.keys());
    const outageRecords = fake.records.filter((record) => outageMobiles.has(record.mobile));
    report(
      'records at the fake EC for the outage leads (each once)',
      `${new Set(outageRecords.map((r) => r.mobile)).size} distinct of ${outageRecords.length} records, ${outageLeads.size} sent`,
    );
    await server.stop();
  } finally {
    clearInterval(watch);
    await fake.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
