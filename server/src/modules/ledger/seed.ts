import { ItemStatus } from '@portal/contracts';
import { TopupType } from '@portal/contracts/reports';
import type { Db } from '../../db/schema';
import type { DemoLedgerItem } from '../../db/seed-data';
import { addDays, chinaDayStartIso } from '../../lib/time';
import type { ConsumptionRowInput } from './repo';
import { canConsumeDays, consumeWindow, measuresFromLeads } from './service';

/**
 * The demo ledger of one customer, computed from its seeded lead rollups and daily stats the way
 * the consumption job books them (`measuresFromLeads`): a booked day for each project and day of
 * the last LEDGER_SEED_DAYS ending yesterday with cost or traffic, top-ups that keep the balances
 * plausible (an opening one, then a refill whenever the balance falls under a week of spending),
 * and accounts whose totals are the rows' sums. The project marked `low` ends with 1.5 days of
 * its window's average spend (canConsumeDay 1 as of `today`); every other project ends with more
 * than LOW_BALANCE_DAYS. Deterministic: amounts come from the data and `seededRandom`.
 */
export const LEDGER_SEED_DAYS = 90;
const HOUR_MS = 60 * 60 * 1000;
const REMARKS = ['季度续费', '追加推广预算', '活动加投', '', '年度框架充值'];
/** Top-ups are whole hundreds of yuan (fen). */
const ROUND = 100_00;
const roundUp = (fen: number): number => Math.max(ROUND, Math.ceil(fen / ROUND) * ROUND);

interface SeedTopup {
  day: string;
  money: number;
}

