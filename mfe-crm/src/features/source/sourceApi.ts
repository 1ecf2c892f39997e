import { endpointRequest } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import type { ChannelSource, CrmUser } from '@portal/contracts/leads';
import { assignEndpoints, crmSettingsEndpoints } from '@portal/contracts/endpoints';
import { crmApi } from '../../api/crmApi';

/**
 * The customer's channel sources and staff as synced from the CRM: the name searches (at most 20
 * each, all when blank), ec's source sync and the staff sync of any CRM (crmuser/synchro).
 */
export const sourceApi = crmApi.injectEndpoints({
  endpoints: (build) => ({
    searchSources: build.query<ChannelSource[], string>({
      query: (sourceName) => endpointRequest(assignEndpoints.searchChannelSources, { query: { sourceName } }),
      providesTags: ['Source'],
    }),
    syncEcSources: build.mutation<unknown, void>({
      query: () => endpointRequest(crmSettingsEndpoints.syncEcSources, undefined),
      invalidatesTags: (_result, error) => (error ? [] : ['Source']),
    }),
    searchStaff: build.query<CrmUser[], string>({
      query: (userName) => endpointRequest(assignEndpoints.searchUsers, { query: { userName } }),
      providesTags: ['Staff'],
    }),
    syncStaff: build.mutation<unknown, CrmCode>({
      query: (crmCode) => endpointRequest(crmSettingsEndpoints.syncStaff, { query: { crmCode } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
  }),
});

export const { useSearchSourcesQuery, useSyncEcSourcesMutation, useSearchStaffQuery, useSyncStaffMutation } = sourceApi;
