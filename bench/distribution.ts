// The distribution figures of the scheduling issue, for one database (argv: sqlite | postgres):
// the demo customer with 50 staff over 5 accept groups scheduled all day today on one project,
// its ec rule by region (one province per group), the push worker off (the outbox is written, not
// drained):
// 1. ingestion leads per second through the open call, 8 connections for 10 s, first with the
//    ec sync off (no distribution, no outbox: the wave-1 path), then on (distribution + outbox);
// 2. fairness after 10,000 leads spread over the 5 provinces: each person's count against the
//    ideal share of their group (the group's leads / its 10 people, quantity 1 each);
// 3. the duplicate check at ingestion (issue 24) over 1,000,000 existing leads of the customer
//    spread over the last 60 days, the ec sync off: (a) the check off (window 0), new numbers;
//    (b) the check on (30 days), new numbers (the lookup misses); (c) the check on, each lead
//    repeating a number among the million (the lookup hits, the lead is held back); 8
//    connections for 10 s each after a 3 s warm-up, 4 rounds (BENCH_DUPLICATE_ROUNDS) taking
//    turns a/b/c, c/b/a, ...; then, in this process, the check's own time and a whole store's
//    in each case, and the query plans of the lookup checkDuplicate runs. BENCH_DISTRIBUTION_DUPLICATES_ONLY=1 runs phases 3-4 alone;
// 4. checker throughput: 5,000 leads' numbers (BENCH_CHECKER_LEADS) classed by the fake checker answering in 50 ms.
// Every lead of phases 1-2 and of (a)/(b) has a number of its own (the default rule would hold
// back every repeat of one number as a duplicate: no distribution to measure).
// Run by bench/run.mjs; prints figures, asserts nothing.
import { MobileStatus } from '@portal/contracts';
import { ingestLeadSchema } from '@portal/contracts/ingest';
import autocannon from 'autocannon';
import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { loadavg } from 'node:os';
import { loadConfig, migrateToLatest } from '../server/src';
import { seedIfEmpty } from '../server/src/demo';
import { openDatabase } from '../server/src/db/database';
import { isPostgres } from '../server/src/db/dialect';
import type { Db } from '../server/src/db/schema';
import { chinaToday, nowIso, toChinaDateTime } from '../server/src/lib/time';
import { ingestLead } from '../server/src/modules/ingest/service';
import { checkDuplicate, saveLeadRules } from '../server/src/modules/leads/duplicates';
import { httpPhoneChecker } from '../server/src/modules/phone-check/checker';
import { runPhoneChecks } from '../server/src/modules/phone-check/service';
import { startFakePhoneChecker } from '../server/src/test/fake-phone-checker';
import { ServerEvents } from '../server/src/realtime/events';
import { benchDatabase } from './database';
import { analyzeLeads, leadSource, loadLeads } from './million-leads';
import { benchEnv, benchNumber, ingestKey, loadIngestion, loginCookie, spawnServer } from './server';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const port = Number(process.env.BENCH_DISTRIBUTION_PORT || 19010);
const FAIRNESS_LEADS = Number(process.env.BENCH_DISTRIBUTION_LEADS || 10_000);
const GROUPS = 5;
const PER_GROUP = 10;
const PROVINCES = ['北京', '上海', '广东', '四川', '湖北'];
const EXISTING_LEADS = Number(process.env.BENCH_DISTRIBUTION_EXISTING || 1_000_000);
const EXISTING_DAYS = 60;
const DUPLICATE_ROUNDS = Number(process.env.BENCH_DUPLICATE_ROUNDS || 4);
const CHECKER_LEADS = Number(process.env.BENCH_CHECKER_LEADS || 5_000);
const report = (name: string, value: string) => console.log(`[${dialect}] ${name}: ${value}`);

