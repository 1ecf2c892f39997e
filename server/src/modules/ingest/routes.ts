import { createHash } from 'node:crypto';
import { INGEST_KEY_HEADER, IngestMessage, ResponseCode } from '@portal/contracts';
import { ingestEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, tooManyRequests } from '../../http/errors';
import { ServerMessage } from '../../http/messages';
import { route, routeUrl } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import * as ingest from './service';

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
export const ingestRoutes: FastifyPluginAsync<IngestRoutesOptions> = async (app, { ratePerMinute }) => {
  app.decorateRequest('ingestCustomerId', null);

  // Per key (hashed: the key itself never reaches the counter store), beside the per-IP limit.
  // A checker rather than app.rateLimit(): that hook skips requests the global hook has counted.
  const perKeyLimit = app.createRateLimit({
    max: ratePerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `ingest-${createHash('sha256')
        .update(keyOf(request) ?? '')
        .digest('hex')
        .slice(0, 32)}`,
  });

  // Pages on other sites may post leads from the browser: no cookies are involved (the key is
  // the credential), so any origin may call, and the preflight is answered here.
  const cors = { 'access-control-allow-origin': '*' } as const;
  app.options(routeUrl(ingestEndpoints.lead.path), { schema: { hide: true } }, async (_request, reply) =>
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

  route(
    app,
    ingestEndpoints.lead,
    async (request) => {
      const id = await ingest.ingestLead(app.db, app.events, request.ingestCustomerId!, request.body);
      return { code: ResponseCode.Success, message: ServerMessage.Succeeded, data: { id } };
    },
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
    },
  );

  route(app, ingestEndpoints.key, async (request) => ({
    code: ResponseCode.Success,
    message: ServerMessage.Succeeded,
    data: { key: await ingest.ensureIngestKey(app.db, currentCustomerId(request)) },
  }));

  route(app, ingestEndpoints.regenerateKey, async (request) => ({
    code: ResponseCode.Success,
    message: IngestMessage.KeyRegenerated,
    data: { key: await ingest.regenerateIngestKey(app.db, currentCustomerId(request)) },
  }));
};
