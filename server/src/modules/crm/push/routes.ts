import type { FastifyPluginAsync } from 'fastify';

/** The push log and connection calls. */
export const pushRoutes: FastifyPluginAsync = async () => {};
