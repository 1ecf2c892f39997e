import { helpEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { setPaginationHeaders } from '../../http/pagination';
import { route } from '../../http/route';
import * as help from './service';

/**
 * The help centre under /rest/customer/help: the published articles, the same for every logged-in
 * customer (a draft is absent from the lists and the search, and its page is 404), and the search.
 */
export const helpRoutes: FastifyPluginAsync = async (app) => {
  route(app, helpEndpoints.articles, async (request, reply) => {
    const { rows, totalRow } = await help.listArticles(app.db, request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });
  route(app, helpEndpoints.article, async (request) => help.getArticle(app.db, request.params.id));
  // One query a page, whatever it finds; q is 1 to 50 characters (the contract).
  route(app, helpEndpoints.search, async (request, reply) => {
    const { rows, totalRow } = await help.search(app.db, request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });
};
