import type { User } from '@portal/api-client';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createSessionStore, type SessionState, type SessionStore } from './sessionStore';

let pageStore: SessionStore | null = null;
/** The page's session store, created on first use. */
export const pageSessionStore = (): SessionStore => (pageStore ??= createSessionStore());

const SessionContext = createContext<SessionStore | null>(null);

export interface SessionProviderProps {
  /** Default: the page's store (user-info through the api-client). */
  store?: SessionStore;
  children: ReactNode;
}

export function SessionProvider({ store, children }: SessionProviderProps) {
  return <SessionContext.Provider value={store ?? pageSessionStore()}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  return useContext(SessionContext) ?? pageSessionStore();
}

export function useSessionState(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The logged-in user; only under RequireLogin, which renders its children once the user is known. */
export function useSessionUser(): User {
  const state = useSessionState();
  if (state.status !== 'ready') throw new Error('useSessionUser outside a loaded session');
  return state.user;
}
