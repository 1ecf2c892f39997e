import { platformEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import * as platform from './service';

/** The customer's items (projects) and promotion channels, for pickers and filters. */
export const platformRoutes: FastifyPluginAsync = async (app) => {
  route(app, platformEndpoints.items, async (request) => platform.itemsOf(app.db, currentCustomerId(request), request.query));
  route(app, platformEndpoints.channels, async (request) => platform.channelsOf(app.db, currentCustomerId(request)));
};
