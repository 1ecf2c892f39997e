import { endpointQuery } from '@portal/api-client';
import { type Lead } from '@portal/contracts/leads';
import { leadEndpoints, scheduleEndpoints } from '@portal/contracts/endpoints';
import type { LeadDistribution } from '@portal/contracts/schedule';
import { leadsApi } from '../../api/leadsApi';

const detail = endpointQuery(leadEndpoints.detail);
const distribution = endpointQuery(scheduleEndpoints.leadDistribution);

/** One bidding lead by id, for its message detail page, and why it went to whom. */
export const feedbackDetailApi = leadsApi.injectEndpoints({
  endpoints: (build) => ({
    getFeedbackLead: build.query<Lead, number>({
      query: (id) => detail.query({ params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Lead', id }],
    }),
    /** The lead's distribution record; null for a lead the engine never saw. An assignment refreshes it (the lead's tag). */
    getLeadDistribution: build.query<LeadDistribution | null, number>({
      query: (id) => distribution.query({ params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Lead', id }],
    }),
  }),
});

export const { useGetFeedbackLeadQuery, useGetLeadDistributionQuery } = feedbackDetailApi;