/** Staff, groups, today's schedule and the region rule of the demo customer; answers its project. */
async function prepare(env: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    await seedIfEmpty(db);
    const demo = await db.selectFrom('customers').select('id').where('loginAccount', '=', 'demo').executeTakeFirstOrThrow();
    const customerId = demo.id;
    const items = await db.selectFrom('items').select(['id', 'status']).where('customerId', '=', customerId).orderBy('id').execute();
    const itemId = (items.find((item) => item.status === 1) ?? items[0]).id;
    const today = chinaToday();
    const createTime = toChinaDateTime(nowIso());
    await db.transaction().execute(async (tx) => {
      // The bench's own schedule only: the seeded one of this project and day goes.
      await tx.deleteFrom('dailyArrangements').where('customerId', '=', customerId).where('itemId', '=', itemId).where('date', '=', today).execute();
      await tx.deleteFrom('distributeRuleRows').where('customerId', '=', customerId).where('crmCode', '=', 'ec').execute();
      for (let g = 0; g < GROUPS; g += 1) {
        const group = await tx
          .insertInto('acceptGroups')
          .values({ customerId, name: `压测组${g + 1}` })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('distributeRuleRows')
          .values({ customerId, crmCode: 'ec', kind: 'area', acceptGroupId: group.id, provinceList: JSON.stringify([PROVINCES[g]]) })
          .execute();
        for (let p = 0; p < PER_GROUP; p += 1) {
          const n = g * PER_GROUP + p;
          const user = await tx
            .insertInto('crmUsers')
            .values({
              customerId,
              userName: `压测员${n + 1}`,
              phone: `1370000${String(n).padStart(4, '0')}`,
              deptName: `压测组${g + 1}`,
              crmCode: null,
              crmUserId: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await tx
            .insertInto('dailyArrangements')
            .values({
              customerId,
              crmCode: 'ec',
              itemId,
              date: today,
              userId: user.id,
              acceptGroupId: group.id,
              dataNum: 1,
              dataNumLimit: null,
              timeStr: '',
              sort: n,
              createTime,
            })
            .execute();
        }
      }
      await tx.updateTable('distributeRules').set({ type: 1 }).where('customerId', '=', customerId).where('crmCode', '=', 'ec').execute();
    });
    return itemId;
  } finally {
    await db.destroy();
  }
}

async function setSync(env: NodeJS.ProcessEnv, sync: 0 | 1): Promise<void> {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    const demo = await db.selectFrom('customers').select('id').where('loginAccount', '=', 'demo').executeTakeFirstOrThrow();
    await db.updateTable('crmAccounts').set({ sync }).where('customerId', '=', demo.id).where('crmCode', '=', 'ec').execute();
  } finally {
    await db.destroy();
  }
}

/** One case of the duplicate-check phase: the rule saved before its runs and the number of each lead. */
interface DuplicateCase {
  id: 'a' | 'b' | 'c';
  label: string;
  windowDays: number;
  mobile: (n: number) => string;
}

