import { axiosBaseQuery } from '@portal/api-client';
import { createApi } from '@reduxjs/toolkit/query/react';

/**
 * The remote's one RTK Query API. Each feature adds its calls with `injectEndpoints` in its own
 * folder (every call a catalogue entry of `@portal/contracts/endpoints`, through `endpointQuery`),
 * so this file never imports a feature; the cache tags are listed here because invalidation may
 * cross features.
 */
export const mallApi = createApi({
  reducerPath: 'mallApi',
  baseQuery: axiosBaseQuery(),
  tagTypes: ['Points', 'Goods', 'Addresses', 'Orders'],
  // Each mount of the remote starts from fresh server data; cached answers live for a minute.
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
