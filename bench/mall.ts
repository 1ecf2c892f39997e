// The points mall figures of issue 22, for one database (argv: sqlite | postgres): one good with
// 1,000 in stock and 50 buyers, each its own customer (logged in through the login call) with
// points enough for the whole stock (granted through the mall service's grantPoints) and one
// address (added through the address call). After a warm-up (BENCH_MALL_WARMUP orders per buyer,
// default 5, on another good; not counted), every buyer places orders of amount 1 back to back
// (POST /rest/customer/mall/orders, a new Idempotency-Key each) until the server refuses for the
// stock ('不能大于库存数量'). Printed: orders per second, p50/p95/p99 of the created orders' and
// of the refusals' answers, "oversold" (orders created - 1,000), and the end state read from the
// database: the stock, and for every buyer balance = granted - spent (the sum of their orders),
// with no balance and no points_log balance below 0. BENCH_MALL_BUYERS changes the 50 (diagnosis).
// Run by bench/run.mjs; prints figures, asserts no time (a broken invariant is printed loudly).
import { IDEMPOTENCY_KEY_HEADER } from '@portal/contracts/ingest';
import { MallMessage } from '@portal/contracts/mall';
import { loadConfig, migrateToLatest } from '../server/src';
import { seedIfEmpty } from '../server/src/demo';
import { openDatabase } from '../server/src/db/database';
import { createAccount } from '../server/src/modules/auth/service';
import { addGood, grantPoints } from '../server/src/modules/mall/service';
import { benchDatabase } from './database';
import { benchEnv, loginCookie, spawnServer } from './server';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const port = Number(process.env.BENCH_MALL_PORT || 19030);
const BUYERS = Number(process.env.BENCH_MALL_BUYERS || 50);
const STOCK = 1000;
const PRICE = 10;
/** Orders per buyer on another good before the measured run (a freshly started server's first calls are slow); not counted. */
const WARMUP = Number(process.env.BENCH_MALL_WARMUP ?? 5);
/** Each buyer could buy the whole stock: the points never run out before the stock does. */
const GRANTED = PRICE * (STOCK + WARMUP);
const BASE = '/rest/customer/mall';
const report = (name: string, value: string) => console.log(`[mall ${dialect}] ${name}: ${value}`);
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const latencies = (values: number[], target = ''): string => {
  if (values.length === 0) return 'none';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(1);
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms over ${sorted.length} answers${target}`;
};
const PASSWORD = 'Demo12345'; // loginCookie's password

interface Buyer {
  account: string;
  id: number;
  cookie: string;
  addressId: number;
  created: number;
}

/** The database, the buyers' accounts with their points, and the good; answers the buyers and the good's id. */
async function prepare(env: NodeJS.ProcessEnv): Promise<{ buyers: Buyer[]; goodId: number; warmupGoodId: number }> {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    await seedIfEmpty(db);
    const buyers: Buyer[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const account = `mallbuyer${i}`;
      const id = await createAccount(db, { loginAccount: account, password: PASSWORD, forcePasswordChange: false });
      await db.transaction().execute((tx) => grantPoints(tx, id, GRANTED, 'task'));
      buyers.push({ account, id, cookie: '', addressId: 0, created: 0 });
    }
    const good = (title: string, stock: number) =>
      addGood(db, { section: 1, title, exchangeScore: PRICE, minMarketPrice: 1000, maxMarketPrice: 2000, stock, productPics: [] });
    const warmupGoodId = await good('压测预热商品', BUYERS * WARMUP);
    const goodId = await good('压测商品', STOCK);
    return { buyers, goodId, warmupGoodId };
  } finally {
    await db.destroy();
  }
}

/** The end state in the database: stock, orders of the good, every buyer's balance against granted - spent. */
async function verify(env: NodeJS.ProcessEnv, buyers: Buyer[], goodId: number, createdAnswers: number): Promise<void> {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    const good = await db.selectFrom('mallGoods').select('stock').where('id', '=', goodId).executeTakeFirstOrThrow();
    const ids = buyers.map((buyer) => buyer.id);
    // Every order of the buyers (the warm-up's too, for their balances); those of the measured good for the stock.
    const all = await db.selectFrom('mallOrders').select(['customerId', 'consumeScore']).where('customerId', 'in', ids).execute();
    const orders = await db.selectFrom('mallOrders').select(['customerId', 'amount']).where('goodId', '=', goodId).execute();
    const sold = orders.reduce((sum, row) => sum + Number(row.amount), 0);
    report(
      'oversold (orders created - stock)',
      `${sold - STOCK} (${orders.length} orders in the database for ${sold} pieces, ${createdAnswers} answered 201; must be 0)${sold === STOCK && orders.length === createdAnswers ? '' : '  <-- WRONG'}`,
    );
    report('stock at the end', `${Number(good.stock)}${Number(good.stock) === 0 ? '' : '  <-- WRONG, must be 0'}`);
    const accounts = await db.selectFrom('pointsAccounts').select(['customerId', 'balance']).where('customerId', 'in', ids).execute();
    const balances = new Map(accounts.map((row) => [row.customerId, Number(row.balance)]));
    const spent = new Map<number, number>();
    for (const row of all) spent.set(row.customerId, (spent.get(row.customerId) ?? 0) + Number(row.consumeScore));
    const wrong: string[] = [];
    for (const buyer of buyers) {
      const balance = balances.get(buyer.id) ?? 0;
      const expected = GRANTED - (spent.get(buyer.id) ?? 0);
      if (balance !== expected || balance < 0) wrong.push(`${buyer.account}: balance ${balance}, granted - spent ${expected}`);
    }
    const negativeLog = await db.selectFrom('pointsLog').select('id').where('customerId', 'in', ids).where('balanceAfter', '<', 0).execute();
    const negativeBalances = accounts.filter((row) => Number(row.balance) < 0).length;
    report(
      `buyers' points (balance = ${GRANTED} granted - spent, none below 0)`,
      wrong.length === 0 && negativeLog.length === 0 && negativeBalances === 0
        ? `all ${buyers.length} exact, no balance and no points_log row below 0`
        : `WRONG: ${wrong.length} balances off (${wrong.slice(0, 3).join('; ')}), ${negativeBalances} balances and ${negativeLog.length} points_log rows below 0`,
    );
    const perBuyer = buyers.map((buyer) => buyer.created).sort((a, b) => a - b);
    report('orders per buyer', `min ${perBuyer[0]}, median ${percentile(perBuyer, 50)}, max ${perBuyer[perBuyer.length - 1]}`);
  } finally {
    await db.destroy();
  }
}

