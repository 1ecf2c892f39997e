import { endpointQuery } from '@portal/api-client';
import { mallEndpoints } from '@portal/contracts/endpoints';
import { mallApi } from '../../api/mallApi';

/** The customer's points: the summary (current, today's and yesterday's) and the points log, paged. */
export const pointsApi = mallApi.injectEndpoints({
  endpoints: (build) => ({
    points: build.query({ ...endpointQuery(mallEndpoints.points), providesTags: ['Points'] }),
    pointsLog: build.query({
      ...endpointQuery(mallEndpoints.pointsLog, (paging: { page: number; pageSize: number }) => ({ query: paging })),
      providesTags: ['Points'],
    }),
  }),
});

export const { usePointsQuery, usePointsLogQuery } = pointsApi;
