import { createHash } from 'node:crypto';
import {
  INGEST_KEY_HEADER,
  ingestKeySchema,
  ingestLeadResultSchema,
  ingestLeadSchema,
  IngestMessage,
  ResponseCode,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, tooManyRequests } from '../../http/errors';
import { ServerMessage } from '../../http/messages';
import { codeResponse, errorSchema, protectedErrors } from '../../http/schemas';
import { currentCustomerId } from '../../plugins/auth';
import * as ingest from './service';

const tags = ['ingest'];
const KEY_HEADER = INGEST_KEY_HEADER.toLowerCase();
/** An arriving lead is small; anything bigger is refused before parsing (413). */
const INGEST_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer whose ingestion key the request carries (open routes only). */
    ingestCustomerId: number | null;
  }
}

const keyOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[KEY_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
};

const invalidKey = (): AppError => new AppError(401, '401', IngestMessage.KeyInvalid);

export interface IngestRoutesOptions {
  /** Leads per minute per ingestion key. */
  ratePerMinute: number;
}

/**
 * The open lead ingestion call (landing-page forms, smart chat, message boards), authenticated
 * by the customer's key in X-Ingest-Key rather than a session, and the logged-in customer's
 * calls to read and regenerate that key.
 */
export const ingestRoutes: FastifyPluginAsyncZod<IngestRoutesOptions> = async (app, { ratePerMinute }) => {
  app.decorateRequest('ingestCustomerId', null);

  // Per key (hashed: the key itself never reaches the counter store), beside the per-IP limit.
  // A checker rather than app.rateLimit(): that hook skips requests the global hook has counted.
  const perKeyLimit = app.createRateLimit({
    max: ratePerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `ingest-${createHash('sha256').update(keyOf(request) ?? '').digest('hex').slice(0, 32)}`,
  });

  // Pages on other sites may post leads from the browser: no cookies are involved (the key is
  // the credential), so any origin may call, and the preflight is answered here.
  const cors = { 'access-control-allow-origin': '*' } as const;
  app.options('/open/leads', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .headers({
        ...cors,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': `content-type, ${KEY_HEADER}`,
        'access-control-max-age': '600',
      })
      .send(),
  );

  app.post(
    '/open/leads',
    {
      config: { allowWithoutRequestedWith: true },
      bodyLimit: INGEST_BODY_LIMIT,
      onRequest: [
        async (request, reply) => {
          reply.headers(cors);
          const limit = await perKeyLimit(request);
          if (!limit.isAllowed && limit.isExceeded) {
            reply.header('retry-after', String(limit.ttlInSeconds));
            throw tooManyRequests(ServerMessage.TooManyRequests);
          }
          request.ingestCustomerId = await ingest.customerIdForKey(app.db, keyOf(request));
          if (request.ingestCustomerId === null) throw invalidKey();
        },
      ],
      schema: {
        tags,
        summary: '接入线索 (请求头 X-Ingest-Key; 无需登录与 X-Requested-With)',
        body: ingestLeadSchema,
        response: { 201: codeResponse(ingestLeadResultSchema), 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const id = await ingest.ingestLead(app.db, app.events, request.ingestCustomerId!, request.body);
      return reply.code(201).send({ code: ResponseCode.Success, message: ServerMessage.Succeeded, data: { id } });
    },
  );

  app.get(
    '/customer/account/ingest-key',
    {
      onRequest: app.requireLogin,
      schema: { tags, summary: '线索接入密钥 (首次读取时生成)', response: { 200: codeResponse(ingestKeySchema), ...protectedErrors } },
    },
    async (request) => ({
      code: ResponseCode.Success,
      message: ServerMessage.Succeeded,
      data: { key: await ingest.ensureIngestKey(app.db, currentCustomerId(request)) },
    }),
  );

  app.post(
    '/customer/account/ingest-key',
    {
      onRequest: app.requireLogin,
      schema: { tags, summary: '重新生成线索接入密钥 (旧密钥立即失效)', response: { 200: codeResponse(ingestKeySchema), ...protectedErrors } },
    },
    async (request) => ({
      code: ResponseCode.Success,
      message: IngestMessage.KeyRegenerated,
      data: { key: await ingest.regenerateIngestKey(app.db, currentCustomerId(request)) },
    }),
  );
};
