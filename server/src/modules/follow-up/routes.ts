import { scheduleEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import { listRules, removeRule, saveRule } from './service';

/** The customer's follow-up deadlines (GET, PUT one, DELETE one); each answers the whole list. */
export const followUpRoutes: FastifyPluginAsync = async (app) => {
  route(app, scheduleEndpoints.followUpRules, async (request) => listRules(app.db, currentCustomerId(request)));
  route(app, scheduleEndpoints.saveFollowUpRule, async (request) => saveRule(app.db, currentCustomerId(request), request.body));
  route(app, scheduleEndpoints.removeFollowUpRule, async (request) => removeRule(app.db, currentCustomerId(request), request.params.itemId));
};
