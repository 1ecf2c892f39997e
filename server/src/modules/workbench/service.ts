import {
  type Article,
  DateMessage,
  type Banner,
  type DailyStat,
  daysInRange,
  type Industry,
  type PaginationQuery,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  WorkbenchMessage,
  type WorkbenchStatsQuery,
} from '@portal/contracts';
import type { Db } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { addDays, chinaToday, toChinaDateTime } from '../../lib/time';
import { bannerImageUrl } from '../content/service';
import { requireOwnItem } from '../platform/service';
import { validConversationsByDay } from '../chat/service';
import { leadCountsByDayItem } from '../reports/service';
import * as repo from './repo';

/**
 * The days to show: as asked, else ending today (China time) and going back STATS_DEFAULT_DAYS.
 * The query schema checks a full range; this checks ranges completed by the defaults.
 */
export function statsRange(query: WorkbenchStatsQuery, today: string = chinaToday()): { start: string; end: string; days: number } {
  const end = query.endTime ?? today;
  const start = query.startTime ?? addDays(end, -(STATS_DEFAULT_DAYS - 1));
  if (start > end) throw badRequest(DateMessage.Order);
  const days = daysInRange(start, end);
  if (!(days >= 1 && days <= STATS_MAX_DAYS)) throw badRequest(WorkbenchMessage.RangeTooLong);
  return { start, end, days };
}

/**
 * One row per day of the range (zeros where nothing was recorded), for one own item or all of
 * them: the ad platform's impressions, clicks and phone requests (daily_stats, PUT
 * /rest/open/daily-stats); 留言数, the one definition 推广管理 shows too (reports
 * leadCountsByDayItem: the day's leads on the lists the menu opens, every receiver); and 有效对话,
 * the conversations of the live chat that became valid that day (a visitor message and a reply;
 * the feed's own validConversations is kept for the ledger, not shown here).
 */
export async function statsOf(db: Db, customerId: number, query: WorkbenchStatsQuery): Promise<DailyStat[]> {
  if (query.itemId !== undefined) await requireOwnItem(db, customerId, query.itemId);
  const { start, end, days } = statsRange(query);
  const [rows, leadRows, valid] = await Promise.all([
    repo.sumDailyStats(db, customerId, { start, end, itemId: query.itemId }),
    leadCountsByDayItem(db, customerId, { start, end, itemId: query.itemId }),
    validConversationsByDay(db, customerId, { start, end, itemId: query.itemId }),
  ]);
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const leads = new Map<string, number>();
  for (const row of leadRows) leads.set(row.day, (leads.get(row.day) ?? 0) + row.count);
  // Counted days, bounded before the loop (a loop comparing day strings once never ended).
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(start, index);
    const row = byDate.get(date);
    return {
      date,
      impressions: Number(row?.impressions ?? 0),
      clicks: Number(row?.clicks ?? 0),
      messages: leads.get(date) ?? 0,
      validConversations: valid.get(date) ?? 0,
      phoneRequests: Number(row?.phoneRequests ?? 0),
    };
  });
}

export async function banners(db: Db): Promise<Banner[]> {
  const rows = await repo.listBanners(db);
  return rows.map((row) => ({ ...row, picUrl: bannerImageUrl(row.id) }));
}

export async function articlesPage(db: Db, query: PaginationQuery): Promise<{ rows: Article[]; totalRow: number }> {
  const [totalRow, rows] = await Promise.all([repo.countArticles(db), repo.listArticles(db, pageWindow(query))]);
  return { totalRow, rows: rows.map((row) => ({ ...row, publishTime: toChinaDateTime(row.publishTime) })) };
}

export const industries = (db: Db): Promise<Industry[]> => repo.listIndustries(db);
