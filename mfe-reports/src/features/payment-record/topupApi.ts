import { endpointRequest } from '@portal/api-client';
import type { TopupReport } from '@portal/contracts/reports';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';
import type { RangeParams } from '../report-kit/rangeFilters';

export interface TopupParams extends RangeParams {
  type?: number;
}

/** The top-up records (spec 000 section 2), paged; a top-up changes them ('Ledger'). */
export const topupApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getTopups: build.query<TopupReport, TopupParams & { page: number; pageSize: number }>({
      query: (query) => endpointRequest(reportEndpoints.topups, { query }),
      providesTags: ['Ledger'],
    }),
  }),
});

export const { useGetTopupsQuery } = topupApi;