async function main() {
  const env = benchEnv(port);
  const database = await benchDatabase(dialect, 'mall');
  Object.assign(env, database.env);
  try {
    const { buyers, goodId, warmupGoodId } = await prepare(env);
    const server = await spawnServer(env, port);
    const { url } = server;
    let createdAnswers = 0;
    try {
      for (const buyer of buyers) {
        buyer.cookie = await loginCookie(url, buyer.account);
        const answer = await fetch(`${url}${BASE}/addresses`, {
          method: 'POST',
          headers: { cookie: buyer.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({
            name: '压测',
            mobile: '13800138000',
            province: '广东省',
            city: '深圳市',
            area: '南山区',
            street: '粤海街道',
            address: '科技园1号',
            postalCode: '518000',
          }),
        });
        if (answer.status !== 201) throw new Error(`address of ${buyer.account} answered ${answer.status}: ${await answer.text()}`);
        buyer.addressId = ((await answer.json()) as { id: number }).id;
      }

      /** One order of amount 1: its status ('201', '400', ... or the network error's code), refusal message and time. */
      const order = async (buyer: Buyer, good: number, key: string): Promise<{ status: string; message: string; ms: number }> => {
        const t0 = performance.now();
        let status = 'error';
        let message = '';
        try {
          const answer = await fetch(`${url}${BASE}/orders`, {
            method: 'POST',
            headers: {
              cookie: buyer.cookie,
              'content-type': 'application/json',
              'x-requested-with': 'XMLHttpRequest',
              [IDEMPOTENCY_KEY_HEADER]: key,
            },
            body: JSON.stringify({ goodId: good, addressId: buyer.addressId, amount: 1 }),
          });
          const text = await answer.text();
          status = String(answer.status);
          if (answer.status !== 201) {
            try {
              message = String((JSON.parse(text) as { message?: unknown }).message);
            } catch {
              message = text.slice(0, 40);
            }
          }
        } catch (error) {
          status = (error as { cause?: { code?: string } }).cause?.code ?? 'error';
        }
        return { status, message, ms: performance.now() - t0 };
      };

      // Warm-up: WARMUP orders per buyer on another good, all buyers at once (figures not kept).
      const warmup = await Promise.all(
        buyers.flatMap((buyer, index) => Array.from({ length: WARMUP }, (_, n) => order(buyer, warmupGoodId, `warmup-${index}-${n}`))),
      );
      const warmupCreated = warmup.filter((answer) => answer.status === '201').length;
      if (warmupCreated !== BUYERS * WARMUP) report('warm-up', `WRONG: ${warmupCreated} of ${BUYERS * WARMUP} orders created`);

      const createdMs: number[] = [];
      const refusedMs: number[] = [];
      const others = new Map<string, number>();
      const started = performance.now();
      let lastCreated = started;
      await Promise.all(
        buyers.map(async (buyer, index) => {
          for (let n = 0; ; n += 1) {
            const { status, message, ms } = await order(buyer, goodId, `bench-${index}-${n}`);
            if (status === '201') {
              createdMs.push(ms);
              buyer.created += 1;
              createdAnswers += 1;
              lastCreated = performance.now();
            } else if (status === '400' && message === MallMessage.StockExceeded) {
              refusedMs.push(ms);
              return;
            } else {
              // Anything else ends this buyer (counted); the others go on to the stock's end.
              const key = `${status} ${message}`.trim();
              others.set(key, (others.get(key) ?? 0) + 1);
              return;
            }
          }
        }),
      );
      const elapsed = (lastCreated - started) / 1000;
      const total = (performance.now() - started) / 1000;
      report(
        `orders per second (${BUYERS} buyers, amount 1 back to back, stock ${STOCK})`,
        `${Math.round(createdAnswers / elapsed)}/s (${createdAnswers} orders in ${elapsed.toFixed(2)} s to the last created; every buyer refused after ${total.toFixed(2)} s; after a warm-up of ${WARMUP} orders per buyer on another good)`,
      );
      report('POST order, created (201)', latencies(createdMs, ' (target p99 <= 100 ms)'));
      report(`POST order, refused for the stock (400 ${MallMessage.StockExceeded})`, latencies(refusedMs));
      report(
        'other answers',
        others.size === 0 ? 'none' : `WRONG: ${[...others].map(([key, count]) => `${count}x ${key}`).join(', ')} (each ended its buyer)`,
      );
    } finally {
      await server.stop();
    }
    await verify(env, buyers, goodId, createdAnswers);
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
