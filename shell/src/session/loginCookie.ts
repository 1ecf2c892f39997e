import { LOGIN_COOKIE } from '@portal/contracts';

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
