// The leads figures of the leads issue, for one database (argv: sqlite | postgres): 1,000,000 leads
// for one customer among 10, then list latency (page 1 with date and project filters, page 1,000),
// export rows per second and the server's peak memory, and ingestion leads per second.
// Run by bench/run.mjs; prints figures, asserts nothing.
import { readFileSync } from 'node:fs';
import { loadConfig, migrateToLatest } from '../server/src';
import { seedIfEmpty } from '../server/src/demo';
import { openDatabase } from '../server/src/db/database';
import { createAccount } from '../server/src/modules/auth/service';
import { benchDatabase } from './database';
import { analyzeLeads, leadSource, loadLeads } from './million-leads';
import { benchEnv, benchNumber, ingestKey, loadGet, loadIngestion, loginCookie, spawnServer } from './server';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const LEADS = Number(process.env.BENCH_LEADS || 1_000_000);
const OTHER_CUSTOMERS = 9;
const port = Number(process.env.BENCH_LEADS_PORT || 18970);
const report = (name: string, value: string) => console.log(`[${dialect}] ${name}: ${value}`);

async function prepare(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  await migrateToLatest(db, config.database);
  await seedIfEmpty(db);
  const customerIds: number[] = [];
  for (let i = 0; i < OTHER_CUSTOMERS - 1; i += 1) {
    customerIds.push(await createAccount(db, { loginAccount: `bench${i}`, password: 'Bench12345', forcePasswordChange: false }));
  }
  const demo = await db.selectFrom('customers').select('id').where('loginAccount', '=', 'demo').executeTakeFirstOrThrow();
  const source = await leadSource(db, demo.id);
  const started = Date.now();
  await loadLeads(db, source, demo.id, LEADS);
  // The other customers: 10,000 leads each, so that every query must skip them.
  for (const customerId of customerIds) await loadLeads(db, source, customerId, 10_000);
  // PostgreSQL's steady state: autovacuum would have set the visibility map that index-only counts rely on.
  if (dialect === 'postgres') await analyzeLeads(db);
  report(
    'prepared',
    `${LEADS.toLocaleString()} leads for demo + ${(customerIds.length * 10_000 + 210).toLocaleString()} for ${customerIds.length + 1} others in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const firstItem = source.items.find((item) => item.active)?.id ?? source.items[0].id;
  await db.destroy();
  return firstItem;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function main() {
  const env = benchEnv(port);
  const database = await benchDatabase(dialect, 'leads');
  Object.assign(env, database.env);
  const dropSchema = database.drop;
  const itemId = await prepare(env);
  const server = await spawnServer(env, port);
  const { url } = server;
  try {
    const cookie = await loginCookie(url, 'demo');
    const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 - offset * 86400_000).toISOString().slice(0, 10);
    const load = (path: string) => loadGet(url, cookie, path);
    const page1 = await load(`/rest/customer/feedback/resource?startTime=${day(30)}&endTime=${day(0)}&itemId=${itemId}&page=1&pageSize=10`);
    report(
      'list page 1, 30 days + project filter, 4 connections',
      `p50 ${page1.latency.p50} ms, p99 ${page1.latency.p99} ms, ${Math.round(page1.requests.average)} req/s, non-2xx ${page1.non2xx} (target p99 <= 50 ms)`,
    );
    const page1000 = await load(`/rest/customer/feedback/resource?startTime=${day(89)}&endTime=${day(0)}&page=1000&pageSize=10`);
    report(
      'list page 1,000, 90 days, 4 connections',
      `p50 ${page1000.latency.p50} ms, p99 ${page1000.latency.p99} ms, ${Math.round(page1000.requests.average)} req/s, non-2xx ${page1000.non2xx}`,
    );

    // Export everything of the resource list over 90 days, measuring the server's memory meanwhile.
    const baseline = rssOf(server.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 50);
    const t0 = Date.now();
    const res = await fetch(`${url}/rest/customer/feedback/resource/files?startTime=${day(89)}&endTime=${day(0)}&readStatus=-1&fileGenre=1`, {
      headers: { cookie },
    });
    let lines = 0;
    const decoder = new TextDecoder();
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) lines += decoder.decode(part, { stream: true }).split('\n').length - 1;
    const seconds = (Date.now() - t0) / 1000;
    clearInterval(sampler);
    report(
      'export (resource list, 90 days)',
      `${(lines - 1).toLocaleString()} rows in ${seconds.toFixed(1)} s = ${Math.round((lines - 1) / seconds).toLocaleString()} rows/s; server RSS ${(baseline / 2 ** 20).toFixed(0)} MB -> peak ${(peak / 2 ** 20).toFixed(0)} MB (+${((peak - baseline) / 2 ** 20).toFixed(0)} MB; targets >= 50,000 rows/s, < 100 MB growth)`,
    );

    // Ingestion through the open call with the customer's key.
    const ingest = await loadIngestion(url, await ingestKey(url, cookie), () => ({
      listKind: 'resource',
      resType: 1,
      itemId,
      name: '压测',
      mobile: benchNumber(),
      region: '上海市',
    }));
    report(
      'ingestion POST /rest/open/leads, 8 connections',
      `${Math.round(ingest.requests.average)} leads/s, p50 ${ingest.latency.p50} ms, p99 ${ingest.latency.p99} ms, non-2xx ${ingest.non2xx} (target >= 1,000/s on SQLite)`,
    );
  } finally {
    await server.stop();
    await dropSchema();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
