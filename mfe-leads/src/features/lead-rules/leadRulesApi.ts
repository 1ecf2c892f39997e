import { endpointQuery, endpointRequest } from '@portal/api-client';
import type { LeadRules, LeadRulesSave } from '@portal/contracts/leads';
import { leadEndpoints } from '@portal/contracts/endpoints';
import { leadsApi } from '../../api/leadsApi';

export const LEAD_RULES_TAG = { type: 'LeadRules', id: 'CUSTOMER' } as const;

/** The customer's duplicate rule (issue 24): GET and PUT /customer/lead-rules of the catalogue. */
export const leadRulesApi = leadsApi.enhanceEndpoints({ addTagTypes: ['LeadRules'] }).injectEndpoints({
  endpoints: (build) => ({
    // Asked each time the dialog opens: another tab may have changed it.
    getLeadRules: build.query<LeadRules, void>({ ...endpointQuery(leadEndpoints.rules), providesTags: [LEAD_RULES_TAG], keepUnusedDataFor: 0 }),
    saveLeadRules: build.mutation<LeadRules, LeadRulesSave>({
      query: (body) => endpointRequest(leadEndpoints.saveRules, { body }),
      invalidatesTags: (_result, error) => (error ? [] : [LEAD_RULES_TAG]),
    }),
  }),
});

export const { useGetLeadRulesQuery, useSaveLeadRulesMutation } = leadRulesApi;
