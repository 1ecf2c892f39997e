import { endpointQuery } from '@portal/api-client';
import { crmPushEndpoints } from '@portal/contracts/endpoints';
import { crmApi } from '../../api/crmApi';

const changed = (_result: unknown, error: unknown) => (error ? [] : (['PushLog', 'Connection', 'Account'] as const));

/** The push log of a CRM (ours, kept 90 days): the pushes of a filter, one push's attempts, and 重新推送 of one or all failed. */
export const pushLogApi = crmApi.injectEndpoints({
  endpoints: (build) => ({
    getPushLog: build.query({ ...endpointQuery(crmPushEndpoints.log), providesTags: ['PushLog'] }),
    getPushAttempts: build.query({ ...endpointQuery(crmPushEndpoints.attempts), providesTags: ['PushLog'] }),
    retryPush: build.mutation({ ...endpointQuery(crmPushEndpoints.retry), invalidatesTags: changed }),
    retryFailedPushes: build.mutation({ ...endpointQuery(crmPushEndpoints.retryFailed), invalidatesTags: changed }),
  }),
});

export const { useGetPushLogQuery, useGetPushAttemptsQuery, useRetryPushMutation, useRetryFailedPushesMutation } = pushLogApi;
