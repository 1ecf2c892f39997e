import { endpointRequest } from '@portal/api-client';
import { type PromotionReport } from '@portal/contracts/reports';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';
import type { RangeParams } from '../report-kit/rangeFilters';

/** The promotion report (spec 000 section 2): per day and project, paged, with the daily trend of the whole range. */
export const promotionApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getPromotion: build.query<PromotionReport, RangeParams & { page: number; pageSize: number }>({
      query: (query) => endpointRequest(reportEndpoints.promotion, { query }),
      providesTags: [{ type: 'Report', id: 'promotion' }],
    }),
  }),
});

export const { useGetPromotionQuery } = promotionApi;
