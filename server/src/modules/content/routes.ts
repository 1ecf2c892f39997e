import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as content from './service';

/** Public, cacheable content: no session needed, so the pictures load like any image. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/banners/:id(^\\d+).svg',
    {
      schema: {
        tags: ['content'],
        summary: '轮播图片 (SVG)',
        // The path pattern admits digits only; ids out of range are simply not found (service).
        params: z.object({ id: z.coerce.number() }),
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
