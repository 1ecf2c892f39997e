import { workbenchEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { setPaginationHeaders } from '../../http/pagination';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import * as workbench from './service';

/** The dashboard: the customer's daily charts, the carousel, articles and industries. */
export const workbenchRoutes: FastifyPluginAsync = async (app) => {
  route(app, workbenchEndpoints.stats, async (request) => workbench.statsOf(app.db, currentCustomerId(request), request.query));
  route(app, workbenchEndpoints.banners, async () => workbench.banners(app.db));
  route(app, workbenchEndpoints.articles, async (request, reply) => {
    const { rows, totalRow } = await workbench.articlesPage(app.db, request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });
  route(app, workbenchEndpoints.industries, async () => workbench.industries(app.db));
};
