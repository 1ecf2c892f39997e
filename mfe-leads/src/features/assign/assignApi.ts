import { endpointQuery, endpointRequest } from '@portal/api-client';
import {
  type AssignByChannelSourceBody,
  type AssignByUserBody,
  type AssignCandidate,
  type ChannelSource,
  type ResourceRef,
} from '@portal/contracts/leads';
import { assignEndpoints } from '@portal/contracts/endpoints';
import { leadsApi } from '../../api/leadsApi';
import { LEAD_LIST_TAG } from '../lead-list/leadListApi';

/** What an assignment answers: the server's message (code-style body), for the third-party push. */
export interface AssignAnswer {
  message?: string;
}

const answer = (_data: unknown, meta: { message?: string } | undefined): AssignAnswer => ({ message: meta?.message });
const changedLists = (_result: unknown, error: unknown) => (error ? [] : [LEAD_LIST_TAG, 'LeadSummary' as const]);

/** Manual assignment (spec 001 section 7): the customer's mode, the name searches and the three ways to assign. */
export const assignApi = leadsApi.injectEndpoints({
  endpoints: (build) => ({
    getAssignMode: build.query({ ...endpointQuery(assignEndpoints.mode), providesTags: ['AssignMode'] }),
    /** Every staff member whose name contains `userName`, each saying whether they can take the leads `leadIds` and why not. */
    searchCrmUsers: build.query<AssignCandidate[], { userName: string; leadIds: readonly number[] }>({
      query: ({ userName, leadIds }) => endpointRequest(assignEndpoints.searchUsers, { query: { userName, leadIds: leadIds.join(',') } }),
    }),
    searchChannelSources: build.query<ChannelSource[], string>({
      query: (sourceName) => endpointRequest(assignEndpoints.searchChannelSources, { query: { sourceName } }),
    }),
    assignToUser: build.mutation<AssignAnswer, AssignByUserBody>({
      query: (body) => endpointRequest(assignEndpoints.toUser, { body }),
      transformResponse: answer,
      invalidatesTags: changedLists,
    }),
    assignToChannelSource: build.mutation<AssignAnswer, AssignByChannelSourceBody>({
      query: (body) => endpointRequest(assignEndpoints.toChannelSource, { body }),
      transformResponse: answer,
      invalidatesTags: changedLists,
    }),
    /** Mode 3: the server queues a CRM push of each lead (outbox); its message says how many. */
    assignByThirdPush: build.mutation<AssignAnswer, { resourceList: ResourceRef[] }>({
      query: (body) => endpointRequest(assignEndpoints.byThirdPush, { body }),
      transformResponse: answer,
      invalidatesTags: changedLists,
    }),
  }),
});

export const {
  useLazyGetAssignModeQuery,
  useSearchCrmUsersQuery,
  useSearchChannelSourcesQuery,
  useAssignToUserMutation,
  useAssignToChannelSourceMutation,
  useAssignByThirdPushMutation,
} = assignApi;
