import { queryErrorMessage } from '@portal/api-client';
import { ErrorState, LoadingState } from '@portal/design-system';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useUserInfoQuery } from '../store/shellApi';
import { hardNavigation } from './hardNavigation';
import { hasLoginCookie, hasSessionExpiredMark } from './loginCookie';
import { loginUrlFor } from './returnPath';
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
 * The logged-in guard (spec 000 section 2): without the login cookie it leaves for the login page
 * (replacing the history entry), which comes back to this page after login; with it, it loads the user once (user-info, cached for the page) and renders
 * its children when known.
 */
export function RequireLogin({ children }: RequireLoginProps) {
  // Read once: a call answered 401 later clears the cookie, and then the api-client leaves for the
  // login saying the session expired; this guard must not race it with a plain redirect.
  const [loggedIn] = useState(hasLoginCookie);
  const { pathname, search, hash } = useLocation();
  const loginUrl = loginUrlFor(`${pathname}${search}${hash}`, { expired: !loggedIn && hasSessionExpiredMark() });
  const { data: user, error, isError, refetch } = useUserInfoQuery(undefined, { skip: !loggedIn });

  useEffect(() => {
    if (!loggedIn) hardNavigation.replace(loginUrl);
  }, [loggedIn, loginUrl]);

  if (!loggedIn) return null;
  if (user) return <>{children}</>;
  if (isError && !isUnauthorized(error)) {
    return <ErrorState message={queryErrorMessage(error, SessionText.UserInfoFailed)} onRetry={() => void refetch()} />;
  }
  return <LoadingState minHeight={480} />;
}
