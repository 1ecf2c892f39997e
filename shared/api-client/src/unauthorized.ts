import { LOGIN_COOKIE, LOGOUT_REDIRECT_GUARD_MS } from '@portal/contracts';
import { SessionLogoutEvent, type EventBus } from '@portal/event-bus';
import type { AxiosResponse } from 'axios';

/** What handling a 401/302 needs from the page; every part can be replaced in tests. */
export interface SessionEnvironment {
  navigate: (url: string) => void;
  currentPath: () => string;
  clearSession: () => void;
  eventBus: EventBus;
  now: () => number;
}

const hasWindow = (): boolean => typeof window !== 'undefined' && typeof window.location !== 'undefined';

export const browserNavigate = (url: string): void => {
  if (hasWindow()) window.location.assign(url);
};

export const browserCurrentPath = (): string => (hasWindow() ? window.location.pathname : '/');

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

const samePath = (target: string, currentPath: string): boolean => {
  const base = hasWindow() ? window.location.href : 'http://localhost/';
  try {
    const url = new URL(target, base);
    return url.origin === new URL(base).origin && url.pathname === currentPath;
  } catch {
    return false;
  }
};

/**
 * The 401/302 handler of one client: clear the session, publish logout, go to the location header
 * or '/'. Several calls failing together must log out once, so later failures within the guard
 * window are ignored; and a page already at the target is not reloaded.
 */
export function createUnauthorizedHandler(env: SessionEnvironment): (response: UnauthorizedAnswer) => void {
  let lastHandledAt = Number.NEGATIVE_INFINITY;
  return (response) => {
    const now = env.now();
    if (now - lastHandledAt < LOGOUT_REDIRECT_GUARD_MS) return;
    lastHandledAt = now;
    env.clearSession();
    env.eventBus.publish(new SessionLogoutEvent({ reason: 'unauthorized' }));
    const target = locationOf(response);
    if (!samePath(target, env.currentPath())) env.navigate(target);
  };
}
