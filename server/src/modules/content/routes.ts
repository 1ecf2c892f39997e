import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as content from './service';

/** Public, cacheable content: no session needed, so the pictures load like any image. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    // Canonical ids only ('007.svg' is no picture); ids out of range are simply not found (service).
    '/content/banners/:id(^[1-9]\\d{0,9}).svg',
    {
      schema: {
        tags: ['content'],
        summary: '轮播图片 (SVG)',
        params: z.object({ id: z.string().transform(Number) }),
        produces: ['image/svg+xml'],
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(await content.bannerImage(app.db, request.params.id)),
  );
};
