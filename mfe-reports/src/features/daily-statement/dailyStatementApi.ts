import { endpointRequest } from '@portal/api-client';
import type { DailyStatement, ReportLeadGroup } from '@portal/contracts/reports';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';

export interface DailyStatementArgs {
  group: ReportLeadGroup;
  query: { month: string; itemId?: number };
}

/** The call and the export of each group's daily statement. */
export const DAILY_STATEMENT_ENDPOINTS = {
  smart: { report: reportEndpoints.dailyStatement, export: reportEndpoints.dailyStatementExport },
  cpc: { report: reportEndpoints.cpcDailyStatement, export: reportEndpoints.cpcDailyStatementExport },
} as const;

/** The daily statements (spec 000 section 2): each project's leads on every day of a month. */
export const dailyStatementApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getDailyStatement: build.query<DailyStatement, DailyStatementArgs>({
      query: ({ group, query }) => endpointRequest(DAILY_STATEMENT_ENDPOINTS[group].report, { query }),
      providesTags: [{ type: 'Report', id: 'dailyStatement' }],
    }),
  }),
});

export const { useGetDailyStatementQuery } = dailyStatementApi;
