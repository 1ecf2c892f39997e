import { endpointQuery } from '@portal/api-client';
import { reportEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';

/** The balance centre (spec 000 section 2): every project's balance and recent cost. A top-up changes it ('Ledger'). */
export const balanceApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getBalanceReport: build.query({ ...endpointQuery(reportEndpoints.balance), providesTags: ['Ledger'] }),
  }),
});

export const { useGetBalanceReportQuery } = balanceApi;
