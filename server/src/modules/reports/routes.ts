import type { FastifyPluginAsync } from 'fastify';

/** The lead reports: receive reports, daily statements and the analysis pies (reportEndpoints). */
export const reportRoutes: FastifyPluginAsync = async () => {};
