import { endpointRequest } from '@portal/api-client';
import type { ReceiveReport, ReportLeadGroup } from '@portal/contracts/reports';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';
import type { RangeParams } from '../report-kit/rangeFilters';

/** A receive report's call: its lead group (smart investment or regular), the filters and the page. */
export interface ReceiveArgs {
  group: ReportLeadGroup;
  query: RangeParams & { page: number; pageSize: number };
}

/** The call and the export of each group's receive report. */
export const RECEIVE_ENDPOINTS = {
  smart: { report: reportEndpoints.receive, export: reportEndpoints.receiveExport },
  cpc: { report: reportEndpoints.cpcReceive, export: reportEndpoints.cpcReceiveExport },
} as const;

/** The receive reports (spec 000 section 2): leads received per day, project and receiver. */
export const receiveApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getReceiveReport: build.query<ReceiveReport, ReceiveArgs>({
      query: ({ group, query }) => endpointRequest(RECEIVE_ENDPOINTS[group].report, { query }),
      providesTags: [{ type: 'Report', id: 'receive' }],
    }),
  }),
});

export const { useGetReceiveReportQuery } = receiveApi;
