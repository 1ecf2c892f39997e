import { endpointRequest } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import type { AccountForm, CrmAccount } from '@portal/contracts/crm';
import { crmSettingsEndpoints } from '@portal/contracts/endpoints';
import { ALL_CRM_TAGS, crmApi } from '../../api/crmApi';

/**
 * The CRM account (spec 001 section 7 "CRM account and source"): the saved account of a CRM
 * (secrets answered masked, null when none, with its setup steps and push connection), and its
 * form-encoded save. A saved account may have cleared the CRM's earlier configuration, so the
 * save makes every answer stale.
 */
export const accountApi = crmApi.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<CrmAccount | null, CrmCode>({
      query: (crmCode) => endpointRequest(crmSettingsEndpoints.account, { query: { crmCode } }),
      providesTags: ['Account'],
    }),
    saveAccount: build.mutation<CrmAccount, AccountForm>({
      query: (body) => endpointRequest(crmSettingsEndpoints.saveAccount, { body }),
      invalidatesTags: (_result, error) => (error ? [] : ALL_CRM_TAGS),
    }),
  }),
});

export const { useGetAccountQuery, useSaveAccountMutation } = accountApi;
