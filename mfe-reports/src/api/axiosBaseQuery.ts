import { apiClient, toApiError, unwrapCode } from '@portal/api-client';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';

// The client's own axios types (the api-client may pin another axios than the root's).
type Http = typeof apiClient;
type RequestConfig = NonNullable<Parameters<Http['request']>[0]>;

/** What an endpoint's `query` returns: one call relative to the client's base (/rest). */
export interface AxiosQueryArgs {
  url: string;
  method?: RequestConfig['method'];
  params?: RequestConfig['params'];
  data?: RequestConfig['data'];
}

/**
 * A failed call as it sits in the store: plain data (the store must stay serializable), with the
 * Chinese text already chosen by the api-client.
 */
export interface AxiosQueryError {
  status: number;
  code: string;
  message: string;
}

/** Response headers, for endpoints whose answer lives partly there (x-pagination-info, link). */
export interface AxiosQueryMeta {
  headers: Record<string, unknown>;
}

/**
 * RTK Query's base query over the portal's axios client, so that every call of this remote
 * goes through the same interceptors as the shell's (cookies, X-Requested-With, 401/302 logout).
 */
export function axiosBaseQuery(
  http: Http = apiClient,
): BaseQueryFn<AxiosQueryArgs, unknown, AxiosQueryError, object, AxiosQueryMeta> {
  return async ({ url, method = 'GET', params, data }, { signal }) => {
    try {
      const response = await http.request({ url, method, params, data, signal });
      return {
        data: unwrapCode<unknown>(response.data, response.status),
        meta: { headers: { ...response.headers } },
      };
    } catch (thrown) {
      const { status, code, message } = toApiError(thrown);
      return { error: { status, code, message } };
    }
  };
}
