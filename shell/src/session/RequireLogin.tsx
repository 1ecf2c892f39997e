import { errorMessage, isApiError } from '@portal/api-client';
import { ErrorState, LoadingState } from '@portal/design-system';
import { useEffect, type ReactNode } from 'react';
import { hardNavigation } from './hardNavigation';
import { hasLoginCookie } from './loginCookie';
import { useSessionState, useSessionStore } from './SessionContext';
import { SessionText } from './texts';

export interface RequireLoginProps {
  children: ReactNode;
}

/**
 * The logged-in guard (spec 000 section 2): without the login cookie it leaves for '/' (replacing
 * the history entry); with it, it loads the user once and renders its children when known.
 */
export function RequireLogin({ children }: RequireLoginProps) {
  const loggedIn = hasLoginCookie();
  const store = useSessionStore();
  const state = useSessionState();

  useEffect(() => {
    if (loggedIn) store.load();
    else hardNavigation.replace('/');
  }, [loggedIn, store]);

  if (!loggedIn) return null;
  if (state.status === 'ready') return <>{children}</>;
  if (state.status === 'failed') {
    // A 401 is the api-client's to handle: it logs out and leaves for '/'.
    const unauthorized = isApiError(state.error) && (state.error.status === 401 || state.error.status === 302);
    if (!unauthorized) {
      return <ErrorState message={errorMessage(state.error, SessionText.UserInfoFailed)} onRetry={() => store.load()} />;
    }
  }
  return <LoadingState minHeight={480} />;
}
