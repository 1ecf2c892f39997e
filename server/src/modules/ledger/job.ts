import { ItemStatus } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addDays, chinaToday } from '../../lib/time';
import type { ServerEvents } from '../../realtime/events';
import * as repo from './repo';
import { type BookResult, bookConsumption, measuresFromLeads } from './service';

/**
 * The daily consumption job: on day D it books day D-1 for every active project (items.status 1)
 * of every customer with a ledger account. A project's day costs the leads it received that day
 * (lead_day_counts, every group and receiver) × its unit price (items.unit_price, fen), split into
 * regular (cpc group) and bidding (smart group) parts; coins by `measuresFromLeads`; impressions,
 * clicks and conversations (validConversations) from daily_stats.
 *
 * It runs in the server process, weekdays at 10:00 and weekends at 11:00 China time (UTC+8 all
 * year), as the promotion page's note says. Several instances: the one that inserts the day's
 * `ledger_job_runs` row runs it; the (itemId, day) primary key keeps it idempotent even so.
 */

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** A run that started this long ago and never finished (its instance died) may be taken over. */
const STALE_RUN_MS = 30 * 60 * 1000;
/** A server started after the day's run time catches up this long after it is ready. */
const CATCH_UP_DELAY_MS = 60 * 1000;

/** The China hour of the run on a China day: 10 on weekdays, 11 on Saturday and Sunday. */
export const runHourOf = (chinaDay: string): number => {
  const weekday = new Date(`${chinaDay}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 11 : 10;
};

/** The instant of the run on a China day. */
export const runAtOf = (chinaDay: string): Date => new Date(Date.parse(`${chinaDay}T00:00:00Z`) + runHourOf(chinaDay) * HOUR_MS - CHINA_OFFSET_MS);

/**
 * The first day whose cost is not booked yet, seen on the China day `today` at `now`: yesterday
 * until today's run time has passed, else today (today's own cost is booked tomorrow). Its cost
 * and every later day's up to today show as 待结算 (PENDING_COST_TEXT), never as 0.
 */
export const firstPendingDay = (today: string, now: Date = new Date()): string =>
  runAtOf(today).getTime() <= now.getTime() ? today : addDays(today, -1);

/** The next run strictly after `now`: today's (China) if still ahead, else tomorrow's. */
export function nextRunAt(now: Date): Date {
  const today = chinaToday(now);
  const todays = runAtOf(today);
  return todays.getTime() > now.getTime() ? todays : runAtOf(addDays(today, 1));
}

export interface BookDayOptions {
  /** Only this customer's projects (the CLI's --account). */
  customerId?: number;
  /** "Today" of canConsumeDay; default the China today. */
  today?: string;
}

/** Books `day` for every active project of every customer with a ledger (or of one); each project's day once. */
export async function bookDay(db: Kysely<Database>, events: ServerEvents, day: string, options: BookDayOptions = {}): Promise<BookResult[]> {
  const customerIds = await repo.ledgerCustomers(db, options.customerId);
  if (customerIds.length === 0) return [];
  const [items, leadRows, statRows] = await Promise.all([
    repo.activeItemsOf(db, customerIds, ItemStatus.OnAir),
    repo.leadGroupsOfDay(db, customerIds, day),
    repo.statsOfDay(db, customerIds, day),
  ]);
  const key = (customerId: number, itemId: number) => `${customerId}:${itemId}`;
  const leads = new Map<string, { cpc: number; smart: number }>();
  for (const row of leadRows) {
    const entry = leads.get(key(row.customerId, row.itemId)) ?? { cpc: 0, smart: 0 };
    if (row.leadGroup === 'smart') entry.smart += Number(row.count);
    else entry.cpc += Number(row.count);
    leads.set(key(row.customerId, row.itemId), entry);
  }
  const traffic = new Map(
    statRows.map((row) => [
      key(row.customerId, row.itemId),
      { impressions: Number(row.impressions), clicks: Number(row.clicks), talks: Number(row.talks) },
    ]),
  );
  const results: BookResult[] = [];
  for (const item of items) {
    const measures = measuresFromLeads(
      leads.get(key(item.customerId, item.id)) ?? { cpc: 0, smart: 0 },
      Number(item.unitPrice),
      traffic.get(key(item.customerId, item.id)) ?? { impressions: 0, clicks: 0, talks: 0 },
    );
    results.push(await bookConsumption(db, events, { itemId: item.id, day, ...measures }, options.today));
  }
  return results;
}

export type JobOutcome = { claimed: false } | { claimed: true; results: BookResult[] };

/** The job's run for `day`: claims it (one instance runs a day), books it, marks it finished. */
export async function runConsumptionJob(db: Kysely<Database>, events: ServerEvents, day: string, now: Date = new Date()): Promise<JobOutcome> {
  const claimed = await repo.claimJobRun(db, day, now.toISOString(), new Date(now.getTime() - STALE_RUN_MS).toISOString());
  if (!claimed) return { claimed: false };
  try {
    const results = await bookDay(db, events, day, { today: chinaToday(now) });
    await repo.finishJobRun(db, day, new Date().toISOString());
    return { claimed: true, results };
  } catch (error) {
    // Let a later run (this instance's next start, another instance, the CLI) book the rest.
    await repo.releaseJobRun(db, day).catch(() => undefined);
    throw error;
  }
}

/** Runs the day's job now when today's run time has passed (a start after 10:00 catches up; the claim makes it once). */
async function runDue(app: FastifyInstance, now: Date): Promise<void> {
  const today = chinaToday(now);
  if (runAtOf(today).getTime() > now.getTime()) return;
  const outcome = await runConsumptionJob(app.db, app.events, addDays(today, -1), now);
  if (outcome.claimed) {
    const booked = outcome.results.filter((result) => result.booked);
    app.log.info({ day: addDays(today, -1), booked: booked.length, projects: outcome.results.length }, 'ledger: consumption booked');
  }
}

/**
 * Schedules the job in the server: on ready a timer for the next run (and a catch-up run when
 * today's time has passed), re-armed after each run, cleared on close. Off unless `enabled`.
 */
export const ledgerJobPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) return;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let running: Promise<void> = Promise.resolve();
    const run = (): void => {
      running = runDue(app, new Date())
        .catch((err: unknown) => app.log.error({ err }, 'ledger: consumption job failed'))
        .finally(() => schedule());
    };
    function schedule(delayMs?: number): void {
      if (closed) return;
      const now = new Date();
      timer = setTimeout(run, delayMs ?? nextRunAt(now).getTime() - now.getTime() + 1000);
      timer.unref();
    }
    // Started after today's run time: a catch-up run a minute later (start.ts migrates, and the
    // demo seeds, after ready), else the timer for the next run.
    app.addHook('onReady', async () => {
      const now = new Date();
      schedule(runAtOf(chinaToday(now)).getTime() <= now.getTime() ? CATCH_UP_DELAY_MS : undefined);
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'ledger-job', dependencies: ['db', 'events'] },
);
