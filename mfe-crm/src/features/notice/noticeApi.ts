import { endpointRequest, type EndpointResult } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { crmSettingsEndpoints } from '@portal/contracts/endpoints';
import { crmApi } from '../../api/crmApi';

type Creator = EndpointResult<typeof crmSettingsEndpoints.saveCreator>;
type Staff = EndpointResult<typeof crmSettingsEndpoints.creatorCandidates>;

/** The ec message notice: its creator, the staff to pick from (synced from ec), and the form-encoded save. */
export const noticeApi = crmApi.injectEndpoints({
  endpoints: (build) => ({
    getCreator: build.query<Creator | null, CrmCode>({
      query: (crmCode) => endpointRequest(crmSettingsEndpoints.creator, { query: { crmCode } }),
      providesTags: ['Creator'],
    }),
    getCreatorCandidates: build.query<Staff, void>({
      query: () => endpointRequest(crmSettingsEndpoints.creatorCandidates, undefined),
      providesTags: ['Staff'],
    }),
    saveCreator: build.mutation<Creator, { crmCode: CrmCode; id?: string; userId: string; userName: string }>({
      query: (body) => endpointRequest(crmSettingsEndpoints.saveCreator, { body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Creator']),
    }),
  }),
});

export const { useGetCreatorQuery, useGetCreatorCandidatesQuery, useSaveCreatorMutation } = noticeApi;
