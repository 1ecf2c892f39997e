import { endpointRequest } from '@portal/api-client';
import { MAX_PAGE_SIZE } from '@portal/contracts';
import { type PromotionReport, type PromotionRow } from '@portal/contracts/reports';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';
import type { RangeParams } from '../report-kit/rangeFilters';

/** One day of the trend: the cost (fen) and the resources of every project of the filters. */
export interface PromotionDay {
  day: string;
  costMoney: number;
  total: number;
}

/** The trend reads the rows of the range by pages of MAX_PAGE_SIZE, at most this many (a year of a few projects). */
export const TREND_MAX_PAGES = 20;

/** The rows of every page summed per day, oldest first. */
export function promotionDays(rows: readonly PromotionRow[]): PromotionDay[] {
  const days = new Map<string, PromotionDay>();
  for (const row of rows) {
    const day = days.get(row.day) ?? { day: row.day, costMoney: 0, total: 0 };
    day.costMoney += row.costMoney;
    day.total += row.total;
    days.set(row.day, day);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** The promotion report (spec 000 section 2): per day and project, paged, and its daily trend. */
export const promotionApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getPromotion: build.query<PromotionReport, RangeParams & { page: number; pageSize: number }>({
      query: (query) => endpointRequest(reportEndpoints.promotion, { query }),
      providesTags: [{ type: 'Report', id: 'promotion' }],
    }),
    /** Every row of the filters (page after page), summed per day: its own call, so the table never waits for it. */
    getPromotionTrend: build.query<PromotionDay[], RangeParams>({
      async queryFn(filters, _api, _extra, baseQuery) {
        const rows: PromotionRow[] = [];
        for (let page = 1; page <= TREND_MAX_PAGES; page += 1) {
          const answer = await baseQuery(endpointRequest(reportEndpoints.promotion, { query: { ...filters, page, pageSize: MAX_PAGE_SIZE } }));
          if (answer.error) return { error: answer.error };
          const report = answer.data as PromotionReport;
          rows.push(...report.rows);
          if (page >= report.pagination.totalPage) break;
        }
        return { data: promotionDays(rows) };
      },
      providesTags: [{ type: 'Report', id: 'promotion' }],
    }),
  }),
});

export const { useGetPromotionQuery, useGetPromotionTrendQuery } = promotionApi;
