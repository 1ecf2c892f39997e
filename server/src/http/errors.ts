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
export const tooManyRequests = (message: string): AppError => new AppError(429, '429', message);
