import type { Lead } from '@portal/contracts';
import { leadsApi } from '../../api/leadsApi';

/** One bidding lead by id, for its message detail page. */
export const feedbackDetailApi = leadsApi.injectEndpoints({
  endpoints: (build) => ({
    getFeedbackLead: build.query<Lead, number>({
      query: (id) => ({ url: `/customer/feedback/feedbacks/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Lead', id }],
    }),
  }),
});

export const { useGetFeedbackLeadQuery } = feedbackDetailApi;
