import { CommonMessage } from '@portal/contracts';
import axios from 'axios';

/** Texts owned by the api-client (not in the spec's catalogue). */
export const ApiClientMessage = {
  NetworkError: '网络异常，请稍后再试',
} as const;

/** Codes of failures that never reached a server answer. */
export const ApiErrorCode = {
  Network: 'NETWORK',
  Timeout: 'TIMEOUT',
  Canceled: 'CANCELED',
  Unknown: 'UNKNOWN',
} as const;

/**
 * Every failed call rejects with this. `status` is the HTTP status (0 when no answer came), `code`
 * the body's code (or the status, or one of ApiErrorCode), `message` the Chinese text to show.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string = CommonMessage.OperationFailed, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

const bodyField = (data: unknown, field: 'code' | 'message'): string | undefined => {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const value = (data as Record<string, unknown>)[field];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

/**
 * The ApiError of a refusal the server answered: the body's code and Chinese message, else the
 * status and CommonMessage.NotLoggedIn (401, 302) or OperationFailed. Shared by the axios client and downloadFile.
 */
export function answerError(status: number, body: unknown, options?: { cause?: unknown }): ApiError {
  const unauthorized = status === 401 || status === 302;
  const message = bodyField(body, 'message') ?? (unauthorized ? CommonMessage.NotLoggedIn : CommonMessage.OperationFailed);
  return new ApiError(status, bodyField(body, 'code') ?? String(status), message, options);
}

/** Turns whatever a call threw into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError(0, ApiErrorCode.Canceled, CommonMessage.Cancelled, { cause: error });
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (response) return answerError(response.status, response.data, { cause: error });
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    return new ApiError(0, timedOut ? ApiErrorCode.Timeout : ApiErrorCode.Network, ApiClientMessage.NetworkError, {
      cause: error,
    });
  }
  return new ApiError(0, ApiErrorCode.Unknown, CommonMessage.OperationFailed, { cause: error });
}

/**
 * The text to show for a failed call: the server's (or the network) message when there is one,
 * else `fallback` (the screen's own failure text, such as '删除失败！').
 */
export function errorMessage(error: unknown, fallback: string = CommonMessage.OperationFailed): string {
  if (!(error instanceof ApiError) && !axios.isAxiosError(error)) return fallback;
  const { message } = toApiError(error);
  return message && message !== CommonMessage.OperationFailed ? message : fallback;
}
