import { CommonMessage } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
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
    /** A GET (and its HEAD) that writes or calls out: guarded as a state-changing method (set by route() from the catalogue entry). */
    sideEffects?: boolean;
  }
}

/** A state-changing method, or a route with side effects whatever its method. */
const isGuarded = (request: FastifyRequest): boolean =>
  (STATE_CHANGING.has(request.method) || request.routeOptions.config?.sideEffects === true) &&
  !request.routeOptions.config?.allowWithoutRequestedWith;

/**
 * Refuses state-changing calls, and the GETs the catalogue marks `sideEffects`, unless they carry
 * `X-Requested-With` or the browser says they come from a page of this origin
 * (`Sec-Fetch-Site: same-origin`, a header no page can set). A page on another site cannot add a
 * custom header to a cross-site request without a CORS preflight, which this server never grants,
 * nor make the browser send same-origin for it, so together with SameSite=Lax cookies this closes
 * cross-site request forgery, a link to a side-effect GET included.
 */
export const requestedWithPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (isGuarded(request) && !request.headers['x-requested-with'] && request.headers['sec-fetch-site'] !== 'same-origin') {
        throw forbidden(CommonMessage.MissingRequestedWith);
      }
    });
  },
  { name: 'requested-with' },
);
