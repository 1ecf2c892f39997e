import { contentEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../http/route';
import * as content from './service';

// Canonical ids only ('007.svg' is no picture); ids out of range are simply not found (service).
const ID_PATTERN = { paramPatterns: { id: '^[1-9]\\d{0,9}' } };

const svg = (reply: FastifyReply, picture: string): FastifyReply =>
  reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(picture);

/** Public, cacheable content: no session needed, so the pictures load like any image. */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  route(app, contentEndpoints.banner, async (request, reply) => svg(reply, await content.bannerImage(app.db, request.params.id)), ID_PATTERN);
  route(
    app,
    contentEndpoints.publicBanner,
    async (request, reply) => svg(reply, await content.publicBannerImage(app.db, request.params.id)),
    ID_PATTERN,
  );
  route(
    app,
    contentEndpoints.casePicture,
    async (request, reply) => svg(reply, await content.caseImage(app.db, request.params.id, 'picture')),
    ID_PATTERN,
  );
  route(
    app,
    contentEndpoints.caseThumbnail,
    async (request, reply) => svg(reply, await content.caseImage(app.db, request.params.id, 'thumbnail')),
    ID_PATTERN,
  );
};
