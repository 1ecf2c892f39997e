import { queryErrorMessage } from '@portal/api-client';
import { ErrorState, LoadingState } from '@portal/design-system';
import { useEffect, type ReactNode } from 'react';
import { useUserInfoQuery } from '../store/shellApi';
import { hardNavigation } from './hardNavigation';
import { hasLoginCookie } from './loginCookie';
import { SessionText } from './texts';

export interface RequireLoginProps {
  children: ReactNode;
}

/** A 401 or 302 is the api-client's to handle: it logs out and leaves for '/'. */
const isUnauthorized = (error: unknown): boolean => {
  const status = error !== null && typeof error === 'object' && 'status' in error ? error.status : undefined;
  return status === 401 || status === 302;
};

/**
 * The logged-in guard (spec 000 section 2): without the login cookie it leaves for '/' (replacing
 * the history entry); with it, it loads the user once (user-info, cached for the page) and renders
 * its children when known.
 */
export function RequireLogin({ children }: RequireLoginProps) {
  const loggedIn = hasLoginCookie();
  const { data: user, error, isError, refetch } = useUserInfoQuery(undefined, { skip: !loggedIn });

  useEffect(() => {
    if (!loggedIn) hardNavigation.replace('/');
  }, [loggedIn]);

  if (!loggedIn) return null;
  if (user) return <>{children}</>;
  if (isError && !isUnauthorized(error)) {
    return <ErrorState message={queryErrorMessage(error, SessionText.UserInfoFailed)} onRetry={() => void refetch()} />;
  }
  return <LoadingState minHeight={480} />;
}
