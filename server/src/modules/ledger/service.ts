import { chinaDate, PlatformMessage } from '@portal/contracts';
import { CONSUME_WINDOW_DAYS, isLowBalance, lowBalanceNotice, ReportMessage, TopupType } from '@portal/contracts/reports';
import type { Kysely } from 'kysely';
import type { Database, Db, LedgerConsumptionsTable } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { addDays, chinaToday, nowIso } from '../../lib/time';
import type { ServerEvents } from '../../realtime/events';
import { createNotice } from '../messages/service';
import * as repo from './repo';
import { grantPoints, topupPoints } from '../mall/service';
import { consumptionTask } from '../mall/tasks';

/**
 * The project ledger. Money is integer fen, points whole numbers; never a float.
 *
 * - A top-up (`topUp`) and a day's consumption (`bookConsumption`) are each one transaction that
 *   also adds to the project's running totals in `ledger_accounts`; balance = toppedUp - consumed.
 * - A day is booked once per project: the row's primary key (itemId, day) with ON CONFLICT DO
 *   NOTHING; the account grows only when this call inserted the row, so re-running a day (the
 *   job twice, two instances, the CLI) books nothing more.
 *
 * canConsumeDay (预计可用天数), the window: the CONSUME_WINDOW_DAYS (7) calendar days ending
 * yesterday (China), i.e. today-7 .. today-1; of those, only the days with cost > 0 count, so a
 * paused day does not dilute the average. canConsumeDay = floor(balance / average daily cost)
 * = floor(balance × costDays / costSum), in integers. null when no day of the window had cost
 * (no estimate); 0 when the balance is 0 or below.
 *
 * Low balance: after a booking or a top-up, a project whose canConsumeDay is LOW_BALANCE_DAYS (2)
 * or fewer gets one user notice (余额不足提醒): the flag `lowNoticeSent` goes 0 -> 1 in the
 * transaction of the booking or top-up (a conditional UPDATE: of two concurrent bookings only one
 * changes it), and the notice is created (createNotice, live over the socket) once that
 * transaction committed. The flag re-arms (back to 0) only when a top-up raises the balance so
 * that the project is no longer low (canConsumeDay above LOW_BALANCE_DAYS, or no estimate).
 * One notice per project and drop.
 */

/** canConsumeDay from a balance and the window's cost: null without cost, 0 at or below zero. */
export function canConsumeDays(balance: number, windowCostSum: number, windowCostDays: number): number | null {
  if (windowCostDays <= 0 || windowCostSum <= 0) return null;
  if (balance <= 0) return 0;
  return Math.floor((balance * windowCostDays) / windowCostSum);
}

/** The window of canConsumeDay seen on `today`: [today - CONSUME_WINDOW_DAYS, today - 1]. */
export const consumeWindow = (today: string): { start: string; end: string } => ({
  start: addDays(today, -CONSUME_WINDOW_DAYS),
  end: addDays(today, -1),
});

export interface AccountState {
  itemId: number;
  toppedUp: number;
  consumed: number;
  balance: number;
  canConsumeDay: number | null;
}

/** A project's totals, balance and canConsumeDay as of `today`. */
export async function accountState(db: Db, customerId: number, itemId: number, today: string = chinaToday()): Promise<AccountState> {
  const account = await repo.findAccount(db, itemId);
  const [window] = await repo.costDaysByItem(db, { customerId, itemId, ...consumeWindow(today) });
  const toppedUp = Number(account?.toppedUp ?? 0);
  const consumed = Number(account?.consumed ?? 0);
  const balance = toppedUp - consumed;
  return { itemId, toppedUp, consumed, balance, canConsumeDay: canConsumeDays(balance, Number(window?.sum ?? 0), Number(window?.days ?? 0)) };
}

interface LowNotice {
  customerId: number;
  itemId: number;
  title: string;
  balance: number;
  canConsumeDay: number;
}

/**
 * The low-balance step inside a booking's or top-up's transaction: claims the flag when the
 * project is low (the notice to send after the commit), and re-arms it when `rearm` (a top-up)
 * and the project is no longer low.
 */
async function lowBalanceStep(
  tx: Db,
  customerId: number,
  item: { id: number; title: string },
  state: AccountState,
  rearm: boolean,
): Promise<LowNotice | null> {
  if (isLowBalance(state.canConsumeDay)) {
    if (await repo.flipLowNotice(tx, item.id, 0, 1)) {
      return { customerId, itemId: item.id, title: item.title, balance: state.balance, canConsumeDay: state.canConsumeDay };
    }
    return null;
  }
  if (rearm) await repo.flipLowNotice(tx, item.id, 1, 0);
  return null;
}

/** The message of a project fallen low: the contracts' lowBalanceNotice, as the shell's dialog shows it. */
export const lowBalanceContents = (notice: { title: string; balance: number; canConsumeDay: number }): string =>
  lowBalanceNotice({ title: notice.title, money: notice.balance, canConsumeDay: notice.canConsumeDay }).text;

/** Sends a claimed notice; when that fails the flag is re-armed (the next booking tries again) and the error goes on. */
async function sendLowNotice(db: Kysely<Database>, events: ServerEvents, notice: LowNotice | null): Promise<void> {
  if (!notice) return;
  try {
    await createNotice(db, events, { customerId: notice.customerId, title: ReportMessage.LowBalanceTitle, contents: lowBalanceContents(notice) });
  } catch (error) {
    await repo.flipLowNotice(db, notice.itemId, 1, 0);
    throw error;
  }
}

export interface TopUpInput {
  customerId: number;
  itemId: number;
  /** Fen, a positive whole number. */
  money: number;
  type: number;
  /** The arrival day, YYYY-MM-DD. */
  payTime: string;
  remark?: string;
}

