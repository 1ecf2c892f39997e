import { DateMessage, daysInRange, listShowingKind, totalPages } from '@portal/contracts';
import { type LeadKind } from '@portal/contracts/leads';
import {
  type AnalysisQuery,
  type DailyStatement,
  DEFAULT_TOP_N,
  type KeywordAnalysis,
  type ListCounts,
  type MonthQuery,
  type ProjectAnalysis,
  type RegionAnalysis,
  REPORT_DEFAULT_DAYS,
  REPORT_LEAD_GROUPS,
  REPORT_LIST_KINDS,
  REPORT_MAX_DAYS,
  type ReceiveReport,
  type ReceiveRow,
  ReportMessage,
  type ReportLeadGroup,
  type ReportRangePageQuery,
  type SearchProvinceAnalysis,
  type Slice,
  topSlices,
} from '@portal/contracts/reports';
import type { Db } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { addDays, chinaToday } from '../../lib/time';
import { requireOwnItem } from '../platform/service';
import * as repo from './repo';
import { AnalysisDim } from './rollup';

/** Days of a month's row: every statement has this many cells, null past the month's end. */
export const STATEMENT_DAYS = 31;

/**
 * The days of a report: as asked, else ending today (China) and going back REPORT_DEFAULT_DAYS.
 * The query schema checks a full range; this checks ranges completed by the defaults.
 */
export function reportRange(query: { startTime?: string; endTime?: string }, today: string = chinaToday()): { start: string; end: string } {
  const end = query.endTime ?? today;
  const start = query.startTime ?? addDays(end, -(REPORT_DEFAULT_DAYS - 1));
  if (start > end) throw badRequest(DateMessage.Order);
  const days = daysInRange(start, end);
  if (!(days >= 1 && days <= REPORT_MAX_DAYS)) throw badRequest(ReportMessage.RangeTooLong);
  return { start, end };
}

/**
 * 留言数, the one definition of the workbench and of 推广管理: per (China day, project) the leads
 * on the lists the menu opens (REPORTED_LIST_KINDS: every kind /resource, /feedback, /info-list, /bai-list show),
 * live originals, counted as the lists count them. Both daily statements split the same count by
 * group (REPORT_LIST_KINDS), so 智能投放日报表 + 常规投放日报表 = 留言数 for every project and day.
 * Read from the pies' rollup (repo.listedCountsByDayItem: a year of 200 projects is its key range,
 * not half a million leads); the statements count the leads themselves, and the consistency tests
 * (numbers-agree, random-month) hold the two equal.
 */
export async function leadCountsByDayItem(
  db: Db,
  customerId: number,
  filter: { start: string; end: string; itemId?: number; itemIds?: readonly number[] },
): Promise<Array<{ day: string; itemId: number; count: number }>> {
  return repo.listedCountsByDayItem(db, customerId, filter);
}

const toRow = (row: Awaited<ReturnType<typeof repo.listedReceiveRowsPage>>[number]): ReceiveRow => ({
  dateTime: row.dateTime,
  itemId: row.itemId!,
  itemTitle: row.itemTitle,
  crmFollower: row.crmFollower,
  countNum: Number(row.countNum),
  duplicates: Number(row.duplicates),
});

/**
 * A receive report's page: rows by (day, project, receiver) of the leads on the group's lists
 * (REPORT_LIST_KINDS), the sum of every row of the filter.
 */
export async function receiveReport(db: Db, customerId: number, group: ReportLeadGroup, query: ReportRangePageQuery): Promise<ReceiveReport> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const range = reportRange(query);
  const filter = { kinds: REPORT_LEAD_GROUPS[group], ...range, itemId: query.itemId };
  const [{ totalRow, total, duplicates }, rows] = await Promise.all([
    repo.listedReceiveTotals(db, customerId, filter),
    repo.listedReceiveRowsPage(db, customerId, filter, pageWindow(query)),
  ]);
  return {
    rows: rows.map(toRow),
    summary: { countNum: total, duplicates },
    pagination: { page: query.page, pageSize: query.pageSize, totalRow, totalPage: totalPages(totalRow, query.pageSize) },
    startTime: range.start,
    endTime: range.end,
  };
}

/** Every row of a receive report (the export). */
export async function receiveAll(
  db: Db,
  customerId: number,
  group: ReportLeadGroup,
  query: { itemId?: number; startTime?: string; endTime?: string },
): Promise<{ rows: ReceiveRow[]; total: number; duplicates: number; start: string; end: string }> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const range = reportRange(query);
  const rows = (await repo.listedReceiveRowsPage(db, customerId, { kinds: REPORT_LEAD_GROUPS[group], ...range, itemId: query.itemId })).map(toRow);
  const sum = (of: (row: ReceiveRow) => number) => rows.reduce((total, row) => total + of(row), 0);
  return { rows, total: sum((row) => row.countNum), duplicates: sum((row) => row.duplicates), start: range.start, end: range.end };
}

/** Days in a month 'YYYY-MM'. */
export const daysInMonth = (month: string): number => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
};

/**
 * A daily statement: one row per project of the customer (or the one asked), days 1 to 31 of the
 * month: the leads on the group's lists (REPORT_LIST_KINDS) that day, split by list; null past
 * the month's end and after today (China), so a future day is never a 0.
 */
