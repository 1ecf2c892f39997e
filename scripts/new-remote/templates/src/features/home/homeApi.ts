import { endpointQuery } from '@portal/api-client';
import { authEndpoints } from '@portal/contracts/endpoints';
import { __name__Api } from '../../api/__name__Api';

/**
 * The home page's calls, each a catalogue entry of `@portal/contracts/endpoints` through
 * `endpointQuery` (the answer is parsed with the entry's schema and typed by it).
 *
 * EXAMPLE TO REPLACE: the logged-in user (`GET /customer/user-info`) only shows the remote's call
 * path working end to end. Replace it with the page's own entries: add them to the module's file in
 * `shared/contracts/src/endpoints/` (README "Endpoint catalogue"), register them on the server, and
 * list them here: `build.query({ ...endpointQuery(entry), providesTags })`.
 */
export const homeApi = __name__Api.injectEndpoints({
  endpoints: (build) => ({
    currentUser: build.query({ ...endpointQuery(authEndpoints.userInfo), providesTags: ['User'] }),
  }),
});

export const { useCurrentUserQuery } = homeApi;
