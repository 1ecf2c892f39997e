import { CommonMessage } from '@portal/contracts';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors';
import { ServerMessage } from '../http/messages';

export interface ErrorBody {
  code: string;
  message: string;
  /** The refused field of a request that failed validation ('name', 'resourceList.0.tableName'). */
  field?: string;
}

const CHINESE = /[\u4e00-\u9fff]/;

/** Texts for the 4xx errors fastify and its plugins raise themselves (bad JSON, too large, rate limit...). */
const STATUS_MESSAGES: Record<number, string> = {
  404: CommonMessage.NotFound,
  413: ServerMessage.PayloadTooLarge,
  415: ServerMessage.UnsupportedMediaType,
  429: ServerMessage.TooManyRequests,
};

/** What the client sees for an error: always a Chinese message, never a stack or SQL. */
export function toErrorResponse(error: unknown): { statusCode: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, body: { code: error.code, message: error.message } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Our schemas carry the spec's Chinese texts; a zod default (English) means a shape we did not
    // phrase a message for (say, a string where an object belongs), which gets the generic text.
    const [issue] = error.validation;
    const first = issue.message ?? '';
    const field = issue.instancePath.split('/').filter(Boolean).join('.');
    return {
      statusCode: 400,
      body: { code: '400', message: CHINESE.test(first) ? first : CommonMessage.BadRequest, ...(field ? { field } : {}) },
    };
  }
  // A route that did not answer within REQUEST_LIMITS.handlerTimeoutMs (plugins/request-limits.ts).
  if ((error as FastifyError | undefined)?.code === 'FST_ERR_HANDLER_TIMEOUT') {
    return { statusCode: 503, body: { code: '503', message: ServerMessage.Timeout } };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status && status >= 400 && status < 500) {
    return { statusCode: status, body: { code: String(status), message: STATUS_MESSAGES[status] ?? CommonMessage.BadRequest } };
  }
  return { statusCode: 500, body: { code: '500', message: CommonMessage.ServerError } };
}

/** One error handler for the whole app: `{code, message}` for every 4xx/5xx, the 5xx cause only in the log. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const { statusCode, body } = toErrorResponse(error);
      if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error instanceof AppError && error.headers) reply.headers(error.headers);
      return reply.code(statusCode).send(body);
    });
  },
  { name: 'errors' },
);
