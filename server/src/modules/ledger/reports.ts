import { DateMessage, daysInRange, type PaginationQuery, totalPages } from '@portal/contracts';
import {
  type BalanceReport,
  type BalanceRow,
  type ConsumptionMeasure,
  type ConsumptionQuery,
  type ConsumptionReport,
  type DataType,
  isLowBalance,
  isMoneyMeasure,
  type LowBalanceItem,
  measureOfDataType,
  type PromotionDay,
  type PromotionReport,
  type PromotionRow,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  ReportMessage,
  type TopupReport,
  type TopupRow,
} from '@portal/contracts/reports';
import type { Db } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { addDays, chinaToday, toChinaDateTime } from '../../lib/time';
import { requireOwnItem } from '../platform/service';
import { leadCountsByDayItem } from '../reports/service';
import { firstPendingDay } from './job';
import * as repo from './repo';
import { canConsumeDays, consumeWindow } from './service';

/**
 * The ledger's reports, every figure the logged-in customer's: an item filter of another customer
 * is a 404 (PlatformMessage.ItemNotFound) before anything is read. Day loops run over a day count
 * checked before the loop (at most REPORT_MAX_DAYS).
 */

export interface DayRange {
  start: string;
  end: string;
  days: number;
}

/** The asked range, completed by the defaults (the last REPORT_DEFAULT_DAYS days ending `end`, today by default) and checked. */
export function reportRange(query: { startTime?: string; endTime?: string }, today: string = chinaToday()): DayRange {
  const end = query.endTime ?? today;
  const start = query.startTime ?? addDays(end, -(REPORT_DEFAULT_DAYS - 1));
  if (start > end) throw badRequest(DateMessage.Order);
  const days = daysInRange(start, end);
  if (!(days >= 1 && days <= REPORT_MAX_DAYS)) throw badRequest(ReportMessage.RangeTooLong);
  return { start, end, days };
}

const pageInfo = ({ page, pageSize }: PaginationQuery, totalRow: number) => ({
  page,
  pageSize,
  totalRow,
  totalPage: totalPages(totalRow, pageSize),
});

// ---------------------------------------------------------------------------------------------
// Balance

/** Balance centre: every project of the customer, with its totals, the last two days' cost and canConsumeDay. */
export async function balance(db: Db, customerId: number, today: string = chinaToday(), now: Date = new Date()): Promise<BalanceReport> {
  const yesterday = addDays(today, -1);
  const beforeYesterday = addDays(today, -2);
  const [items, accounts, windows, recent] = await Promise.all([
    repo.listOwnItems(db, customerId),
    repo.listAccounts(db, customerId),
    repo.costDaysByItem(db, { customerId, ...consumeWindow(today) }),
    repo.consumptionRows(db, { customerId, start: beforeYesterday, end: yesterday }),
  ]);
  const accountOf = new Map(accounts.map((account) => [account.itemId, account]));
  const windowOf = new Map(windows.map((window) => [window.itemId, window]));
  const costOf = new Map(recent.map((row) => [`${row.itemId}:${row.day}`, Number(row.costMoney)]));
  const rows: BalanceRow[] = items.map((item) => {
    const account = accountOf.get(item.id);
    const window = windowOf.get(item.id);
    const increment = Number(account?.toppedUp ?? 0);
    const money = increment - Number(account?.consumed ?? 0);
    return {
      itemId: item.id,
      title: item.title,
      industry: item.industry,
      saler: item.saler,
      server: item.serverManager,
      increment,
      money,
      beforeYesterdayCostMoney: costOf.get(`${item.id}:${beforeYesterday}`) ?? 0,
      yesterdayCostMoney: costOf.get(`${item.id}:${yesterday}`) ?? 0,
      canConsumeDay: canConsumeDays(money, Number(window?.sum ?? 0), Number(window?.days ?? 0)),
    };
  });
  const sum = (pick: (row: BalanceRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    rows,
    yesterdayPending: firstPendingDay(today, now) <= yesterday,
    summary: {
      increment: sum((row) => row.increment),
      money: sum((row) => row.money),
      beforeYesterdayCostMoney: sum((row) => row.beforeYesterdayCostMoney),
      yesterdayCostMoney: sum((row) => row.yesterdayCostMoney),
    },
  };
}

/** The low-balance dialog: projects with canConsumeDay of LOW_BALANCE_DAYS or fewer, fewest days first. */
export async function lowBalance(db: Db, customerId: number, today: string = chinaToday()): Promise<LowBalanceItem[]> {
  const { rows } = await balance(db, customerId, today);
  return rows
    .filter((row) => isLowBalance(row.canConsumeDay))
    .map((row) => ({ itemId: row.itemId, title: row.title, money: row.money, canConsumeDay: row.canConsumeDay! }))
    .sort((a, b) => a.canConsumeDay - b.canConsumeDay || a.itemId - b.itemId);
}

// ---------------------------------------------------------------------------------------------
// Top-ups

export interface TopupFilterQuery {
  itemId?: number;
  startTime?: string;
  endTime?: string;
  type?: number;
}

/** Top-ups are filtered by arrival day only when a date is given (the records page shows them all by default). */
async function topupFilter(db: Db, customerId: number, query: TopupFilterQuery, today: string): Promise<repo.TopupFilter> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const range = query.startTime || query.endTime ? reportRange(query, today) : undefined;
  return { customerId, itemId: query.itemId, type: query.type, start: range?.start, end: range?.end };
}

