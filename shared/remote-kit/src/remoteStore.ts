import { configureStore, type Dispatch, type Middleware, type Reducer, type Store, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';

/** What a remote's store needs of an RTK Query api slice (`createApi(...)`). */
export interface ApiSlice {
  reducerPath: string;
  reducer: Reducer;
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any -- RTK's own Middleware default ({}); each api types its own state and dispatch
  middleware: Middleware<{}, any, any>;
}

/** The state of a remote's store: each api's cache under its reducerPath. */
export type RemoteState<A extends readonly ApiSlice[]> = { [P in A[number] as P['reducerPath']]: ReturnType<P['reducer']> };
export type RemoteDispatch<A extends readonly ApiSlice[]> = ThunkDispatch<RemoteState<A>, undefined, UnknownAction> & Dispatch<UnknownAction>;
export type RemoteStore<A extends readonly ApiSlice[]> = Store<RemoteState<A>> & { dispatch: RemoteDispatch<A> };

/**
 * A remote's store: server data through its RTK Query api slices, each under its reducerPath with
 * its middleware (UI state lives in the pages' components).
 */
export function createRemoteStore<A extends readonly ApiSlice[]>(apis: A): RemoteStore<A> {
  return configureStore({
    reducer: Object.fromEntries(apis.map((api) => [api.reducerPath, api.reducer])),
    middleware: (getDefault) => getDefault().concat(apis.map((api) => api.middleware)),
  }) as RemoteStore<A>;
}
