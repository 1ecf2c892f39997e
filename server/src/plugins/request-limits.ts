import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors';
import { ServerMessage } from '../http/messages';

/**
 * Bounds of every request, so that no request can hold the server without end (README "Request
 * limits"). Node itself bounds the request line and headers (16 KiB, --max-http-header-size).
 */
export const REQUEST_LIMITS = {
  /** A JSON body: the largest (500 assignment refs) is about 25 KiB. Uploads (multipart) have their own limits. */
  bodyLimitBytes: 128 * 1024,
  /**
   * A body past its route's limit is still read (and dropped) up to this size before the 413
   * goes out, so that the sender, still writing, reads the answer rather than a reset
   * connection; a bigger one is answered at once and its connection closed.
   */
  refusedBodyDrainBytes: 1024 * 1024,
  /** A path parameter (ids are at most 10 digits); longer ones do not match a route (404). */
  maxParamLength: 100,
  /** Path and query string together; longer: 414. */
  maxUrlLength: 8 * 1024,
  /** The whole request (headers and body) must have arrived within this time, else the socket is closed. */
  requestTimeoutMs: 30_000,
  /** A socket with no traffic for this long is closed (keep-alive and WebSocket traffic included). */
  connectionTimeoutMs: 60_000,
  /** A route must have answered within this time, else 503 ServerMessage.Timeout. */
  handlerTimeoutMs: 30_000,
  /** CSV exports stream for at most this long; past it the download is cut off. */
  exportTimeoutMs: 10 * 60_000,
} as const;

/** The fastify options that set these bounds. */
export const requestLimitOptions = (): FastifyServerOptions => ({
  bodyLimit: REQUEST_LIMITS.bodyLimitBytes,
  requestTimeout: REQUEST_LIMITS.requestTimeoutMs,
  connectionTimeout: REQUEST_LIMITS.connectionTimeoutMs,
  // Fastify's own deadline: a 503 (FST_ERR_HANDLER_TIMEOUT, answered by the errors plugin) and
  // request.signal aborted. The WebSocket route hijacks its reply, which ends the deadline.
  handlerTimeout: REQUEST_LIMITS.handlerTimeoutMs,
  routerOptions: { maxParamLength: REQUEST_LIMITS.maxParamLength },
});

/**
 * Reads and drops the rest of a refused request body (413), up to REQUEST_LIMITS.refusedBodyDrainBytes
 * (declared or counted); true once it has all arrived, so the connection can carry the answer and
 * stay open. Fastify refuses a body on its Content-Length before reading any of it, or stops
 * reading a chunked one at the limit, and closes the connection while the sender is still
 * writing: the sender then meets a reset (EPIPE, ECONNRESET) instead of the 413. The wait is
 * bounded by the request timeout like any body.
 */
export function drainRefusedBody(request: FastifyRequest): Promise<boolean> {
  const raw = request.raw;
  const limit = REQUEST_LIMITS.refusedBodyDrainBytes;
  if (raw.complete) return Promise.resolve(true);
  if (Number(request.headers['content-length']) > limit || raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (complete: boolean): void => {
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(complete);
    };
    const onData = (chunk: Buffer): void => {
      read += chunk.length;
      if (read > limit) finish(false);
    };
    const onEnd = (): void => finish(true);
    const onClose = (): void => finish(raw.complete);
    raw.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onClose);
    raw.resume();
  });
}

/** Refuses a URL longer than REQUEST_LIMITS.maxUrlLength before anything else reads it. */
export const requestLimitsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.url.length > REQUEST_LIMITS.maxUrlLength) throw new AppError(414, '414', ServerMessage.UrlTooLong);
    });
  },
  { name: 'request-limits' },
);
