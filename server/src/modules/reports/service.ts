import { DateMessage, daysInRange, totalPages } from '@portal/contracts';
import {
  type AnalysisQuery,
  type DailyStatement,
  DEFAULT_TOP_N,
  type KeywordAnalysis,
  type MonthQuery,
  type ProjectAnalysis,
  type RegionAnalysis,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  type ReceiveReport,
  type ReceiveRow,
  ReportMessage,
  type ReportLeadGroup,
  type ReportRangePageQuery,
  type SearchProvinceAnalysis,
  type Slice,
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

const toRow = (row: Awaited<ReturnType<typeof repo.receiveRows>>[number]): ReceiveRow => ({
  dateTime: row.dateTime,
  itemId: row.itemId,
  itemTitle: row.itemTitle,
  crmFollower: row.crmFollower,
  countNum: Number(row.countNum),
});

/** A receive report's page: rows by (day, project, receiver), the sum of every row of the filter. */
export async function receiveReport(db: Db, customerId: number, group: ReportLeadGroup, query: ReportRangePageQuery): Promise<ReceiveReport> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const range = reportRange(query);
  const [{ totalRow, total }, rows] = await Promise.all([
    repo.receiveTotals(db, customerId, group, range, query.itemId),
    repo.receiveRows(db, customerId, group, range, query.itemId, pageWindow(query)),
  ]);
  return {
    rows: rows.map(toRow),
    summary: { countNum: total },
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
): Promise<{ rows: ReceiveRow[]; total: number; start: string; end: string }> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const range = reportRange(query);
  const rows = (await repo.receiveRows(db, customerId, group, range, query.itemId)).map(toRow);
  return { rows, total: rows.reduce((sum, row) => sum + row.countNum, 0), start: range.start, end: range.end };
}

/** Days in a month 'YYYY-MM'. */
export const daysInMonth = (month: string): number => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
};

/** A daily statement: one row per project of the customer (or the one asked), days 1 to 31 of the month. */
export async function dailyStatement(db: Db, customerId: number, group: ReportLeadGroup, query: MonthQuery): Promise<DailyStatement> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const month = query.month ?? chinaToday().slice(0, 7);
  const monthDays = daysInMonth(month);
  const range = { start: `${month}-01`, end: `${month}-${String(monthDays).padStart(2, '0')}` };
  const [items, counts] = await Promise.all([
    repo.projects(db, customerId, query.itemId),
    repo.countsByItemDay(db, customerId, group, range, query.itemId),
  ]);
  const byItem = new Map<number, number[]>();
  for (const count of counts) {
    const days = byItem.get(count.itemId) ?? new Array<number>(monthDays).fill(0);
    days[Number(count.day.slice(8, 10)) - 1]! += Number(count.count);
    byItem.set(count.itemId, days);
  }
  const cells = (days: readonly number[]): Array<number | null> =>
    Array.from({ length: STATEMENT_DAYS }, (_, index) => (index < monthDays ? (days[index] ?? 0) : null));
  const summaryDays = new Array<number>(monthDays).fill(0);
  const rows = items.map((item) => {
    const days = byItem.get(item.id) ?? [];
    days.forEach((value, index) => (summaryDays[index]! += value));
    return { itemId: item.id, itemTitle: item.title, days: cells(days), total: days.reduce((sum, value) => sum + value, 0) };
  });
  return {
    month,
    daysInMonth: monthDays,
    rows,
    summary: { days: cells(summaryDays), total: summaryDays.reduce((sum, value) => sum + value, 0) },
  };
}

/** Slices biggest first, ties by name; zero slices dropped. */
export const sortSlices = (slices: readonly Slice[]): Slice[] =>
  slices.filter((slice) => slice.value > 0).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
const sumOf = (slices: readonly Slice[]): number => slices.reduce((sum, slice) => sum + slice.value, 0);

export async function regionAnalysis(db: Db, customerId: number, query: AnalysisQuery): Promise<RegionAnalysis> {
  const range = reportRange(query);
  const slices = sortSlices(await repo.countsByKey(db, customerId, AnalysisDim.Region, range));
  return { startTime: range.start, endTime: range.end, total: sumOf(slices), slices };
}

/** Search-engine leads by traffic and information province: the top N of each; total counts every search-engine lead. */
export async function searchProvinceAnalysis(db: Db, customerId: number, query: AnalysisQuery): Promise<SearchProvinceAnalysis> {
  const range = reportRange(query);
  const top = query.top ?? DEFAULT_TOP_N;
  const [traffic, info] = await Promise.all([
    repo.countsByKey(db, customerId, AnalysisDim.SearchTraffic, range).then(sortSlices),
    repo.countsByKey(db, customerId, AnalysisDim.SearchInfo, range).then(sortSlices),
  ]);
  return { startTime: range.start, endTime: range.end, total: sumOf(traffic), top, traffic: traffic.slice(0, top), info: info.slice(0, top) };
}

export async function projectAnalysis(db: Db, customerId: number, query: AnalysisQuery): Promise<ProjectAnalysis> {
  const range = reportRange(query);
  const [nature, province] = await Promise.all([
    repo.countsByKey(db, customerId, AnalysisDim.Genre, range).then(sortSlices),
    repo.countsByKey(db, customerId, AnalysisDim.Region, range).then(sortSlices),
  ]);
  return { startTime: range.start, endTime: range.end, total: sumOf(province), nature, province };
}

/** Search words of the leads: the top N; total counts every lead with a search word. */
export async function keywordAnalysis(db: Db, customerId: number, query: AnalysisQuery): Promise<KeywordAnalysis> {
  const range = reportRange(query);
  const top = query.top ?? DEFAULT_TOP_N;
  const slices = sortSlices(await repo.countsByKey(db, customerId, AnalysisDim.Keyword, range));
  return { startTime: range.start, endTime: range.end, total: sumOf(slices), top, slices: slices.slice(0, top) };
}
