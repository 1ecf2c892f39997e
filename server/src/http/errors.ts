import { CommonMessage } from '@portal/contracts';

/**
 * A refusal the client should show: HTTP status, body code and the Chinese message. The error
 * handler answers it as `{code, message}`; anything else thrown becomes a 500 that hides its cause.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = '400'): AppError => new AppError(400, code, message);
export const unauthorized = (): AppError => new AppError(401, '401', CommonMessage.NotLoggedIn);
export const forbidden = (message: string): AppError => new AppError(403, '403', message);
export const notFound = (message: string = CommonMessage.NotFound): AppError => new AppError(404, '404', message);
export const conflict = (message: string): AppError => new AppError(409, '409', message);
/** A wait in whole seconds, at least 1: the Retry-After of a 429. */
export const waitSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** A 429 that tells when to come back (Retry-After). */
export const tooManyRequests = (message: string, retryAfterMs: number): AppError =>
  new AppError(429, '429', message, { 'retry-after': String(waitSeconds(retryAfterMs)) });
