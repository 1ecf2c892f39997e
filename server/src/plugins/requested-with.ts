import { CommonMessage } from '@portal/contracts';
import fp from 'fastify-plugin';
import { forbidden } from '../http/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For calls not authenticated by the session cookie (the open ingestion call carries its
     * own key header), where cross-site request forgery cannot ride on a browser's cookies.
     */
    allowWithoutRequestedWith?: boolean;
  }
}

/**
 * Refuses state-changing calls without `X-Requested-With`. A page on another site cannot add a
 * custom header to a cross-site request without a CORS preflight, which this server never
 * grants, so together with SameSite=Lax cookies this closes cross-site request forgery.
 */
export const requestedWithPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (STATE_CHANGING.has(request.method) && !request.headers['x-requested-with'] && !request.routeOptions.config?.allowWithoutRequestedWith) {
        throw forbidden(CommonMessage.MissingRequestedWith);
      }
    });
  },
  { name: 'requested-with' },
);