const toTopupRow = (row: Awaited<ReturnType<typeof repo.listTopups>>[number]): TopupRow => ({
  id: row.id,
  itemId: row.itemId,
  itemTitle: row.itemTitle,
  money: Number(row.money),
  type: row.type,
  payTime: row.payTime,
  remark: row.remark,
  publishTime: toChinaDateTime(row.publishTime),
});

/** One page of top-up records, newest arrival first, with the sum of every record of the filter. */
export async function topups(
  db: Db,
  customerId: number,
  query: TopupFilterQuery & PaginationQuery,
  today: string = chinaToday(),
): Promise<TopupReport> {
  const filter = await topupFilter(db, customerId, query, today);
  const [totals, rows] = await Promise.all([repo.topupTotals(db, filter), repo.listTopups(db, filter, pageWindow(query))]);
  return { rows: rows.map(toTopupRow), summary: { money: totals.money }, pagination: pageInfo(query, totals.count) };
}

/** Every top-up record of the filter (the export). */
export async function allTopups(
  db: Db,
  customerId: number,
  query: TopupFilterQuery,
  today: string = chinaToday(),
): Promise<{ rows: TopupRow[]; money: number }> {
  const filter = await topupFilter(db, customerId, query, today);
  const rows = (await repo.listTopups(db, filter)).map(toTopupRow);
  return { rows, money: rows.reduce((sum, row) => sum + row.money, 0) };
}

// ---------------------------------------------------------------------------------------------
// Consumption grids

const YEAR_MONTHS = 12;
const MONTH_CELLS = 31;

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad2 = (n: number): string => String(n).padStart(2, '0');

export interface ConsumptionGridQuery {
  itemId?: number;
  year?: number;
  dataType?: DataType;
  month?: number;
}

/**
 * A consumption grid: per project of the customer (or the one asked) the cells of the year's
 * months (monthly) or of a month's days (daily: 31 cells, null past the month's end), and the
 * total; `dataType` picks the measure (default 2, cost money in fen).
 */
export async function consumptionGrid(
  db: Db,
  customerId: number,
  kind: 'monthly' | 'daily',
  query: ConsumptionGridQuery | ConsumptionQuery,
  today: string = chinaToday(),
  now: Date = new Date(),
): Promise<ConsumptionReport> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const year = query.year ?? Number(today.slice(0, 4));
  const dataType = (query.dataType ?? 2) as DataType;
  const measure: ConsumptionMeasure = measureOfDataType(dataType);
  const month = kind === 'daily' ? (query.month ?? Number(today.slice(5, 7))) : null;
  const monthDays = month === null ? 0 : daysInMonth(year, month);
  const start = month === null ? `${year}-01-01` : `${year}-${pad2(month)}-01`;
  const end = month === null ? `${year}-12-31` : `${year}-${pad2(month)}-${pad2(monthDays)}`;
  const cellCount = month === null ? YEAR_MONTHS : MONTH_CELLS;
  /** A cell's first day: later than today, it has not come (null, shown '-', never 0). */
  const cellStart = (index: number): string => (month === null ? `${year}-${pad2(index + 1)}-01` : `${year}-${pad2(month)}-${pad2(index + 1)}`);
  const emptyCells = (): Array<number | null> =>
    Array.from({ length: cellCount }, (_, index) => ((month !== null && index >= monthDays) || cellStart(index) > today ? null : 0));

  const [items, rows] = await Promise.all([
    repo.listOwnItems(db, customerId, query.itemId),
    repo.consumptionRows(db, { customerId, itemId: query.itemId, start, end }),
  ]);
  const cellsOf = new Map(items.map((item) => [item.id, emptyCells()]));
  const summary = emptyCells();
  for (const row of rows) {
    const cells = cellsOf.get(row.itemId);
    if (!cells || row.day > today) continue;
    const index = month === null ? Number(row.day.slice(5, 7)) - 1 : Number(row.day.slice(8, 10)) - 1;
    const value = Number(row[measure]);
    cells[index] = (cells[index] ?? 0) + value;
    summary[index] = (summary[index] ?? 0) + value;
  }
  const total = (cells: Array<number | null>) => cells.reduce<number>((sum, cell) => sum + (cell ?? 0), 0);
  return {
    year,
    month,
    dataType,
    money: isMoneyMeasure(measure),
    rows: items.map((item) => {
      const cells = cellsOf.get(item.id)!;
      return { itemId: item.id, itemTitle: item.title, cells, total: total(cells) };
    }),
    summary: { cells: summary, total: total(summary) },
    today,
    pendingFrom: firstPendingDay(today, now),
  };
}

