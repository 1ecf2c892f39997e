import { endpointQuery } from '@portal/api-client';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';

/** The open-screen keyword analysis: `{ query: { startTime, endTime, top } }`, the answer parsed with its schema. */
export const keywordApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getKeywordAnalysis: build.query({ ...endpointQuery(reportEndpoints.analysisKeywords), providesTags: ['Report'] }),
  }),
});

export const { useGetKeywordAnalysisQuery } = keywordApi;
