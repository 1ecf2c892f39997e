import { endpointQuery } from '@portal/api-client';
import { mallEndpoints } from '@portal/contracts/endpoints';
import { mallApi } from '../../api/mallApi';

/**
 * The task wall's calls: the sign-in state, signing in, the reward tasks and the share task. They belong to the
 * 'Points' tag: a sign-in refreshes the points summary, the strip and the tasks together.
 */
export const tasksApi = mallApi.injectEndpoints({
  endpoints: (build) => ({
    signin: build.query({ ...endpointQuery(mallEndpoints.signin), providesTags: ['Points'] }),
    signIn: build.mutation({ ...endpointQuery(mallEndpoints.signIn), invalidatesTags: ['Points'] }),
    tasks: build.query({ ...endpointQuery(mallEndpoints.tasks), providesTags: ['Points'] }),
    // The share task: a good's link copied from its share dialog (paid once a China day by the server).
    shareTask: build.mutation({
      ...endpointQuery(mallEndpoints.shareTask, (goodId: number) => ({ body: { goodId } })),
      invalidatesTags: ['Points'],
    }),
  }),
});

export const { useSigninQuery, useSignInMutation, useTasksQuery, useShareTaskMutation } = tasksApi;