// ---------------------------------------------------------------------------------------------
// Promotion

export interface PromotionData {
  range: DayRange;
  /** The first day whose cost is not booked yet (firstPendingDay): its costs are 待结算, not 0. */
  pendingFrom: string;
  rows: PromotionRow[];
  summary: PromotionReport['summary'];
  showCostCoin: boolean;
}

/**
 * 均价 (fen): the cost over the leads it billed (repo.billedLeadsByDayItem: every lead received
 * that day, deleted and repeated ones included), 0 without billed leads. Not over 总资源数, which
 * counts the listed originals and the phone requests (which are not billed).
 */
const priceOf = (costMoney: number, billed: number): number => (billed > 0 ? Math.round(costMoney / billed) : 0);

interface PromotionKey {
  day: string;
  itemId: number;
}

type OwnItem = Awaited<ReturnType<typeof repo.listOwnItems>>[number];
/** 留言数 of one day and project (reports leadCountsByDayItem). */
type LeadCount = Awaited<ReturnType<typeof leadCountsByDayItem>>[number];

/**
 * The promotion rows' keys: one per (day, project) with a booked consumption, leads received or
 * phone requests, newest day first, then the project's title in Chinese order (titles ranked once:
 * a collator comparison per pair of rows took seconds over a year of 200 projects).
 */
async function promotionKeys(
  db: Db,
  filter: repo.PromotionFilter,
  items: readonly OwnItem[],
  received: readonly LeadCount[],
): Promise<PromotionKey[]> {
  const collator = new Intl.Collator('zh-CN');
  const rank = new Map([...items].sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id).map((item, index) => [item.id, index]));
  const booked = await repo.promotionKeys(db, filter);
  const unique = new Map([...booked, ...received].map((key) => [`${key.day}|${key.itemId}`, { day: key.day, itemId: key.itemId }]));
  const keys = [...unique.values()].filter((key) => rank.has(key.itemId));
  return keys.sort((a, b) => (a.day === b.day ? rank.get(a.itemId)! - rank.get(b.itemId)! : a.day < b.day ? 1 : -1));
}

/**
 * The rows of `keys` (in their order): feedback = 留言数 (reports leadCountsByDayItem, the
 * workbench's too), phone = phone requests (daily_stats), total = both, cost, conversations and
 * clicks of the booked day, price = priceOf (the cost over the leads billed). Reads only the
 * keys' days and projects.
 */
async function promotionRows(
  db: Db,
  customerId: number,
  keys: readonly PromotionKey[],
  items: readonly OwnItem[],
  leads: readonly LeadCount[],
): Promise<PromotionRow[]> {
  if (keys.length === 0) return [];
  const days = keys.map((key) => key.day).sort();
  const itemIds = [...new Set(keys.map((key) => key.itemId))];
  const filter = { customerId, start: days[0]!, end: days[days.length - 1]!, itemIds };
  const [consumptions, phones, billed] = await Promise.all([
    repo.consumptionRows(db, filter),
    repo.phoneByDayItem(db, filter),
    repo.billedLeadsByDayItem(db, filter),
  ]);
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const key = (day: string, itemId: number) => `${day}|${itemId}`;
  const consumptionOf = new Map(consumptions.map((row) => [key(row.day, row.itemId), row]));
  const leadsOf = new Map(leads.map((row) => [key(row.day, row.itemId), row.count]));
  const phoneOf = new Map(phones.map((row) => [key(row.date, row.itemId), Number(row.phone)]));
  const billedOf = new Map(billed.map((row) => [key(row.day, row.itemId), Number(row.count)]));
  return keys.map(({ day, itemId }) => {
    const item = itemOf.get(itemId)!;
    const consumption = consumptionOf.get(key(day, itemId));
    const feedback = leadsOf.get(key(day, itemId)) ?? 0;
    const phone = phoneOf.get(key(day, itemId)) ?? 0;
    const total = feedback + phone;
    const costMoney = Number(consumption?.costMoney ?? 0);
    return {
      day,
      itemId,
      itemTitle: item.title,
      feedback,
      phone,
      total,
      costCoin: Number(consumption?.costCoin ?? 0),
      costMoney,
      price: priceOf(costMoney, billedOf.get(key(day, itemId)) ?? 0),
      server: item.serverManager,
      saler: item.saler,
      talk: Number(consumption?.talks ?? 0),
      click: Number(consumption?.clicks ?? 0),
    };
  });
}