const MAX_TOPUP_FEN = 100_000_000_00; // 100 million yuan: a typo guard, far above any real top-up.
const payTimeSchema = chinaDate();

/** Books a top-up (one transaction: the record and the account), then the low-balance step. */
export async function topUp(
  db: Kysely<Database>,
  events: ServerEvents,
  input: TopUpInput,
  today: string = chinaToday(),
): Promise<{ id: number; state: AccountState }> {
  if (!Number.isSafeInteger(input.money) || input.money <= 0 || input.money > MAX_TOPUP_FEN) throw badRequest('充值金额不正确');
  if (input.type !== TopupType.Normal && input.type !== TopupType.Intelligent) throw badRequest(ReportMessage.TopupTypeInvalid);
  const payTime = payTimeSchema.safeParse(input.payTime);
  if (!payTime.success) throw badRequest(payTime.error.issues[0]?.message ?? ReportMessage.RangeTooLong);
  const remark = (input.remark ?? '').trim();
  if (remark.length > 200) throw badRequest('备注不能超过200个字符');

  const { id, state, notice } = await db.transaction().execute(async (tx) => {
    const item = await repo.findOwnItem(tx, input.customerId, input.itemId);
    if (!item) throw notFound(PlatformMessage.ItemNotFound);
    const id = await repo.insertTopup(tx, {
      customerId: input.customerId,
      itemId: item.id,
      money: input.money,
      type: input.type,
      payTime: payTime.data,
      remark,
      publishTime: nowIso(),
    });
    await repo.addToAccount(tx, input.customerId, item.id, { toppedUp: input.money });
    // The points mall's rule: POINTS_PER_YUAN points per whole yuan, in the same transaction.
    await grantPoints(tx, input.customerId, topupPoints(input.money), 'topup', { refType: 'topup', refId: id });
    const state = await accountState(tx, input.customerId, item.id, today);
    const notice = await lowBalanceStep(tx, input.customerId, item, state, true);
    return { id, state, notice };
  });
  await sendLowNotice(db, events, notice);
  return { id, state };
}

/** A project's day as booked: money in fen, coins whole points, traffic counts (the table's measure columns). */
export type ConsumptionMeasures = Omit<LedgerConsumptionsTable, 'customerId' | 'itemId' | 'day' | 'bookedAt'>;

export interface ConsumptionInput extends ConsumptionMeasures {
  itemId: number;
  day: string;
}

export interface BookResult {
  itemId: number;
  day: string;
  /** false: the day was booked already (nothing changed). */
  booked: boolean;
  costMoney: number;
  state: AccountState;
  /** Whether this booking sent the low-balance notice. */
  noticed: boolean;
}

/**
 * Books one project's day (one transaction: the row, once, and the account), then the low-balance
 * step. The customer is the item's own; an unknown item is a 404.
 */
export async function bookConsumption(
  db: Kysely<Database>,
  events: ServerEvents,
  input: ConsumptionInput,
  today: string = chinaToday(),
): Promise<BookResult> {
  const { itemId, day, ...measures } = input;
  for (const value of Object.values(measures)) {
    if (!Number.isSafeInteger(value) || value < 0) throw badRequest('消耗数据不正确');
  }
  const result = await db.transaction().execute(async (tx) => {
    const item = await tx.selectFrom('items').select(['id', 'customerId', 'title']).where('id', '=', itemId).executeTakeFirst();
    if (!item) throw notFound(PlatformMessage.ItemNotFound);
    const booked = await repo.insertConsumptionOnce(tx, { customerId: item.customerId, itemId, day, ...measures, bookedAt: nowIso() });
    if (booked) await repo.addToAccount(tx, item.customerId, itemId, { consumed: measures.costMoney });
    // The task wall's consumption task: a day with spend pays its points once per customer and day
    // of spend (however many projects spent), in the transaction that booked it.
    if (booked && measures.costMoney > 0) await consumptionTask(tx, item.customerId, day, itemId);
    const state = await accountState(tx, item.customerId, itemId, today);
    // Only a booking that changed the ledger can start a drop (a repeated day changes nothing).
    const notice = booked ? await lowBalanceStep(tx, item.customerId, item, state, false) : null;
    return { booked, state, notice };
  });
  await sendLowNotice(db, events, result.notice);
  return { itemId, day, booked: result.booked, costMoney: measures.costMoney, state: result.state, noticed: result.notice !== null };
}

/**
 * The coin rules of a booked day (whole points, rounded down):
 * - costCoin = costMoney × 2 / 100: the points rule, 2 points per yuan spent (spec 000 section 1);
 * - cp is the regular investment part (常规投放, leads of the 'cpc' group), jp the smart investment
 *   part (智能投放, the 'smart' group): cpCostMoney = cpc leads × price, jpCostMoney = smart leads × price;
 *   cpCostCoin = cpCostMoney × 2 / 100, jpCostCoin = costCoin - cpCostCoin (so the parts add up);
 * - serviceCoin = costCoin / 10: the platform's service fee, 10% of the cost points.
 */
export function measuresFromLeads(
  leads: { cpc: number; smart: number },
  unitPrice: number,
  traffic: { impressions: number; clicks: number; talks: number },
): ConsumptionMeasures {
  const cpCostMoney = leads.cpc * unitPrice;
  const jpCostMoney = leads.smart * unitPrice;
  const costMoney = cpCostMoney + jpCostMoney;
  const costCoin = Math.floor(costMoney / 50);
  const cpCostCoin = Math.floor(cpCostMoney / 50);
  return {
    costCoin,
    costMoney,
    serviceCoin: Math.floor(costCoin / 10),
    cpCostCoin,
    cpCostMoney,
    jpCostCoin: costCoin - cpCostCoin,
    jpCostMoney,
    ...traffic,
  };
}
