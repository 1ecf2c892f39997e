import { endpointRequest } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import type { CrmConnection } from '@portal/contracts/crm';
import { crmPushEndpoints } from '@portal/contracts/endpoints';
import { crmApi } from '../../api/crmApi';

/** The push connection of a CRM account: paused after a run of failures, until a retry succeeds or the customer resumes it. */
export const connectionApi = crmApi.injectEndpoints({
  endpoints: (build) => ({
    getConnection: build.query<CrmConnection, CrmCode>({
      query: (crmCode) => endpointRequest(crmPushEndpoints.connection, { query: { crmCode } }),
      providesTags: ['Connection'],
    }),
    resumePush: build.mutation<unknown, CrmCode>({
      query: (crmCode) => endpointRequest(crmPushEndpoints.resume, { body: { crmCode } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Connection', 'Account', 'PushLog']),
    }),
  }),
});

export const { useGetConnectionQuery, useResumePushMutation } = connectionApi;
