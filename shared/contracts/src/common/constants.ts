/** Business constants and limits: spec 001 section 9 and spec 000 section 9. */

/** Every request's timeout, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 300000;
/** Lead unread polling interval (every 3 minutes). */
export const POLLING_INTERVAL_MS = 180000;
/** Delay before a list reloads after a batch delete. */
export const BATCH_DELETE_RELOAD_DELAY_MS = 500;
/** Guard window for the 401/302 logout redirect. */
export const LOGOUT_REDIRECT_GUARD_MS = 500;

export const FIRST_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50, 100] as const;
/** The largest page size a list call accepts. */
export const MAX_PAGE_SIZE = 100;

export const PHONE_LENGTH = 11;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 18;
export const ACCOUNT_MIN = 3;
export const ACCOUNT_MAX = 15;
export const SUGGESTION_MAX = 200;
/** Avatar images must be under 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Badge counts show at most this number (99+). */
export const BADGE_CAP = 99;

/**
 * Password attempts (login, and both password changes), per account and client address: this
 * many may fail in a row; from the last of them on, each further attempt waits a delay that
 * starts at LOGIN_LOCK_BASE_MS and doubles up to LOGIN_LOCK_MAX_MS. The count is forgotten after
 * LOGIN_FAILURE_WINDOW_MS without attempts (past any wait) and cleared by a right password.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_BASE_MS = 60 * 1000;
export const LOGIN_LOCK_MAX_MS = 15 * 60 * 1000;
/**
 * Per account from all addresses but those it logged in from lately: a higher ceiling against
 * attackers spread over many addresses, same doubling waits, forgotten after an hour of quiet.
 */
export const LOGIN_ACCOUNT_MAX_FAILURES = 50;
export const LOGIN_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
/** An address the account logged in from within this time is exempt from the per-account limit. */
export const LOGIN_TRUSTED_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the token of a 10002 login opens the forced password change. */
export const FORCED_CHANGE_TOKEN_TTL_MS = 10 * 60 * 1000;

/** Response headers carrying pagination (spec 001 section 9). */
export const PAGINATION_INFO_HEADER = 'x-pagination-info';
export const LINK_HEADER = 'link';
/** Header required on every state-changing call. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';
/** The name of the session cookie; the shell's guard looks for the login cookie. */
export const SESSION_COOKIE = 'portal_sid';
export const LOGIN_COOKIE = 'portal_login';
/**
 * Set by the server (for a few minutes) in the same answer that clears a stale login cookie (the
 * request's session is gone): a page loaded just after that answer, before the api-client moved
 * to the login page (a reload at that moment), finds no login cookie but this one, and the guard
 * still tells the login page the session expired. Login and the login page clear it.
 */
export const SESSION_EXPIRED_COOKIE = 'portal_expired';
/** How long the expired-session cookie lives, in seconds. */
export const SESSION_EXPIRED_COOKIE_MAX_AGE_S = 600;
