import { endpointQuery } from '@portal/api-client';
import { mallEndpoints } from '@portal/contracts/endpoints';
import { mallApi } from '../../api/mallApi';

/**
 * The task wall's calls: the sign-in state, signing in and the reward tasks. They belong to the
 * 'Points' tag: a sign-in refreshes the points summary, the strip and the tasks together.
 */
export const tasksApi = mallApi.injectEndpoints({
  endpoints: (build) => ({
    signin: build.query({ ...endpointQuery(mallEndpoints.signin), providesTags: ['Points'] }),
    signIn: build.mutation({ ...endpointQuery(mallEndpoints.signIn), invalidatesTags: ['Points'] }),
    tasks: build.query({ ...endpointQuery(mallEndpoints.tasks), providesTags: ['Points'] }),
  }),
});

export const { useSigninQuery, useSignInMutation, useTasksQuery } = tasksApi;
