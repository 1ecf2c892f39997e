import { ResponseCode } from '@portal/contracts';
import { ApiError } from './ApiError';

/** The body of code-style calls (login, user info, the /es settings calls). */
export interface CodeResponse<T> {
  code: string;
  message: string;
  data: T;
}

/** A code-style body: an object with a `code` beside `message` or `data`. */
export function isCodeResponse(body: unknown): body is CodeResponse<unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  return 'code' in body && ('message' in body || 'data' in body);
}

/**
 * The data of a code-style body, throwing ApiError(status, code, message) when the code is not '200';
 * any other body (a plain JSON answer) is returned as it is.
 */
export function unwrapCode<T>(body: unknown, status = 200): T {
  if (!isCodeResponse(body)) return body as T;
  if (String(body.code) !== ResponseCode.Success) {
    const message = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
    throw new ApiError(status, String(body.code), message);
  }
  return body.data as T;
}
