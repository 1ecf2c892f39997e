import { contentEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import * as content from './service';

/** Public, cacheable content: no session needed, so the pictures load like any image. */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    contentEndpoints.banner,
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(await content.bannerImage(app.db, request.params.id)),
    // Canonical ids only ('007.svg' is no picture); ids out of range are simply not found (service).
    { paramPatterns: { id: '^[1-9]\\d{0,9}' } },
  );
};
