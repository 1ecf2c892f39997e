import { endpointQuery } from '@portal/api-client';
import { type Lead } from '@portal/contracts';
import { leadEndpoints } from '@portal/contracts/endpoints';
import { leadsApi } from '../../api/leadsApi';

const detail = endpointQuery(leadEndpoints.detail);

/** One bidding lead by id, for its message detail page. */
export const feedbackDetailApi = leadsApi.injectEndpoints({
  endpoints: (build) => ({
    getFeedbackLead: build.query<Lead, number>({
      query: (id) => detail.query({ params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Lead', id }],
    }),
  }),
});

export const { useGetFeedbackLeadQuery } = feedbackDetailApi;
