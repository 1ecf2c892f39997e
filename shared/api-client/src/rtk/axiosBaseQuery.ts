import { CommonMessage } from '@portal/contracts';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { toApiError } from '../ApiError';
import { isCodeResponse, unwrapCode } from '../codeResponse';
import { apiClient } from '../createApiClient';

/** What an RTK Query endpoint's `query` returns: one call relative to the client's base (/rest). */
export interface AxiosQueryArgs {
  url: string;
  method?: AxiosRequestConfig['method'];
  params?: AxiosRequestConfig['params'];
  data?: AxiosRequestConfig['data'];
  /** Request headers of the call's own (an Idempotency-Key), beside the client's. */
  headers?: Record<string, string>;
  /**
   * Checks the answer's data (a code-style body's `data`, else the body) and returns what the
   * store keeps: a catalogue entry's response schema (see endpointQuery). An answer it refuses
   * is an error (code UNEXPECTED_ANSWER, the catch-all text, so that the screen's own failure
   * text shows: queryErrorMessage), never data of the wrong shape.
   */
  parse?: (data: unknown) => unknown;
}

/**
 * A failed call as it sits in a store: plain data (the store must stay serializable), with the
 * Chinese text already chosen by the api-client.
 */
export interface AxiosQueryError {
  status: number;
  code: string;
  message: string;
}

/** What else the answer said: its headers (x-pagination-info, link) and a code-style body's message. */
export interface AxiosQueryMeta {
  headers: Record<string, unknown>;
  /** The `message` of a code-style body (`{code: '200', message, data}`), for screens that show it. */
  message?: string;
}

/** The `code` of an error for an answer whose data the endpoint's response schema refused. */
export const UNEXPECTED_ANSWER = 'UNEXPECTED_ANSWER';

/**
 * RTK Query's base query over the portal's axios client, so that every call of an app goes
 * through the same interceptors as the shell's (cookies, X-Requested-With, 401/302 logout).
 * A code-style body is unwrapped to its `data`; a code other than '200' is an error.
 */
export function axiosBaseQuery(http: AxiosInstance = apiClient): BaseQueryFn<AxiosQueryArgs, unknown, AxiosQueryError, object, AxiosQueryMeta> {
  return async ({ url, method = 'GET', params, data, headers, parse }, { signal }) => {
    let answer: { data: unknown; meta: AxiosQueryMeta; status: number };
    try {
      const response = await http.request({ url, method, params, data, headers, signal });
      const meta: AxiosQueryMeta = { headers: { ...response.headers } };
      if (isCodeResponse(response.data) && typeof response.data.message === 'string') meta.message = response.data.message;
      answer = { data: unwrapCode<unknown>(response.data, response.status), meta, status: response.status };
    } catch (thrown) {
      const { status, code, message } = toApiError(thrown);
      return { error: { status, code, message } };
    }
    if (!parse) return { data: answer.data, meta: answer.meta };
    try {
      return { data: parse(answer.data), meta: answer.meta };
    } catch {
      // The server answered something this client does not understand: a failure to show, not data.
      return { error: { status: answer.status, code: UNEXPECTED_ANSWER, message: CommonMessage.OperationFailed }, meta: answer.meta };
    }
  };
}

/**
 * The Chinese text of a failed query or mutation as a store holds it: the api-client's message
 * (the server's text, or the network failure), else `fallback` — the screen's own failure text,
 * by default the spec's '数据获取失败' (a bad answer body, a thrown transform). The catch-all
 * '操作失败' counts as no message, so that a screen's more precise text wins over it.
 */
export function queryErrorMessage(error: unknown, fallback: string = CommonMessage.DataFetchFailed): string {
  if (error !== null && typeof error === 'object' && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '' && message !== CommonMessage.OperationFailed) return message;
  }
  return fallback;
}
