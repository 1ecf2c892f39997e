import { REQUEST_TIMEOUT_MS, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, isSuccessStatus } from '@portal/contracts';
import { getEventBus, type EventBus } from '@portal/event-bus';
import axios, { type AxiosInstance, type CreateAxiosDefaults } from 'axios';
import { toApiError } from './ApiError';
import { browserCurrentPath, browserNavigate, clearLoginCookie, createUnauthorizedHandler } from './unauthorized';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Leave a 401/302 of this call to the caller instead of logging out (login itself). */
    skipUnauthorizedRedirect?: boolean;
  }
}

export interface ApiClientOptions {
  /** Default '/rest'. */
  baseURL?: string;
  /** Default REQUEST_TIMEOUT_MS (300000). */
  timeout?: number;
  /** axios adapter ('xhr', 'http', 'fetch' or a function); default axios's choice. */
  adapter?: CreateAxiosDefaults['adapter'];
  /** Goes to a URL after a 401/302; default window.location.assign. */
  navigate?: (url: string) => void;
  /**
   * The page's path with its query and hash: the page the login page returns to, and to skip
   * navigating to where we already are; default window.location's.
   */
  currentPath?: () => string;
  /** Clears the client side of the session; default deletes the login cookie. */
  clearSession?: () => void;
  /** Where the logout event goes; default the page's bus. */
  eventBus?: EventBus;
  /** Clock of the 500 ms redirect guard; default Date.now. */
  now?: () => number;
}

const isUnauthorizedStatus = (status: number): boolean => status === 401 || status === 302;

/**
 * An axios instance for the portal's API: base /rest, 300 s timeout, cookies, X-Requested-With on
 * every request. Statuses 200-204 succeed; every failure rejects with ApiError; a 401 or 302 also
 * ends the session (see createUnauthorizedHandler).
 */
export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const http = axios.create({
    baseURL: options.baseURL ?? '/rest',
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    withCredentials: true,
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    // 302 must reach the interceptor: only 200-204 succeed, and node's adapter must not follow
    // redirects (browsers follow them inside XHR whatever this says).
    validateStatus: isSuccessStatus,
    maxRedirects: 0,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const onUnauthorized = createUnauthorizedHandler({
    navigate: options.navigate ?? browserNavigate,
    currentPath: options.currentPath ?? browserCurrentPath,
    clearSession: options.clearSession ?? clearLoginCookie,
    eventBus: options.eventBus ?? getEventBus(),
    now: options.now ?? Date.now,
  });
  http.interceptors.response.use(undefined, (error: unknown) => {
    if (axios.isAxiosError(error) && error.response && isUnauthorizedStatus(error.response.status)) {
      if (!error.config?.skipUnauthorizedRedirect) onUnauthorized(error.response);
    }
    return Promise.reject(toApiError(error));
  });
  return http;
}

/** The page's client, used by the typed endpoints unless they are given another. */
export const apiClient: AxiosInstance = createApiClient();
