import { configureStore } from '@reduxjs/toolkit';
import { shellApi } from './shellApi';

/** The shell's redux store: its server data, through the one RTK Query api (shellApi). */
export function createShellStore() {
  return configureStore({
    reducer: { [shellApi.reducerPath]: shellApi.reducer },
    middleware: (getDefault) =>
      getDefault({
        // An avatar upload's argument is the image (a Blob); RTK Query keeps mutation arguments.
        // The development checks warn past 32 ms, which a busy machine reaches with nothing amiss.
        serializableCheck: { ignoredPaths: [`${shellApi.reducerPath}.mutations`], warnAfter: 128 },
        immutableCheck: { warnAfter: 128 },
      }).concat(shellApi.middleware),
  });
}

export type ShellStore = ReturnType<typeof createShellStore>;
export type ShellState = ReturnType<ShellStore['getState']>;

let pageStore: ShellStore | null = null;

/** The page's store, created on first use (the logged-in part of the shell; the login page's calls). */
export const getPageStore = (): ShellStore => (pageStore ??= createShellStore());
