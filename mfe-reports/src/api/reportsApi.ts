import { axiosBaseQuery } from '@portal/api-client';
import { createApi } from '@reduxjs/toolkit/query/react';

/**
 * The remote's one RTK Query API. Each feature adds its calls with `injectEndpoints` in its own
 * folder, so this file never imports a feature; the tags are listed here because invalidation
 * crosses features (a top-up changes the balance page and the workbench alike).
 */
export const reportsApi = createApi({
  reducerPath: 'reportsApi',
  baseQuery: axiosBaseQuery(),
  tagTypes: ['Item', 'WorkbenchStats', 'Banner', 'Article', 'Industry', 'Report', 'Ledger'],
  // Each mount of the remote starts from fresh server data; cached answers live for a minute.
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
