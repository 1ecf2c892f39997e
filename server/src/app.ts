import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { accountRoutes } from './modules/account/routes';
import { assignRoutes } from './modules/assign/routes';
import { authRoutes } from './modules/auth/routes';
import { contentRoutes } from './modules/content/routes';
import { publicContentRoutes } from './modules/public-content/routes';
import { crmRoutes } from './modules/crm/routes';
import { pushWorkerPlugin } from './modules/crm/push/worker';
import { crmRuntimePlugin, DEFAULT_CRM_CONFIG } from './modules/crm/runtime';
import { distributionRoutes } from './modules/distribution/routes';
import { distributionSweepPlugin } from './modules/distribution/sweep';
import { phoneCheckPlugin } from './modules/phone-check/worker';
import { followUpRoutes } from './modules/follow-up/routes';
import { followUpSweepPlugin } from './modules/follow-up/sweep';
import { phoneCheckRoutes } from './modules/phone-check/routes';
import { ingestRoutes } from './modules/ingest/routes';
import { leadRoutes } from './modules/leads/routes';
import { ledgerJobPlugin } from './modules/ledger/job';
import { ledgerRoutes } from './modules/ledger/routes';
import { mallRoutes } from './modules/mall/routes';
import { helpRoutes } from './modules/help/routes';
import { chatRoutes } from './modules/chat/routes';
import { chatVisitorSocketPlugin } from './modules/chat/visitor-socket';
import { messageRoutes } from './modules/messages/routes';
import { platformRoutes } from './modules/platform/routes';
import { publicFormRoutes } from './modules/public-forms/routes';
import { reportRoutes } from './modules/reports/routes';
import { scheduleRoutes } from './modules/schedule/routes';
import { workbenchRoutes } from './modules/workbench/routes';
import { authPlugin } from './plugins/auth';
import { chatWidgetPlugin } from './plugins/chat-widget';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { errorsPlugin, toErrorResponse } from './plugins/errors';
import { heavyCallsPlugin } from './plugins/heavy-calls';
import { spreadsheetPlugin } from './http/spreadsheet';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestedWithPlugin } from './plugins/requested-with';
import { requestLimitOptions, requestLimitsPlugin } from './plugins/request-limits';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sitePlugin } from './plugins/site';
import { staticPlugin } from './plugins/static';
import { swaggerPlugin } from './plugins/swagger';
import { eventsPlugin } from './realtime/events';
import { realtimePlugin, websocketPlugin } from './realtime/plugin';

function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { statusCode, body } = toErrorResponse(error);
  // No hook ran (helmet's neither): the header every answer carries, by hand on this one path.
  reply.code(statusCode).header('x-content-type-options', 'nosniff').send(body);
}

/**
 * The whole server on one port: the API under /rest, its OpenAPI document, and the built
 * frontends. Not listening and not migrated: start.ts, the CLI and the tests do those steps.
 */
