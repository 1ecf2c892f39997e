import { axiosBaseQuery } from '@portal/api-client';
import { createApi } from '@reduxjs/toolkit/query/react';

/**
 * The remote's one RTK Query API. Each feature adds its calls with `injectEndpoints` in its own
 * folder, so this file never imports a feature; the tags are listed here because invalidation
 * crosses features (an assignment changes the rows of every list).
 */
export const leadsApi = createApi({
  reducerPath: 'leadsApi',
  baseQuery: axiosBaseQuery(),
  tagTypes: ['Lead', 'LeadSummary', 'Item', 'AssignMode', 'ChatConversation', 'ChatHistory'],
  // Lead lists change under the user (new leads, other tabs): cached pages live for 30 seconds.
  keepUnusedDataFor: 30,
  endpoints: () => ({}),
});
