// The reports figures of the reports issue, for one database (argv: sqlite | postgres): 1,000,000
// leads over two years and two years of daily ledger rows for 200 projects of one customer among
// 10, then p50/p99 of the receive report over 366 days, the month's daily statement and the
// analysis pies, and ingestion leads per second with the rollups maintained in its transaction.
// Run by bench/run.mjs; prints figures, asserts nothing.
import type { Insertable } from 'kysely';
import { loadConfig, migrateToLatest } from '../server/src';
import { seedIfEmpty } from '../server/src/demo';
import { bulkInsert } from '../server/src/db/bulk-insert';
import { openDatabase } from '../server/src/db/database';
import type { LedgerConsumptionsTable, LedgerTopupsTable } from '../server/src/db/schema';
import { demoLeads } from '../server/src/db/seed-leads';
import { createAccount } from '../server/src/modules/auth/service';
import { rebuildRollups } from '../server/src/modules/reports/rollup';
import { benchDatabase } from './database';
import { benchEnv, benchNumber, ingestKey, loadGet, loadIngestion, loginCookie, spawnServer } from './server';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const LEADS = Number(process.env.BENCH_LEADS || 1_000_000);
const PROJECTS = 200;
const DAYS = 730;
const OTHER_CUSTOMERS = 9;
const port = Number(process.env.BENCH_REPORTS_PORT || 18980);
const report = (name: string, value: string) => console.log(`[${dialect}] ${name}: ${value}`);
const DAY_MS = 86_400_000;
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

type Db = ReturnType<typeof openDatabase>;

/** Two years of daily consumption for every project and a top-up a month, with the running totals. */
async function seedLedger(db: Db, customerId: number, itemIds: number[], random: () => number) {
  const now = Date.now();
  const accounts = new Map(itemIds.map((id) => [id, { toppedUp: 0, consumed: 0 }]));
  const bookedAt = new Date().toISOString();
  for (const itemId of itemIds) {
    const rows: Insertable<LedgerConsumptionsTable>[] = [];
    const topups: Insertable<LedgerTopupsTable>[] = [];
    for (let back = DAYS; back >= 1; back -= 1) {
      const day = chinaDay(now - back * DAY_MS);
      const costMoney = 2_000 + Math.floor(random() * 30_000);
      rows.push({
        customerId,
        itemId,
        day,
        costCoin: Math.floor((costMoney * 2) / 100),
        costMoney,
        serviceCoin: 0,
        cpCostCoin: 0,
        cpCostMoney: Math.floor(costMoney / 2),
        jpCostCoin: 0,
        jpCostMoney: costMoney - Math.floor(costMoney / 2),
        impressions: 1_000 + Math.floor(random() * 5_000),
        clicks: 50 + Math.floor(random() * 300),
        talks: Math.floor(random() * 40),
        bookedAt,
      });
      accounts.get(itemId)!.consumed += costMoney;
      if (back % 30 === 0) {
        const money = 600_000;
        topups.push({ customerId, itemId, money, type: 1 + (back % 2), payTime: day, remark: '', publishTime: bookedAt });
        accounts.get(itemId)!.toppedUp += money;
      }
    }
    await db.transaction().execute(async (tx) => {
      await bulkInsert(tx, 'ledgerConsumptions', rows);
      await bulkInsert(tx, 'ledgerTopups', topups);
    });
  }
  await bulkInsert(
    db,
    'ledgerAccounts',
    [...accounts].map(([itemId, totals]) => ({ itemId, customerId, toppedUp: totals.toppedUp, consumed: totals.consumed, lowNoticeSent: 0 })),
  );
}