export function buildApp(config: AppConfig): FastifyInstance {
  const app = Fastify({
    ...requestLimitOptions(),
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Behind a load balancer the client's address (for the per-address limits) is in X-Forwarded-For.
    trustProxy: config.trustProxy,
    // Errors raised before routing (a malformed URL) skip the error handler; same answer format.
    frameworkErrors: answerFrameworkError,
  });
  // Request and response schemas are zod (the shared @portal/contracts schemas).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Infrastructure first: every route below gets the error format, database, limits and sessions.
  app.register(errorsPlugin);
  // First of the onRequest hooks: every answer, refusals included, carries the security headers.
  app.register(securityHeadersPlugin);
  app.register(requestLimitsPlugin);
  app.register(dbPlugin, { database: config.database });
  // Sessions before the rate limit, which counts a logged-in call on its session.
  app.register(authPlugin, { secureCookies: config.secureCookies });
  app.register(rateLimitPlugin, {
    perSession: config.rateLimitPerMinute,
    perAddress: config.anonymousRateLimitPerMinute,
    redisUrl: config.redisUrl,
    namespace: config.rateLimitNamespace,
  });
  app.register(requestedWithPlugin);
  // Reports over a range and exports: at most two at once per session (the catalogue's `heavy`).
  app.register(heavyCallsPlugin, { perSession: config.heavyCallsPerSession });
  // Export files are written in worker threads.
  app.register(spreadsheetPlugin);
  app.register(eventsPlugin);
  // How the CRM routes and the push worker reach each customer's CRM (base URLs, timeout, tokens).
  app.register(crmRuntimePlugin, { config: config.crm ?? DEFAULT_CRM_CONFIG });
  // The phone checker (config.phoneCheck) and, when on, its loop (tests drive passes themselves).
  app.register(phoneCheckPlugin, { config: config.phoneCheck });
  // Before the routes, so that it sees them all.
  app.register(swaggerPlugin);

  app.register(
    async (rest) => {
      // First: it hooks every API route registered after it (the built files come precompressed).
      await rest.register(compressionPlugin);
      await rest.register(authRoutes, { redisUrl: config.redisUrl });
      await rest.register(accountRoutes);
      await rest.register(platformRoutes);
      await rest.register(workbenchRoutes);
      await rest.register(contentRoutes);
      await rest.register(publicContentRoutes, { company: config.publicSite });
      await rest.register(leadRoutes, { exportMaxRows: config.leadExportMaxRows });
      await rest.register(phoneCheckRoutes);
      await rest.register(assignRoutes);
      await rest.register(messageRoutes);
      await rest.register(reportRoutes);
      await rest.register(ledgerRoutes);
      await rest.register(crmRoutes);
      await rest.register(scheduleRoutes, { sheetParse: config.sheetParse });
      await rest.register(distributionRoutes);
      await rest.register(followUpRoutes);
      await rest.register(ingestRoutes, { ratePerMinute: config.ingestRateLimitPerMinute });
      await rest.register(mallRoutes);
      await rest.register(helpRoutes);
      await rest.register(chatRoutes);
      await rest.register(publicFormRoutes, { salesAccount: config.publicLeadsAccount ?? 'sales', limits: config.publicFormLimits });
      // Once for both sockets below (a second registration would route every upgrade twice).
      await rest.register(websocketPlugin);
      // The realtime socket /rest/ws (@fastify/websocket), fed by app.events (over Redis when configured).
      await rest.register(realtimePlugin, { redisUrl: config.redisUrl, channel: config.realtimeChannel, heartbeatMs: config.realtimeHeartbeatMs });
      // The chat widget's socket /rest/public/chat/socket: the customer's replies to the visitor (over Redis when configured).
      await rest.register(chatVisitorSocketPlugin, {
        redisUrl: config.redisUrl,
        channel: `${config.realtimeChannel}:chat`,
        heartbeatMs: config.realtimeHeartbeatMs,
      });
    },
    { prefix: '/rest' },
  );

  // The visitor site's pages, rendered on the server (before the static files and the shell's fallback).
  // With the chat widget of the sales account (the one the site's forms go to) unless PUBLIC_SITE_CHAT=0.
  app.register(sitePlugin, {
    staticRoot: config.staticRoot,
    chat: config.publicSiteChat === false ? null : { account: config.publicLeadsAccount ?? 'sales' },
  });
  // The chat widget of the customers' landing pages, /chat/widget.js (before the shell's catch-all).
  app.register(chatWidgetPlugin, { staticRoot: config.staticRoot });
  app.register(staticPlugin, { staticRoot: config.staticRoot });
  // The daily consumption job's timer (config.ledgerJob; off in the tests).
  app.register(ledgerJobPlugin, { enabled: config.ledgerJob === true });
  // The CRM push worker's loop (config.crm.worker; off in the tests, which drive a worker themselves).
  app.register(pushWorkerPlugin, { enabled: config.crm?.worker === true });
  // The distribution queue's timer (config.distributionSweepMs; 0 or absent: off, as in the tests).
  app.register(distributionSweepPlugin, { intervalMs: config.distributionSweepMs ?? 0 });
  // The follow-up deadlines' timer (config.followUpSweepMs; 0 or absent: off, as in the tests).
  app.register(followUpSweepPlugin, { intervalMs: config.followUpSweepMs ?? 0 });
  return app;
}