export async function dailyStatement(
  db: Db,
  customerId: number,
  group: ReportLeadGroup,
  query: MonthQuery,
  today: string = chinaToday(),
): Promise<DailyStatement> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const month = query.month ?? today.slice(0, 7);
  const monthDays = daysInMonth(month);
  const range = { start: `${month}-01`, end: `${month}-${String(monthDays).padStart(2, '0')}` };
  /** Days of the month that have come: 0 for a future month, all for a past one. */
  const shownDays = range.start > today ? 0 : range.end <= today ? monthDays : Number(today.slice(8, 10));
  const [items, counts] = await Promise.all([
    repo.projects(db, customerId, query.itemId),
    repo.listedCounts(db, customerId, { kinds: REPORT_LEAD_GROUPS[group], ...range, itemId: query.itemId }),
  ]);
  const byItem = new Map<number, ListCounts[]>();
  for (const count of counts) {
    const index = Number(count.day.slice(8, 10)) - 1;
    if (index >= shownDays) continue;
    const days = byItem.get(count.itemId) ?? Array.from({ length: shownDays }, (): ListCounts => ({}));
    const lists = days[index]!;
    // Each stored kind counts on the list that shows it (LIST_SHOWN_KINDS).
    const list = listShowingKind(count.kind) as keyof ListCounts;
    lists[list] = (lists[list] ?? 0) + count.count;
    byItem.set(count.itemId, days);
  }
  const kinds = REPORT_LIST_KINDS[group] as readonly LeadKind[];
  const sumOfLists = (lists: ListCounts): number => kinds.reduce((sum, kind) => sum + (lists[kind as keyof ListCounts] ?? 0), 0);
  const cells = <T>(value: (index: number) => T): Array<T | null> =>
    Array.from({ length: STATEMENT_DAYS }, (_, index) => (index < shownDays ? value(index) : null));
  const summaryDays = new Array<number>(shownDays).fill(0);
  const rows = items.map((item) => {
    const days = byItem.get(item.id) ?? [];
    const lists = (index: number): ListCounts => Object.fromEntries(kinds.map((kind) => [kind, days[index]?.[kind as keyof ListCounts] ?? 0]));
    const dayCells = cells((index) => sumOfLists(lists(index)));
    dayCells.forEach((value, index) => {
      if (value !== null) summaryDays[index]! += value;
    });
    return {
      itemId: item.id,
      itemTitle: item.title,
      days: dayCells,
      lists: cells(lists),
      total: dayCells.reduce<number>((sum, value) => sum + (value ?? 0), 0),
    };
  });
  return {
    month,
    daysInMonth: monthDays,
    today,
    rows,
    summary: { days: cells((index) => summaryDays[index]!), total: summaryDays.reduce((sum, value) => sum + value, 0) },
  };
}

/** Slices biggest first, ties by name; zero slices dropped. */
export const sortSlices = (slices: readonly Slice[]): Slice[] =>
  slices.filter((slice) => slice.value > 0).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
const sumOf = (slices: readonly Slice[]): number => slices.reduce((sum, slice) => sum + slice.value, 0);

/**
 * The slices of each dimension over the query's range and project (the project checked
 * to be the customer's), biggest first.
 */
async function analysisSlices(db: Db, customerId: number, query: AnalysisQuery, dims: readonly AnalysisDim[]): Promise<Slice[][]> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const range = reportRange(query);
  return Promise.all(dims.map((dim) => repo.countsByKey(db, customerId, dim, range, query.itemId).then(sortSlices)));
}

export async function regionAnalysis(db: Db, customerId: number, query: AnalysisQuery): Promise<RegionAnalysis> {
  const range = reportRange(query);
  const [slices] = await analysisSlices(db, customerId, query, [AnalysisDim.Region]);
  return { startTime: range.start, endTime: range.end, total: sumOf(slices), slices };
}

/**
 * Search-engine leads by traffic and information province: the top N of each and 其他 (every other
 * search-engine lead), so that each pie's slices sum to total, every search-engine lead.
 */
export async function searchProvinceAnalysis(db: Db, customerId: number, query: AnalysisQuery): Promise<SearchProvinceAnalysis> {
  const range = reportRange(query);
  const top = query.top ?? DEFAULT_TOP_N;
  const [traffic, info] = await analysisSlices(db, customerId, query, [AnalysisDim.SearchTraffic, AnalysisDim.SearchInfo]);
  const total = sumOf(traffic);
  return { startTime: range.start, endTime: range.end, total, top, traffic: topSlices(traffic, top, total), info: topSlices(info, top, sumOf(info)) };
}

export async function projectAnalysis(db: Db, customerId: number, query: AnalysisQuery): Promise<ProjectAnalysis> {
  const range = reportRange(query);
  const [nature, province] = await analysisSlices(db, customerId, query, [AnalysisDim.Genre, AnalysisDim.Region]);
  return { startTime: range.start, endTime: range.end, total: sumOf(province), nature, province };
}

/** Search words of the leads: the top N and 其他 (every other lead with a search word); total counts them all. */
export async function keywordAnalysis(db: Db, customerId: number, query: AnalysisQuery): Promise<KeywordAnalysis> {
  const range = reportRange(query);
  const top = query.top ?? DEFAULT_TOP_N;
  const [slices] = await analysisSlices(db, customerId, query, [AnalysisDim.Keyword]);
  const total = sumOf(slices);
  return { startTime: range.start, endTime: range.end, total, top, slices: topSlices(slices, top, total) };
}
