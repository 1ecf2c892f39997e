/**
 * Returning to the asked page after login (issue 27, "Return to where you were"). The guard and an
 * expired session send the visitor to the login page with the page they were on in `redirect`
 * (`/login?redirect=/promote-data%3FitemId%3D3`); after login the page goes there. Only a path of this
 * site is ever followed (no open redirect): see safeReturnPath.
 *
 * The api-client builds the same URL on a 401 (shared/api-client/src/unauthorized.ts, loginUrlFor):
 * the parameter names below are the ones it writes.
 */

/** The query parameter holding the page to return to. */
export const RETURN_PARAM = 'redirect';
/** Present (`expired=1`) when the session ended on its own (a 401): the login page says so. */
export const EXPIRED_PARAM = 'expired';

/** Longer return paths are refused (a URL that long is no page of the portal). */
export const RETURN_PATH_MAX = 2000;

/** The login pages: returning to them after login would only show the form again. */
const LOGIN_PATHS = new Set(['/', '/login']);

// A base no real page has: a path resolving to another origin against it is refused.
const PROBE_ORIGIN = 'http://portal.invalid';

/**
 * The page to return to after login, or null when `value` is not a path of this site. Refused:
 * anything not starting with exactly one '/' (absolute URLs, `//host`, `javascript:`, relative
 * paths), any backslash (browsers read `/\host` as `//host`), whitespace and control characters
 * (browsers drop tabs and newlines, turning `/\t/host` into `//host`), paths resolving to another
 * origin, over-long values and the login pages themselves. The answer is the normalised path with
 * its query and hash.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX) return null;
  if (value[0] !== '/' || value[1] === '/') return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || LOGIN_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login form's page ('/' is the visitor site's home). */
export const LOGIN_PAGE = '/login';

/** The login page asking to come back to `path` afterwards (just /login when `path` is no page to return to). */
export function loginUrlFor(path: string, options: { expired?: boolean } = {}): string {
  const params = new URLSearchParams();
  const target = safeReturnPath(path);
  if (target) params.set(RETURN_PARAM, target);
  if (options.expired) params.set(EXPIRED_PARAM, '1');
  const query = params.toString();
  return query ? `${LOGIN_PAGE}?${query}` : LOGIN_PAGE;
}