/**
 * The summary of every row of the filter, and the daily trend (every day of the range, oldest
 * first: counted first, at most REPORT_MAX_DAYS), from sums in the database: each source's every
 * row of the filter is a promotion row, so its sum is the rows' sum.
 */
async function promotionTotals(db: Db, filter: repo.PromotionFilter, range: DayRange, leadRows: readonly LeadCount[]) {
  const [consumed, [costByDay, phonesByDay], billed] = await Promise.all([
    repo.consumptionTotals(db, filter),
    repo.promotionDays(db, filter),
    repo.billedLeadTotal(db, filter),
  ]);
  const byDay = (rows: ReadonlyArray<{ day: string; value: string | number }>) => new Map(rows.map((row) => [row.day, Number(row.value)]));
  const [cost, phones] = [byDay(costByDay), byDay(phonesByDay)];
  const leads = new Map<string, number>();
  for (const row of leadRows) leads.set(row.day, (leads.get(row.day) ?? 0) + row.count);
  const trend: PromotionDay[] = Array.from({ length: daysInRange(range.start, range.end) }, (_, index) => {
    const day = addDays(range.start, index);
    return { day, costMoney: cost.get(day) ?? 0, total: (leads.get(day) ?? 0) + (phones.get(day) ?? 0) };
  });
  const feedback = [...leads.values()].reduce((sum, value) => sum + value, 0);
  const phone = [...phones.values()].reduce((sum, value) => sum + value, 0);
  const costMoney = Number(consumed.costMoney ?? 0);
  const summary = {
    feedback,
    phone,
    total: feedback + phone,
    costCoin: Number(consumed.costCoin ?? 0),
    costMoney,
    price: priceOf(costMoney, billed),
    talk: Number(consumed.talks ?? 0),
    click: Number(consumed.clicks ?? 0),
  };
  return { summary, trend, showCostCoin: summary.costCoin > 0 };
}

async function promotionScope(db: Db, customerId: number, query: { itemId?: number; startTime?: string; endTime?: string }, today: string) {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const range = reportRange(query, today);
  const filter: repo.PromotionFilter = { customerId, itemId: query.itemId, start: range.start, end: range.end };
  const items = await repo.listOwnItems(db, customerId, query.itemId);
  return { range, filter, items };
}

/** Every promotion row of the filter, with the summary (the export). */
export async function promotionData(
  db: Db,
  customerId: number,
  query: { itemId?: number; startTime?: string; endTime?: string },
  today: string = chinaToday(),
): Promise<PromotionData> {
  const { range, filter, items } = await promotionScope(db, customerId, query, today);
  const leads = await leadCountsByDayItem(db, customerId, filter);
  const [keys, totals] = await Promise.all([promotionKeys(db, filter, items, leads), promotionTotals(db, filter, range, leads)]);
  return {
    range,
    pendingFrom: firstPendingDay(today),
    rows: await promotionRows(db, customerId, keys, items, leads),
    summary: totals.summary,
    showCostCoin: totals.showCostCoin,
  };
}

/** One page of the promotion rows, the summary of them all and the range's daily trend. */
export async function promotion(
  db: Db,
  customerId: number,
  query: { itemId?: number; startTime?: string; endTime?: string } & PaginationQuery,
  today: string = chinaToday(),
): Promise<PromotionReport> {
  const { range, filter, items } = await promotionScope(db, customerId, query, today);
  // 留言数 of the range, read once: the keys, the rows and the totals all take it.
  const leads = await leadCountsByDayItem(db, customerId, filter);
  const [keys, totals] = await Promise.all([promotionKeys(db, filter, items, leads), promotionTotals(db, filter, range, leads)]);
  const { limit, offset } = pageWindow(query);
  return {
    rows: await promotionRows(db, customerId, keys.slice(offset, offset + limit), items, leads),
    trend: totals.trend,
    summary: totals.summary,
    pagination: pageInfo(query, keys.length),
    showCostCoin: totals.showCostCoin,
    startTime: range.start,
    endTime: range.end,
    pendingFrom: firstPendingDay(today),
  };
}