async function prepare(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  await migrateToLatest(db, config.database);
  await seedIfEmpty(db);
  const others: number[] = [];
  for (let i = 0; i < OTHER_CUSTOMERS - 1; i += 1) {
    others.push(await createAccount(db, { loginAccount: `bench${i}`, password: 'Bench12345', forcePasswordChange: false }));
  }
  const demo = await db.selectFrom('customers').select('id').where('loginAccount', '=', 'demo').executeTakeFirstOrThrow();
  const existing = await db.selectFrom('items').select('id').where('customerId', '=', demo.id).execute();
  const newItems = Array.from({ length: PROJECTS - existing.length }, (_, i) => ({
    customerId: demo.id,
    title: `压测项目${String(i + 1).padStart(3, '0')}`,
    status: 1,
    modeType: null,
  }));
  await bulkInsert(db, 'items', newItems);
  const items = await db.selectFrom('items').select(['id', 'title', 'status', 'modeType']).where('customerId', '=', demo.id).execute();
  const channels = await db.selectFrom('channels').select(['id', 'title', 'channelType']).where('customerId', '=', demo.id).execute();
  const staff = await db.selectFrom('crmUsers').select(['id', 'userName']).where('customerId', '=', demo.id).execute();
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const started = Date.now();
  const chunk = 50_000;
  const chunks = Math.ceil(LEADS / chunk);
  const kinds = { resource: 5, feedback: 2, infoList: 2, baiList: 1 };
  const seedItems = items.map((item) => ({ id: item.id, title: item.title, active: item.status === 1, modeType: item.modeType }));
  // demoLeads spreads a batch over the 90 days before `now`: each chunk's `now` steps back so
  // that the leads cover the two years.
  for (let index = 0; index < chunks; index += 1) {
    const now = Date.now() - Math.floor((index * (DAYS - 90) * DAY_MS) / Math.max(1, chunks - 1));
    const rows = demoLeads({
      random,
      todayCount: 0,
      kinds,
      items: seedItems,
      channels,
      staff,
      now,
      customerId: demo.id,
      count: Math.min(chunk, LEADS - index * chunk),
    });
    await db.transaction().execute((tx) => bulkInsert(tx, 'leads', rows));
  }
  for (const customerId of others) {
    await db
      .transaction()
      .execute((tx) =>
        bulkInsert(
          tx,
          'leads',
          demoLeads({ random, todayCount: 0, kinds, items: seedItems, channels, staff, now: Date.now(), customerId, count: 10_000 }),
        ),
      );
  }
  const rollupStart = Date.now();
  await rebuildRollups(db);
  report('rollups rebuilt from the leads', `${((Date.now() - rollupStart) / 1000).toFixed(1)} s`);
  await db.deleteFrom('ledgerConsumptions').where('customerId', '=', demo.id).execute();
  await db.deleteFrom('ledgerTopups').where('customerId', '=', demo.id).execute();
  await db.deleteFrom('ledgerAccounts').where('customerId', '=', demo.id).execute();
  await seedLedger(
    db,
    demo.id,
    items.map((item) => item.id),
    random,
  );
  if (dialect === 'postgres') {
    const { sql } = await import('kysely');
    await sql`vacuum analyze`.execute(db);
  }
  report(
    'prepared',
    `${LEADS.toLocaleString()} leads over ${DAYS} days and ${(PROJECTS * DAYS).toLocaleString()} ledger days for demo's ${items.length} projects, + ${(others.length * 10_000).toLocaleString()} leads for ${others.length} others, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const firstItem = items.find((item) => item.status === 1)?.id ?? items[0].id;
  await db.destroy();
  return firstItem;
}

async function main() {
  const env = benchEnv(port, { LEDGER_JOB: '0' });
  const database = await benchDatabase(dialect, 'reports');
  Object.assign(env, database.env);
  const itemId = await prepare(env);
  const server = await spawnServer(env, port);
  const { url } = server;
  try {
    const cookie = await loginCookie(url, 'demo');
    const day = (offset: number) => chinaDay(Date.now() - offset * DAY_MS);
    const load = (path: string) => loadGet(url, cookie, path);
    const figure = async (name: string, path: string) => {
      const result = await load(path);
      report(
        name,
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx} (target p99 <= 100 ms)`,
      );
    };
    const range = `startTime=${day(365)}&endTime=${day(0)}`;
    await figure('receive report, 366 days, page 1, 4 connections', `/rest/customer/report/receive?${range}&page=1&pageSize=10`);
    await figure('receive report (cpc), 366 days, one project, 4 connections', `/rest/customer/report/cpc-receive?${range}&itemId=${itemId}`);
    await figure('daily statement, this month, 200 projects, 4 connections', `/rest/customer/report/daily-statement?month=${day(0).slice(0, 7)}`);
    await figure('analysis region pie, 366 days, 4 connections', `/rest/customer/report/analysis/region?${range}`);
    await figure('analysis search-engine province pies, 366 days, top 10', `/rest/customer/report/analysis/search-province?${range}&top=10`);
    await figure('analysis project pies, 366 days', `/rest/customer/report/analysis/project?${range}`);
    await figure('balance centre, 200 projects', `/rest/customer/report/balance`);
    await figure(
      'promotion, 30 days (the default), page 1',
      `/rest/customer/report/promotion?startTime=${day(29)}&endTime=${day(0)}&page=1&pageSize=10`,
    );
    await figure('promotion, 366 days, page 1', `/rest/customer/report/promotion?${range}&page=1&pageSize=10`);

    const ingest = await loadIngestion(url, await ingestKey(url, cookie), () => ({
      listKind: 'baiList',
      resType: 1,
      itemId,
      name: '压测',
      mobile: benchNumber(),
      province: '上海',
      city: '上海',
      searchWord: '加盟',
      searchDomain: 'baidu',
      ipArea: '上海市',
    }));
    report(
      'ingestion with the rollups, 8 connections',
      `${Math.round(ingest.requests.average)} leads/s, p50 ${ingest.latency.p50} ms, p99 ${ingest.latency.p99} ms, non-2xx ${ingest.non2xx} (target >= 1,000/s on SQLite)`,
    );
  } finally {
    await server.stop();
    if (!process.env.BENCH_KEEP) await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
