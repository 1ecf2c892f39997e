import { endpointQuery } from '@portal/api-client';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';

/**
 * The analysis page's calls, each a catalogue entry (its query schema's keys; the answer parsed
 * with its response schema): `{ query: { startTime, endTime, top? } }`.
 */
export const analysisApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getRegionAnalysis: build.query({ ...endpointQuery(reportEndpoints.analysisRegion), providesTags: ['Report'] }),
    getSearchProvinceAnalysis: build.query({ ...endpointQuery(reportEndpoints.analysisSearchProvince), providesTags: ['Report'] }),
    getProjectAnalysis: build.query({ ...endpointQuery(reportEndpoints.analysisProject), providesTags: ['Report'] }),
  }),
});

export const { useGetRegionAnalysisQuery, useGetSearchProvinceAnalysisQuery, useGetProjectAnalysisQuery } = analysisApi;