export async function seedCustomerLedger(
  tx: Db,
  customerId: number,
  profiles: readonly DemoLedgerItem[],
  random: () => number,
  today: string,
): Promise<void> {
  const items = await tx.selectFrom('items').select(['id', 'status']).where('customerId', '=', customerId).orderBy('id').execute();
  for (const [index, item] of items.entries()) {
    const profile = profiles[index];
    if (!profile) continue;
    await tx
      .updateTable('items')
      .set({ industry: profile.industry, saler: profile.saler, serverManager: profile.serverManager, unitPrice: profile.unitPrice })
      .where('id', '=', item.id)
      .execute();
  }

  const end = addDays(today, -1);
  const start = addDays(today, -LEDGER_SEED_DAYS);
  const [leadRows, statRows] = await Promise.all([
    tx
      .selectFrom('leadDayCounts')
      .select((eb) => ['itemId', 'day', 'leadGroup', eb.fn.sum<string | number>('count').as('count')])
      .where('customerId', '=', customerId)
      .where('day', '>=', start)
      .where('day', '<=', end)
      .groupBy(['itemId', 'day', 'leadGroup'])
      .execute(),
    tx
      .selectFrom('dailyStats')
      .select(['itemId', 'date', 'impressions', 'clicks', 'validConversations'])
      .where('customerId', '=', customerId)
      .where('date', '>=', start)
      .where('date', '<=', end)
      .execute(),
  ]);
  const leads = new Map<string, { cpc: number; smart: number }>();
  for (const row of leadRows) {
    const key = `${row.itemId}|${row.day}`;
    const entry = leads.get(key) ?? { cpc: 0, smart: 0 };
    if (row.leadGroup === 'smart') entry.smart += Number(row.count);
    else entry.cpc += Number(row.count);
    leads.set(key, entry);
  }
  const stats = new Map(statRows.map((row) => [`${row.itemId}|${row.date}`, row]));
  const bookedAt = new Date(Date.parse(chinaDayStartIso(today)) + 10 * HOUR_MS).toISOString();
  const window = consumeWindow(today);

  const consumptions: ConsumptionRowInput[] = [];
  const topups: Array<SeedTopup & { itemId: number; type: number }> = [];
  const accounts: Array<{ itemId: number; customerId: number; toppedUp: number; consumed: number; lowNoticeSent: number }> = [];
  const lowIndex = profiles.findIndex((profile) => profile.low);

  for (const [index, item] of items.entries()) {
    const profile = profiles[index];
    if (!profile) continue;
    const costs: Array<{ day: string; cost: number }> = [];
    // Counted days, bounded before the loop.
    for (let back = 0; back < LEDGER_SEED_DAYS; back++) {
      const day = addDays(start, back);
      const stat = stats.get(`${item.id}|${day}`);
      const traffic = { impressions: stat?.impressions ?? 0, clicks: stat?.clicks ?? 0, talks: stat?.validConversations ?? 0 };
      const measures = measuresFromLeads(leads.get(`${item.id}|${day}`) ?? { cpc: 0, smart: 0 }, profile.unitPrice, traffic);
      if (measures.costMoney === 0 && traffic.impressions === 0) continue;
      consumptions.push({ customerId, itemId: item.id, day, ...measures, bookedAt });
      costs.push({ day, cost: measures.costMoney });
    }
    const consumed = costs.reduce((sum, row) => sum + row.cost, 0);
    const costDays = costs.filter((row) => row.cost > 0);
    const average = costDays.length ? Math.ceil(consumed / costDays.length) : 0;
    const inWindow = costDays.filter((row) => row.day >= window.start && row.day <= window.end);
    const windowSum = inWindow.reduce((sum, row) => sum + row.cost, 0);
    const low = index === lowIndex && item.status === ItemStatus.OnAir && inWindow.length > 0;

    // The walk: an opening top-up of a month's spend, a refill of a month's spend under a week's.
    const own: SeedTopup[] = [];
    let balance = 0;
    const refill = roundUp(average * 30);
    const lastRefillDay = low ? addDays(end, -20) : end;
    for (const { day, cost } of costs) {
      if (day <= lastRefillDay && (own.length === 0 || balance - cost < average * 7)) {
        const money = roundUp(refill * (0.8 + random() * 0.4));
        own.push({ day, money });
        balance += money;
      }
      balance -= cost;
    }
    if (own.length === 0) own.push({ day: start, money: roundUp(50_000_00 * (0.5 + random())) });
    let toppedUp = own.reduce((sum, topup) => sum + topup.money, 0);
    if (low) {
      // End with 1.5 days of the window's average spend: a last top-up after the walk of exactly
      // what that takes (later top-ups dropped until it is positive).
      const target = Math.ceil((3 * windowSum) / (2 * inWindow.length));
      let last = consumed + target - toppedUp;
      while (last <= 0 && own.length > 1) last += own.pop()!.money;
      if (last > 0) own.push({ day: addDays(lastRefillDay, 1), money: last });
      else own[0]!.money = consumed + target;
      toppedUp = own.reduce((sum, topup) => sum + topup.money, 0);
    } else {
      // Never low: at least two weeks of the window's spend left.
      const estimate = canConsumeDays(toppedUp - consumed, windowSum, inWindow.length);
      if (estimate !== null && estimate < 14) {
        const money = roundUp(((14 - estimate) * windowSum) / inWindow.length + average * 10);
        own.push({ day: end, money });
        toppedUp += money;
      }
    }
    for (const topup of own) topups.push({ ...topup, itemId: item.id, type: profile.topupType });
    accounts.push({ itemId: item.id, customerId, toppedUp, consumed, lowNoticeSent: low ? 1 : 0 });
  }

  for (let offset = 0; offset < consumptions.length; offset += 500) {
    await tx
      .insertInto('ledgerConsumptions')
      .values(consumptions.slice(offset, offset + 500))
      .execute();
  }
  if (topups.length) {
    await tx
      .insertInto('ledgerTopups')
      .values(
        topups.map((topup, index) => ({
          customerId,
          itemId: topup.itemId,
          money: topup.money,
          type: topup.type === TopupType.Intelligent && index % 4 === 3 ? TopupType.Normal : topup.type,
          payTime: topup.day,
          remark: REMARKS[index % REMARKS.length]!,
          // Entered the same day at 10:00-16:59 China time.
          publishTime: new Date(Date.parse(chinaDayStartIso(topup.day)) + (10 + Math.floor(random() * 7)) * HOUR_MS).toISOString(),
        })),
      )
      .execute();
  }
  if (accounts.length) await tx.insertInto('ledgerAccounts').values(accounts).execute();
}
