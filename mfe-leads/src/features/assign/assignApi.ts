import type { AssignByChannelSourceBody, AssignByUserBody, ChannelSource, CrmUser, ResourceRef } from '@portal/contracts';
import { leadsApi } from '../../api/leadsApi';
import { LEAD_LIST_TAG } from '../lead-list/leadListApi';

const D = '/es/eccutomerdistribute';

/** What an assignment answers: the server's message (code-style body), for the third-party push. */
export interface AssignAnswer {
  message?: string;
}

const answer = (_data: unknown, meta: { message?: string } | undefined): AssignAnswer => ({ message: meta?.message });
const changedLists = (_result: unknown, error: unknown) => (error ? [] : [LEAD_LIST_TAG, 'LeadSummary' as const]);

/** Manual assignment (spec 001 section 7): the customer's mode, the name searches and the three ways to assign. */
export const assignApi = leadsApi.injectEndpoints({
  endpoints: (build) => ({
    getAssignMode: build.query<number, void>({
      query: () => ({ url: `${D}/getCrmAssignResourceType` }),
      providesTags: ['AssignMode'],
    }),
    searchCrmUsers: build.query<CrmUser[], string>({
      query: (userName) => ({ url: '/es/crmuser/like', params: { userName } }),
    }),
    searchChannelSources: build.query<ChannelSource[], string>({
      query: (sourceName) => ({ url: '/es/crmchannelsource/like', params: { sourceName } }),
    }),
    assignToUser: build.mutation<AssignAnswer, AssignByUserBody>({
      query: (data) => ({ url: `${D}/assignResourcesManually`, method: 'PUT', data }),
      transformResponse: answer,
      invalidatesTags: changedLists,
    }),
    assignToChannelSource: build.mutation<AssignAnswer, AssignByChannelSourceBody>({
      query: (data) => ({ url: `${D}/assignResourcesManuallyByChannelSource`, method: 'PUT', data }),
      transformResponse: answer,
      invalidatesTags: changedLists,
    }),
    assignByThirdPush: build.mutation<AssignAnswer, { resourceList: ResourceRef[]; channelSourceCode: string }>({
      query: (data) => ({ url: `${D}/AssignResourcesManuallyByThridPush`, method: 'PUT', data }),
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
