import type { FastifyPluginAsync } from 'fastify';

/** Why a lead went to whom (GET /customer/feedback/feedbacks/{id}/distribution, ours): the lead detail page's record. */
export const distributionRoutes: FastifyPluginAsync = async () => {};
