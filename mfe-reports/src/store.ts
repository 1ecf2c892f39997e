import { configureStore } from '@reduxjs/toolkit';
import { reportsApi } from './api/reportsApi';

/**
 * The remote's own store: server data through RTK Query (see api/reportsApi.ts); UI slices of
 * later pages join the reducer map here. One store per mount, so that a new login never sees
 * the cache of the previous account.
 */
export function createReportsStore() {
  return configureStore({
    reducer: { [reportsApi.reducerPath]: reportsApi.reducer },
    middleware: (getDefault) => getDefault().concat(reportsApi.middleware),
  });
}

export type ReportsStore = ReturnType<typeof createReportsStore>;
export type ReportsState = ReturnType<ReportsStore['getState']>;
export type ReportsDispatch = ReportsStore['dispatch'];
