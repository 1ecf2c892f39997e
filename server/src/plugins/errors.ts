import { validateHeaderName, validateHeaderValue } from 'node:http';
import { CommonMessage } from '@portal/contracts';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors';
import { ServerMessage } from '../http/messages';
import { drainRefusedBody } from './request-limits';

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

/** Headers describing the answer that failed (a download's name, its encoding and length), never an error body. */
const ANSWER_HEADERS = ['content-disposition', 'content-encoding', 'content-length', 'content-range', 'etag', 'last-modified'];

/**
 * Leaves on the reply only headers an error body may carry and Node will write. A header Node
 * refuses (a raw Chinese file name) fails writeHead after this handler sent its body; fastify
 * then passes the failure to its own default handler, which answers with its raw error and the
 * internal message (`ERR_INVALID_CHAR ...`). So every value Node would refuse goes first.
 */
function clearForError(reply: FastifyReply): void {
  for (const name of ANSWER_HEADERS) reply.removeHeader(name);
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    try {
      validateHeaderName(name);
      for (const item of [value ?? ''].flat()) validateHeaderValue(name, String(item));
    } catch {
      reply.removeHeader(name);
    }
  }
}

const SERVER_ERROR_BODY = JSON.stringify({ code: '500', message: CommonMessage.ServerError });

/** A 5xx body the client may see: the `{code, message}` of toErrorResponse, nothing else. */
function isServerErrorBody(payload: unknown): boolean {
  if (typeof payload !== 'string') return false;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    return Object.keys(body).join() === 'code,message' && CHINESE.test(String(body.message));
  } catch {
    return false;
  }
}

/**
 * One error handler for the whole app: `{code, message}` for every 4xx/5xx, the 5xx cause only in
 * the log. Should an error still reach fastify's default handler (this handler's own answer
 * failing), the onSend guard below swaps its raw body for the Chinese one.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler(async (error, request, reply) => {
      const { statusCode, body } = toErrorResponse(error);
      if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
      clearForError(reply);
      // A body past the limit: fastify marked the connection to close; read the rest (bounded)
      // first and keep it, so that the sender reads this answer (plugins/request-limits.ts).
      if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE' && (await drainRefusedBody(request))) reply.removeHeader('connection');
      if (error instanceof AppError && error.headers) reply.headers(error.headers);
      return reply.code(statusCode).send(body);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 500 || isServerErrorBody(payload)) return payload;
      request.log.error({ statusCode: reply.statusCode }, 'a 5xx body other than {code, message} replaced');
      clearForError(reply);
      reply.code(500).type('application/json; charset=utf-8');
      return SERVER_ERROR_BODY;
    });
  },
  { name: 'errors' },
);
