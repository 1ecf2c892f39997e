import { configureStore } from '@reduxjs/toolkit';
import { leadsApi } from './api/leadsApi';

/**
 * The remote's own store: server data through RTK Query (see api/leadsApi.ts); the lists' UI
 * state (filters, selection, dialogs) lives in their components. One store per mount, so that a
 * new login never sees the cache of the previous account.
 */
export function createLeadsStore() {
  return configureStore({
    reducer: { [leadsApi.reducerPath]: leadsApi.reducer },
    middleware: (getDefault) => getDefault().concat(leadsApi.middleware),
  });
}

export type LeadsStore = ReturnType<typeof createLeadsStore>;
export type LeadsState = ReturnType<LeadsStore['getState']>;
export type LeadsDispatch = LeadsStore['dispatch'];
