import { DateMessage, daysInRange, type PaginationQuery, totalPages } from '@portal/contracts';
import {
  type BalanceReport,
  type BalanceRow,
  type ConsumptionMeasure,
  type ConsumptionQuery,
  type ConsumptionReport,
  type DataType,
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
import * as repo from './repo';
import { canConsumeDays, consumeWindow, isLow } from './service';

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
export async function balance(db: Db, customerId: number, today: string = chinaToday()): Promise<BalanceReport> {
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
    .filter((row) => isLow(row.canConsumeDay))
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
  const emptyCells = (): Array<number | null> => Array.from({ length: cellCount }, (_, index) => (month !== null && index >= monthDays ? null : 0));

  const [items, rows] = await Promise.all([
    repo.listOwnItems(db, customerId, query.itemId),
    repo.consumptionRows(db, { customerId, itemId: query.itemId, start, end }),
  ]);
  const cellsOf = new Map(items.map((item) => [item.id, emptyCells()]));
  const summary = emptyCells();
  for (const row of rows) {
    const cells = cellsOf.get(row.itemId);
    if (!cells) continue;
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
  };
}

// ---------------------------------------------------------------------------------------------
// Promotion

export interface PromotionData {
  range: DayRange;
  rows: PromotionRow[];
  summary: PromotionReport['summary'];
  showCostCoin: boolean;
}

const priceOf = (costMoney: number, total: number): number => (total > 0 ? Math.round(costMoney / total) : 0);

/**
 * Promotion rows: one per (day, project) with a booked consumption or leads received, newest day
 * first then by project title; feedback = leads received (lead_day_counts), phone = phone
 * requests (daily_stats), total = both, price = costMoney / total rounded (fen), 0 without
 * resources. The summary covers every row of the filter.
 */
export async function promotionData(
  db: Db,
  customerId: number,
  query: { itemId?: number; startTime?: string; endTime?: string },
  today: string = chinaToday(),
): Promise<PromotionData> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const range = reportRange(query, today);
  const filter = { customerId, itemId: query.itemId, start: range.start, end: range.end };
  const [items, consumptions, leads, phones] = await Promise.all([
    repo.listOwnItems(db, customerId, query.itemId),
    repo.consumptionRows(db, filter),
    repo.leadsByDayItem(db, filter),
    repo.phoneByDayItem(db, filter),
  ]);
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const key = (day: string, itemId: number) => `${day}|${itemId}`;
  const consumptionOf = new Map(consumptions.map((row) => [key(row.day, row.itemId), row]));
  const leadsOf = new Map(leads.map((row) => [key(row.day, row.itemId), Number(row.count)]));
  const phoneOf = new Map(phones.map((row) => [key(row.date, row.itemId), Number(row.phone)]));
  const keys = new Set<string>();
  for (const row of consumptions) keys.add(key(row.day, row.itemId));
  for (const row of leads) if (Number(row.count) > 0) keys.add(key(row.day, row.itemId));

  const rows: PromotionRow[] = [];
  for (const entry of keys) {
    const [day, id] = entry.split('|');
    const item = itemOf.get(Number(id));
    if (!item) continue;
    const consumption = consumptionOf.get(entry);
    const feedback = leadsOf.get(entry) ?? 0;
    const phone = phoneOf.get(entry) ?? 0;
    const total = feedback + phone;
    const costMoney = Number(consumption?.costMoney ?? 0);
    rows.push({
      day: day!,
      itemId: item.id,
      itemTitle: item.title,
      feedback,
      phone,
      total,
      costCoin: Number(consumption?.costCoin ?? 0),
      costMoney,
      price: priceOf(costMoney, total),
      server: item.serverManager,
      saler: item.saler,
      talk: Number(consumption?.talks ?? 0),
      click: Number(consumption?.clicks ?? 0),
    });
  }
  // Newest day first, then the project's title in Chinese order: the titles are ranked once (a
  // collator comparison per row pair took seconds over a year of 200 projects).
  const collator = new Intl.Collator('zh-CN');
  const rank = new Map([...items].sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id).map((item, index) => [item.id, index]));
  rows.sort((a, b) => (a.day === b.day ? rank.get(a.itemId)! - rank.get(b.itemId)! : a.day < b.day ? 1 : -1));
  const sum = (pick: (row: PromotionRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const summary = {
    feedback: sum((row) => row.feedback),
    phone: sum((row) => row.phone),
    total: sum((row) => row.total),
    costCoin: sum((row) => row.costCoin),
    costMoney: sum((row) => row.costMoney),
    price: 0,
    talk: sum((row) => row.talk),
    click: sum((row) => row.click),
  };
  summary.price = priceOf(summary.costMoney, summary.total);
  return { range, rows, summary, showCostCoin: rows.some((row) => row.costCoin > 0) };
}

/** Every day of the range (counted first: at most REPORT_MAX_DAYS), oldest first, summed over the projects. */
export function promotionTrend(rows: readonly PromotionRow[], range: { start: string; end: string }): PromotionDay[] {
  const byDay = new Map<string, PromotionDay>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? { day: row.day, costMoney: 0, total: 0 };
    day.costMoney += row.costMoney;
    day.total += row.total;
    byDay.set(row.day, day);
  }
  return Array.from({ length: daysInRange(range.start, range.end) }, (_, index) => {
    const day = addDays(range.start, index);
    return byDay.get(day) ?? { day, costMoney: 0, total: 0 };
  });
}

export async function promotion(
  db: Db,
  customerId: number,
  query: { itemId?: number; startTime?: string; endTime?: string } & PaginationQuery,
  today?: string,
): Promise<PromotionReport> {
  const data = await promotionData(db, customerId, query, today);
  const { limit, offset } = pageWindow(query);
  return {
    rows: data.rows.slice(offset, offset + limit),
    trend: promotionTrend(data.rows, data.range),
    summary: data.summary,
    pagination: pageInfo(query, data.rows.length),
    showCostCoin: data.showCostCoin,
    startTime: data.range.start,
    endTime: data.range.end,
  };
}
