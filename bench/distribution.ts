// The distribution figures of the scheduling issue, for one database (argv: sqlite | postgres):
// the demo customer with 50 staff over 5 accept groups scheduled all day today on one project,
// its ec rule by region (one province per group), the push worker off (the outbox is written, not
// drained):
// 1. ingestion leads per second through the open call, 8 connections for 10 s, first with the
//    ec sync off (no distribution, no outbox: the wave-1 path), then on (distribution + outbox);
// 2. fairness after 10,000 leads spread over the 5 provinces: each person's count against the
//    ideal share of their group (the group's leads / its 10 people, quantity 1 each).
// Run by bench/run.mjs; prints figures, asserts nothing.
import autocannon from 'autocannon';
import { loadConfig, migrateToLatest } from '../server/src';
import { seedIfEmpty } from '../server/src/demo';
import { openDatabase } from '../server/src/db/database';
import { chinaToday, nowIso, toChinaDateTime } from '../server/src/lib/time';
import { benchDatabase } from './database';
import { benchEnv, loginCookie, spawnServer } from './server';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const port = Number(process.env.BENCH_DISTRIBUTION_PORT || 19010);
const FAIRNESS_LEADS = Number(process.env.BENCH_DISTRIBUTION_LEADS || 10_000);
const GROUPS = 5;
const PER_GROUP = 10;
const PROVINCES = ['北京', '上海', '广东', '四川', '湖北'];
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

/** 8 connections sending leads of `itemId` (the provinces in turn) for 10 s. */
function load(url: string, key: string, itemId: number): Promise<autocannon.Result> {
  let n = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${url}/rest/open/leads`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': key },
        connections: 8,
        duration: 10,
        requests: [
          {
            setupRequest: (request) => {
              n += 1;
              const province = PROVINCES[n % PROVINCES.length];
              return {
                ...request,
                body: JSON.stringify({ listKind: 'resource', resType: 1, itemId, name: '压测', mobile: '13800138000', province }),
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

async function ingestKey(url: string, cookie: string): Promise<string> {
  const answer = await fetch(`${url}/rest/customer/account/ingest-key`, { headers: { cookie } });
  return ((await answer.json()) as { data: { key: string } }).data.key;
}

async function main() {
  const database = await benchDatabase(dialect, 'distribution');
  const env = benchEnv(port, { ...database.env, CRM_SANDBOX: '0', CRM_PUSH_WORKER: '0', LEDGER_JOB: '0' });
  try {
    const itemId = await prepare(env);
    const figures: Record<string, autocannon.Result> = {};
    for (const sync of [0, 1] as const) {
      await setSync(env, sync);
      const server = await spawnServer(env, port);
      try {
        const key = await ingestKey(server.url, await loginCookie(server.url, 'demo'));
        figures[sync] = await load(server.url, key, itemId);
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
                mobile: '13900139000',
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
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
