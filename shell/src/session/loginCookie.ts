import { LOGIN_COOKIE, SESSION_EXPIRED_COOKIE } from '@portal/contracts';

/** Whether the login cookie the server sets at login (readable by scripts, unlike the session cookie) is present. */
export function hasLoginCookie(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => {
    const [name, ...rest] = pair.trim().split('=');
    return name === LOGIN_COOKIE && rest.join('=').trim() !== '';
  });
}

export function clearLoginCookie(): void {
  document.cookie = `${LOGIN_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
}

/**
 * Whether the server said the session ended on its own (SESSION_EXPIRED_COOKIE, set in the answer
 * that cleared a stale login cookie): a page loaded right after that answer (a reload racing the
 * api-client's move) finds no login cookie, and the guard still tells the login page why.
 */
export function hasSessionExpiredMark(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim().split('=')[0] === SESSION_EXPIRED_COOKIE);
}

/** The login page has said it (or the visitor logs in again): the mark is spent. */
export function clearSessionExpiredMark(): void {
  document.cookie = `${SESSION_EXPIRED_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
}
