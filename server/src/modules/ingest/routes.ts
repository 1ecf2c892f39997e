import { createHash } from 'node:crypto';
import { ResponseCode } from '@portal/contracts';
import { IDEMPOTENCY_KEY_HEADER, INGEST_KEY_HEADER, INGEST_SIGNATURE_HEADER, INGEST_TIMESTAMP_HEADER, IngestMessage } from '@portal/contracts/ingest';
import { ingestEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../../http/errors';
import { ServerMessage } from '../../http/messages';
import { route, routeUrl } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import { enforceRateLimit } from '../../plugins/rate-limit';
import * as ingest from './service';

const KEY_HEADER = INGEST_KEY_HEADER.toLowerCase();
const IDEMPOTENCY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const SIGNATURE_HEADER = INGEST_SIGNATURE_HEADER.toLowerCase();
const TIMESTAMP_HEADER = INGEST_TIMESTAMP_HEADER.toLowerCase();
/** On the answer of a replayed send (same Idempotency-Key and body): the first send's answer, again. */
const REPLAYED_HEADER = 'idempotent-replayed';
/** An arriving lead is small; anything bigger is refused before parsing (413). */
const INGEST_BODY_LIMIT = 64 * 1024;
/** A full batch of daily figures (DAILY_FIGURES_MAX_ROWS rows) is about 80 KB. */
const FIGURES_BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer whose ingestion key the request carries (open routes only). */
    ingestCustomerId: number | null;
    /** The raw bytes of an open call's JSON body, as signed and as hashed for Idempotency-Key. */
    ingestRawBody: Buffer | null;
  }
}

const keyOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[KEY_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
};

const invalidKey = (): AppError => new AppError(401, '401', IngestMessage.KeyInvalid);
const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export interface IngestRoutesOptions {
  /** Calls per minute per ingestion key, for each open call on its own (leads; daily figures). */
  ratePerMinute: number;
}

/**
 * The open ingestion calls, authenticated by the customer's key in X-Ingest-Key rather than a
 * session: leads (landing-page forms, smart chat, message boards) and the ad platform's daily
 * figures; and the logged-in customer's calls to read and regenerate that key.
 */
export const ingestRoutes: FastifyPluginAsync<IngestRoutesOptions> = async (app, { ratePerMinute }) => {
  app.decorateRequest('ingestCustomerId', null);
  app.decorateRequest('ingestRawBody', null);

  // JSON bodies of these calls are parsed as everywhere else (fastify's own parser, prototype
  // poisoning refused) but their bytes are kept: a signature covers the bytes sent, and a replay's
  // Idempotency-Key compares them.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.ingestRawBody = body as Buffer;
    // As fastify's own parser reads it (parseAs 'string' decodes UTF-8).
    parseJson(request, (body as Buffer).toString('utf8'), done);
  });

  /**
   * The onRequest hook of an open call: the key check, which sets request.ingestCustomerId, then
   * its count, here rather than in the app-wide one (the routes' `rateLimit: false`): a known key
   * on its own count per minute (`bucket` names the call's own counter; the key hashed, so it never
   * reaches the counter store), whatever its address, since one sender (the ad platform's feed)
   * carries many customers' keys; an unknown key on its address's count, as any call without a
   * credential, so that made-up keys buy nothing.
   */
  const keyCheck = (bucket: string): onRequestHookHandler => {
    const perKeyLimit = app.createRateLimit({
      max: ratePerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) =>
        `${bucket}-${createHash('sha256')
          .update(keyOf(request) ?? '')
          .digest('hex')
          .slice(0, 32)}`,
    });
    return async (request) => {
      request.ingestCustomerId = await ingest.customerIdForKey(app.db, keyOf(request));
      if (request.ingestCustomerId === null) {
        await enforceRateLimit(app.addressRateLimit, request);
        throw invalidKey();
      }
      await enforceRateLimit(perKeyLimit, request);
    };
  };

  // Pages on other sites may post leads from the browser: no cookies are involved (the key is
  // the credential), so any origin may call, and the preflight is answered here.
  const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': REPLAYED_HEADER } as const;
  app.options(routeUrl(ingestEndpoints.lead.path), { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .headers({
        ...cors,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': `content-type, ${KEY_HEADER}, ${IDEMPOTENCY_HEADER}, ${SIGNATURE_HEADER}, ${TIMESTAMP_HEADER}`,
        'access-control-max-age': '600',
      })
      .send(),
  );

  route(
    app,
    ingestEndpoints.lead,
    async (request, reply) => {
      const customerId = request.ingestCustomerId!;
      const rawBody = request.ingestRawBody ?? Buffer.alloc(0);
      await ingest.checkSignature(app.db, customerId, rawBody, {
        signature: header(request, SIGNATURE_HEADER),
        timestamp: header(request, TIMESTAMP_HEADER),
      });
      // Validated by the entry's header schema: 1-100 visible ASCII characters when present.
      const idempotencyKey = header(request, IDEMPOTENCY_HEADER);
      let id: number;
      if (idempotencyKey === undefined) {
        id = await ingest.ingestLead(app.db, app.events, customerId, request.body);
      } else {
        // A few of the customer's forgotten keys go first, outside the lead's transaction (bounded
        // work; a failure here costs nothing but a later retry).
        await ingest.forgetExpiredIdempotencyKeys(app.db, customerId).catch((error: unknown) => {
          request.log.warn({ err: error }, 'forgetting expired Idempotency-Keys failed');
        });
        const bodyHash = createHash('sha256').update(rawBody).digest('hex');
        const stored = await ingest.ingestLeadOnce(app.db, app.events, customerId, request.body, { key: idempotencyKey, bodyHash });
        if (stored.replayed) reply.header(REPLAYED_HEADER, 'true');
        id = stored.id;
      }
      return { code: ResponseCode.Success, message: ServerMessage.Succeeded, data: { id } };
    },
    {
      config: { allowWithoutRequestedWith: true, rateLimit: false },
      bodyLimit: INGEST_BODY_LIMIT,
      onRequest: [
        async (_request, reply) => {
          reply.headers(cors);
        },
        keyCheck('ingest'),
      ],
    },
  );

  // Server to server (the ad platform's feed): no CORS, as for any call a page does not make.
  route(
    app,
    ingestEndpoints.dailyFigures,
    async (request) => ({
      code: ResponseCode.Success,
      message: ServerMessage.Succeeded,
      data: { rows: await ingest.storeDailyFigures(app.db, request.ingestCustomerId!, request.body.rows) },
    }),
    { config: { allowWithoutRequestedWith: true, rateLimit: false }, bodyLimit: FIGURES_BODY_LIMIT, onRequest: keyCheck('ingest-figures') },
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

  route(app, ingestEndpoints.signing, async (request) => ({
    code: ResponseCode.Success,
    message: ServerMessage.Succeeded,
    data: await ingest.signingSettings(app.db, currentCustomerId(request)),
  }));

  route(app, ingestEndpoints.generateSigningSecret, async (request) => ({
    code: ResponseCode.Success,
    message: IngestMessage.SigningSecretGenerated,
    data: { secret: await ingest.generateSigningSecret(app.db, currentCustomerId(request)) },
  }));

  route(app, ingestEndpoints.setSigningRequired, async (request) => ({
    code: ResponseCode.Success,
    message: IngestMessage.SigningSettingSaved,
    data: await ingest.setSignatureRequired(app.db, currentCustomerId(request), request.body.required === 1),
  }));
};
