import { LOGIN_COOKIE, LOGOUT_REDIRECT_GUARD_MS } from '@portal/contracts';
import { SessionLogoutEvent, type EventBus } from '@portal/event-bus';
import type { AxiosResponse } from 'axios';

/** What handling a 401/302 needs from the page; every part can be replaced in tests. */
export interface SessionEnvironment {
  navigate: (url: string) => void;
  /** The page's path with its query and hash ('/promote-data?itemId=3'). */
  currentPath: () => string;
  clearSession: () => void;
  eventBus: EventBus;
  now: () => number;
}

const hasWindow = (): boolean => typeof window !== 'undefined' && typeof window.location !== 'undefined';

export const browserNavigate = (url: string): void => {
  if (hasWindow()) window.location.assign(url);
};

/** The page's path with its query and hash: the page to come back to after logging in again. */
export const browserCurrentPath = (): string => (hasWindow() ? `${window.location.pathname}${window.location.search}${window.location.hash}` : '/');

/** Deletes the login cookie the shell's guard looks for; the httpOnly session cookie is the server's to end. */
export const clearLoginCookie = (): void => {
  if (typeof document === 'undefined') return;
  document.cookie = `${LOGIN_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
};

/** What the handler reads of a 401/302 answer: its headers (an axios response, or a download's). */
export type UnauthorizedAnswer = Pick<AxiosResponse, 'headers'>;

const locationOf = (response: UnauthorizedAnswer): string => {
  const value: unknown = response.headers?.location;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : '/';
};

const pageOrigin = (): string => (hasWindow() ? window.location.origin : 'http://localhost');

/**
 * The login page's query parameters, as the shell's login page reads them (shell/src/session/returnPath.ts,
 * which also checks that the page to return to is a path of this site before going there).
 */
export const LOGIN_RETURN_PARAM = 'redirect';
export const LOGIN_EXPIRED_PARAM = 'expired';
const LOGIN_PATHS = new Set(['/', '/login']);
/** The login form's page. */
export const LOGIN_PAGE = '/login';

/**
 * Where a 401/302 sends the page: the `location` header, or the login page. The login page (the
 * header's when it names '/' or '/login' on this site without saying where to return) is told that
 * the session expired and which page to come back to after login, the page's path with its query.
 */
export function unauthorizedTarget(location: string, currentPath: string): string {
  let url: URL;
  try {
    url = new URL(location, pageOrigin());
  } catch {
    return location;
  }
  if (url.origin !== pageOrigin() || !LOGIN_PATHS.has(url.pathname) || url.searchParams.has(LOGIN_RETURN_PARAM)) return location;
  const current = new URL(currentPath, pageOrigin());
  if (LOGIN_PATHS.has(current.pathname)) return location;
  // The login form is at /login ('/' is the visitor site's home).
  url.pathname = LOGIN_PAGE;
  url.searchParams.set(LOGIN_RETURN_PARAM, `${current.pathname}${current.search}${current.hash}`);
  url.searchParams.set(LOGIN_EXPIRED_PARAM, '1');
  return `${url.pathname}${url.search}${url.hash}`;
}

const samePath = (target: string, currentPath: string): boolean => {
  try {
    const url = new URL(target, pageOrigin());
    return url.origin === pageOrigin() && url.pathname === new URL(currentPath, pageOrigin()).pathname;
  } catch {
    return false;
  }
};

/**
 * The 401/302 handler of one client: clear the session, publish logout, go to the location header
 * or the login page (asked to return to this page, see unauthorizedTarget). Several calls failing
 * together must log out once, so later failures within the guard window are ignored; and a page
 * already at the target is not reloaded.
 */
export function createUnauthorizedHandler(env: SessionEnvironment): (response: UnauthorizedAnswer) => void {
  let lastHandledAt = Number.NEGATIVE_INFINITY;
  return (response) => {
    const now = env.now();
    if (now - lastHandledAt < LOGOUT_REDIRECT_GUARD_MS) return;
    lastHandledAt = now;
    env.clearSession();
    env.eventBus.publish(new SessionLogoutEvent({ reason: 'unauthorized' }));
    const currentPath = env.currentPath();
    const target = unauthorizedTarget(locationOf(response), currentPath);
    if (!samePath(target, currentPath)) env.navigate(target);
  };
}