/** Phase 3 (issue 24): ingestion with the duplicate check off, missing and hitting, over a million leads. */
async function duplicateCheckAtIngestion(env: NodeJS.ProcessEnv, itemId: number): Promise<void> {
  const config = loadConfig(env);
  let db = openDatabase(config.database);
  let customerId: number;
  let hits: string[];
  try {
    customerId = (await db.selectFrom('customers').select('id').where('loginAccount', '=', 'demo').executeTakeFirstOrThrow()).id;
    const before = await db
      .selectFrom('leads')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const started = Date.now();
    await loadLeads(db, await leadSource(db, customerId), customerId, EXISTING_LEADS, EXISTING_DAYS);
    await analyzeLeads(db);
    report(
      'duplicate check: prepared',
      `${EXISTING_LEADS.toLocaleString()} leads of the customer over ${EXISTING_DAYS} days, phone keys filled, analyzed, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    // Numbers the check finds: leads of the million inside the 30-day window (a day to spare).
    const rows = await db
      .selectFrom('leads')
      .select('mobile')
      .where('customerId', '=', customerId)
      .where('id', '>', Number(before.id ?? 0))
      .where('createTime', '>=', new Date(Date.now() - 29 * 86_400_000).toISOString())
      .where('mobileStatus', '=', MobileStatus.Normal)
      .orderBy('id')
      .limit(100_000)
      .execute();
    hits = rows.map((row) => row.mobile);
  } finally {
    await db.destroy();
  }
  const cases: DuplicateCase[] = [
    { id: 'a', label: 'check off (window 0), new numbers', windowDays: 0, mobile: benchNumber },
    { id: 'b', label: 'check on (30 days), new numbers: the lookup misses', windowDays: 30, mobile: benchNumber },
    {
      id: 'c',
      label: 'check on (30 days), a number among the million each: the lookup hits, held back',
      windowDays: 30,
      mobile: (n) => hits[n % hits.length],
    },
  ];
  const runs = new Map<DuplicateCase['id'], autocannon.Result[]>(cases.map((c) => [c.id, []]));
  const server = await spawnServer(env, port);
  try {
    const cookie = await loginCookie(server.url, 'demo');
    const key = await ingestKey(server.url, cookie);
    const saveRule = async (duplicateWindowDays: number) => {
      const answer = await fetch(`${server.url}/rest/customer/lead-rules`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ duplicateWindowDays, duplicateScope: 'customer', duplicateAction: 'hold' }),
      });
      if (!answer.ok) throw new Error(`lead-rules answered ${answer.status}`);
    };
    const lead =
      (c: DuplicateCase, name = `查重${c.id}`) =>
      (n: number) => ({ listKind: 'resource', resType: 1, itemId, name, mobile: c.mobile(n), province: '北京' });
    // Warm-up (not counted): the fresh server's first seconds, the check on and missing.
    await saveRule(30);
    await loadIngestion(server.url, key, lead(cases[1], '预热'), 3);
    for (let round = 1; round <= DUPLICATE_ROUNDS; round += 1) {
      for (const c of round % 2 ? cases : [...cases].reverse()) {
        await saveRule(c.windowDays);
        const load1 = loadavg()[0];
        const result = await loadIngestion(server.url, key, lead(c));
        runs.get(c.id)?.push(result);
        report(
          `duplicate check round ${round}, ${c.id}: ${c.label}`,
          `${Math.round(result.requests.average)} leads/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx} (load average ${load1.toFixed(1)})`,
        );
      }
    }
    await saveRule(30); // the check on for the plans and timings below
  } finally {
    await server.stop();
  }
  const rate = (id: DuplicateCase['id']) => {
    const results = runs.get(id) ?? [];
    return results.reduce((sum, result) => sum + result.requests.average, 0) / results.length;
  };
  db = openDatabase(config.database);
  try {
    const stored = await db
      .selectFrom('leads')
      .select(['name', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.count<number>('duplicateOf').as('duplicates')])
      .where('customerId', '=', customerId)
      .where(
        'name',
        'in',
        cases.map((c) => `查重${c.id}`),
      )
      .groupBy('name')
      .execute();
    for (const c of cases) {
      const results = runs.get(c.id) ?? [];
      const row = stored.find((r) => r.name === `查重${c.id}`);
      const below = (1 - rate(c.id) / rate('a')) * 100;
      const drop = c.id === 'a' ? '' : `; ${Math.abs(below).toFixed(1)} % ${below >= 0 ? 'below' : 'above'} a (target: at most 10 % below)`;
      report(
        `duplicate check ${c.id}, mean of ${results.length} runs: ${c.label}`,
        `${Math.round(rate(c.id))} leads/s, p50 ${results.map((r) => r.latency.p50).join('/')} ms, p99 ${results.map((r) => r.latency.p99).join('/')} ms${drop}; ` +
          `stored ${Number(row?.count ?? 0).toLocaleString()}, of them duplicates ${Number(row?.duplicates ?? 0).toLocaleString()}`,
      );
    }
    await inProcessTimes(db, customerId, itemId, cases);
    await lookupPlans(db, customerId, itemId, [
      ['a number among the million', hits[0]],
      ['a new number', benchNumber()],
    ]);
  } finally {
    await db.destroy();
  }
}

/**
 * Times without HTTP or the load generator, in the bench process, one at a time: for each case's
 * rule and numbers, checkDuplicate alone in a transaction of its own, and the whole store of a lead
 * (ingestLead: the check, the insert, the rollups), TIMED times each, the cases taking turns 100 at
 * a time (the machine's load shared alike); prints the mean of each. b - a of the store is what
 * the check on adds to a lead's own database work, of which the HTTP request is a part only.
 */
async function inProcessTimes(db: Db, customerId: number, itemId: number, cases: DuplicateCase[]): Promise<void> {
  const TIMED = 2_000;
  const events = new ServerEvents();
  const steps = {
    'the check alone': (mobile: string) =>
      db.transaction().execute((tx) => checkDuplicate(tx, customerId, { mobile, other: null, itemId }, new Date())),
    'the store (ingestLead)': (mobile: string) =>
      ingestLead(
        db,
        events,
        customerId,
        ingestLeadSchema.parse({ listKind: 'resource', resType: 1, itemId, name: '查重进程内', mobile, province: '北京' }),
      ),
  };
  for (const [step, run] of Object.entries(steps)) {
    const total = new Map<DuplicateCase['id'], number>();
    for (let done = 0; done < TIMED; done += 100) {
      for (const c of cases) {
        await saveLeadRules(db, customerId, { duplicateWindowDays: c.windowDays, duplicateScope: 'customer', duplicateAction: 'hold' });
        const numbers = Array.from({ length: 100 }, (_, i) => c.mobile(done + i));
        const t0 = performance.now();
        for (const mobile of numbers) await run(mobile);
        total.set(c.id, (total.get(c.id) ?? 0) + performance.now() - t0);
      }
    }
    const us = (id: DuplicateCase['id']) => ((total.get(id) ?? 0) / TIMED) * 1000;
    report(
      `duplicate check in the bench process, ${step} (${TIMED.toLocaleString()} per case, one at a time; load average ${loadavg()[0].toFixed(1)})`,
      cases.map((c) => `${c.id} ${us(c.id).toFixed(0)} us`).join(', ') +
        `; b - a ${(us('b') - us('a')).toFixed(0)} us (${((us('b') / us('a') - 1) * 100).toFixed(0)} % of a)`,
    );
  }
}

/**
 * The plan of each leads query checkDuplicate runs for `mobile` (the rule now on): the check runs in
 * a transaction of `db` with a plugin that keeps every query it builds, and each query on the leads,
 * compiled as the server compiles it, goes through EXPLAIN QUERY PLAN (SQLite) or EXPLAIN ANALYZE
 * (PostgreSQL) with its parameters.
 */
async function lookupPlans(db: Db, customerId: number, itemId: number, numbers: Array<[string, string]>): Promise<void> {
  for (const [label, mobile] of numbers) {
    const queries: RootOperationNode[] = [];
    const keep: KyselyPlugin = { transformQuery: ({ node }) => (queries.push(node), node), transformResult: async ({ result }) => result };
    const found = await db
      .withPlugin(keep)
      .transaction()
      .execute((tx) => checkDuplicate(tx, customerId, { mobile, other: null, itemId }, new Date()));
    const compiled = queries.map((node) => db.getExecutor().compileQuery(node, createQueryId()));
    report(
      `duplicate check statements, ${label}`,
      compiled
        .map((query) => /^\s*select [\s\S]*? from "?(\w+)/.exec(query.sql)?.[1].replace(/^/, 'select … from ') ?? query.sql.slice(0, 40))
        .join('; '),
    );
    for (const query of compiled.filter((q) => /from "?leads\b/.test(q.sql))) {
      const explain = isPostgres(db) ? `explain analyze ${query.sql}` : `explain query plan ${query.sql}`;
      const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain, [...query.parameters]));
      const plan = rows.map((row) => String(row.detail ?? Object.values(row)[0]));
      report(`lookup plan, ${label} (found: ${found.duplicateOf ?? 'none'})`, `\n  ${query.sql.replace(/\s+/g, ' ').trim()}\n  ${plan.join('\n  ')}`);
    }
  }
}

/**
 * Checker throughput (issue 24): CHECKER_LEADS new leads of the customer queued for their
 * numbers' check, the fake checker answering each call in 50 ms (100 numbers a call), then
 * passes of the checker (runPhoneChecks, the loop's work without its pauses) until none is due:
 * numbers classed per second and the calls made.
 */
async function checkerThroughput(env: NodeJS.ProcessEnv, itemId: number): Promise<void> {
  const fake = await startFakePhoneChecker({ latencyMs: 50, batchLimit: 100 });
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    const events = new ServerEvents();
    const customerId = (await db.selectFrom('customers').select('id').where('loginAccount', '=', 'demo').executeTakeFirstOrThrow()).id;
    // Nothing else due: the leads stored before the checker (none are queued by a migration) stay as they are.
    await db.updateTable('leads').set({ phoneCheckDue: null }).where('phoneCheckDue', 'is not', null).execute();
    await saveLeadRules(db, customerId, { duplicateWindowDays: 0, duplicateScope: 'customer', duplicateAction: 'hold' });
    for (let i = 0; i < CHECKER_LEADS; i += 1) {
      await ingestLead(
        db,
        events,
        customerId,
        ingestLeadSchema.parse({ listKind: 'resource', resType: 1, itemId, name: '检测', mobile: benchNumber() }),
      );
    }
    const checker = httpPhoneChecker({ url: fake.url, key: fake.key, batchLimit: 100, callsPerSecond: 1000, timeoutMs: 5000 });
    const started = Date.now();
    let classed = 0;
    for (;;) {
      const pass = await runPhoneChecks(db, events, checker, { limit: 500 });
      classed += pass.classed;
      if (pass.claimed === 0) break;
    }
    const seconds = (Date.now() - started) / 1000;
    report(
      `checker throughput, ${CHECKER_LEADS.toLocaleString()} leads, the fake answering in 50 ms (100 numbers a call)`,
      `${classed.toLocaleString()} classed in ${seconds.toFixed(1)} s = ${Math.round(classed / seconds).toLocaleString()} numbers/s over ${fake.calls.length} calls (calls one after another: at most 2,000/s at 50 ms each)`,
    );
  } finally {
    await db.destroy();
    await fake.close();
  }
}

async function main() {
  const database = await benchDatabase(dialect, 'distribution');
  const env = benchEnv(port, { ...database.env, CRM_SANDBOX: '0', CRM_PUSH_WORKER: '0', LEDGER_JOB: '0' });
  try {
    const itemId = await prepare(env);
    if (process.env.BENCH_DISTRIBUTION_DUPLICATES_ONLY) {
      // Phase 3 alone (reruns of the issue-24 figures on a busy machine).
      await setSync(env, 0);
      await duplicateCheckAtIngestion(env, itemId);
      await checkerThroughput(env, itemId);
      return;
    }
    const figures: Record<string, autocannon.Result> = {};
    for (const sync of [0, 1] as const) {
      await setSync(env, sync);
      const server = await spawnServer(env, port);
      try {
        const key = await ingestKey(server.url, await loginCookie(server.url, 'demo'));
        const province = (n: number) => PROVINCES[n % PROVINCES.length];
        figures[sync] = await loadIngestion(server.url, key, (n) => ({
          listKind: 'resource',
          resType: 1,
          itemId,
          name: '压测',
          mobile: benchNumber(),
          province: province(n),
        }));
      } finally {
        await server.stop();
      }
    }
    for (const [sync, label] of [
      [0, 'without distribution (ec sync off: no rule, no schedule, no outbox)'],
      [1, 'with distribution and the outbox write (50 staff, 5 groups)'],
    ] as const) {
      const result = figures[sync];
      report(
        `ingestion ${label}, 8 connections`,
        `${Math.round(result.requests.average)} leads/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}${sync ? ' (target >= 1,000/s on SQLite)' : ''}`,
      );
    }

    // Fairness: FAIRNESS_LEADS more leads, 8 at a time, then each person's count among today's leads of the project.
    const config = loadConfig(env);
    let db = openDatabase(config.database);
    const demo = await db.selectFrom('customers').select('id').where('loginAccount', '=', 'demo').executeTakeFirstOrThrow();
    await db
      .deleteFrom('leads')
      .where('customerId', '=', demo.id)
      .where('itemId', '=', itemId)
      .where('createTime', '>=', new Date(Date.now() - 3600_000).toISOString())
      .execute();
    await db.deleteFrom('distributionDays').where('customerId', '=', demo.id).execute();
    await db.destroy();
    const server = await spawnServer(env, port);
    try {
      const key = await ingestKey(server.url, await loginCookie(server.url, 'demo'));
      for (let i = 0; i < FAIRNESS_LEADS; i += 8) {
        await Promise.all(
          Array.from({ length: Math.min(8, FAIRNESS_LEADS - i) }, async (_, j) => {
            const answer = await fetch(`${server.url}/rest/open/leads`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-ingest-key': key },
              body: JSON.stringify({
                listKind: 'resource',
                resType: 1,
                itemId,
                name: '公平',
                mobile: benchNumber(),
                province: PROVINCES[(i + j) % PROVINCES.length],
              }),
            });
            if (!answer.ok) throw new Error(`ingestion answered ${answer.status}`);
          }),
        );
      }
    } finally {
      await server.stop();
    }
    db = openDatabase(config.database);
    try {
      const rows = await db
        .selectFrom('leads')
        .innerJoin('crmUsers', 'crmUsers.id', 'leads.crmFollowerId')
        .select(['crmUsers.deptName as group', 'crmUsers.userName as person', (eb) => eb.fn.countAll<number>().as('count')])
        .where('leads.customerId', '=', demo.id)
        .where('leads.name', '=', '公平')
        .groupBy(['crmUsers.deptName', 'crmUsers.userName'])
        .execute();
      const byGroup = new Map<string, number[]>();
      for (const row of rows) byGroup.set(row.group, [...(byGroup.get(row.group) ?? []), Number(row.count)]);
      let worst = 0;
      let given = 0;
      for (const counts of byGroup.values()) {
        const total = counts.reduce((a, b) => a + b, 0);
        given += total;
        const ideal = total / PER_GROUP;
        const padded = [...counts, ...Array<number>(PER_GROUP - counts.length).fill(0)];
        worst = Math.max(worst, ...padded.map((count) => Math.abs(count - ideal)));
      }
      report(
        `fairness after ${FAIRNESS_LEADS.toLocaleString()} leads over ${GROUPS} groups of ${PER_GROUP}`,
        `${given.toLocaleString()} given to ${rows.length} people; largest distance from the ideal share ${worst.toFixed(2)} (target <= 1)`,
      );
    } finally {
      await db.destroy();
    }
    await setSync(env, 0);
    await duplicateCheckAtIngestion(env, itemId);
    await checkerThroughput(env, itemId);
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
