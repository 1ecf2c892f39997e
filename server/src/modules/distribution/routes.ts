import { scheduleEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import { leadRecord } from './service';

/** Why a lead went to whom (GET /customer/feedback/feedbacks/{id}/distribution, ours): the lead detail page's record. */
export const distributionRoutes: FastifyPluginAsync = async (app) => {
  route(app, scheduleEndpoints.leadDistribution, async (request) => leadRecord(app.db, currentCustomerId(request), request.params.id));
};
