import { publicContentEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_PUBLIC_SITE, type PublicSiteConfig } from '../../config';
import { setPaginationHeaders } from '../../http/pagination';
import { route } from '../../http/route';
import * as content from './service';

export interface PublicContentOptions {
  /** The company details of the footer (config.publicSite); absent: DEFAULT_PUBLIC_SITE. */
  company?: PublicSiteConfig;
}

/**
 * The visitor site's content (no session). The site settings depend on the host the visitor
 * asked for (request.hostname: the Host header without its port, or X-Forwarded-Host behind a
 * trusted proxy), so those answers say they vary by it.
 */
export const publicContentRoutes: FastifyPluginAsync<PublicContentOptions> = async (app, options) => {
  const company = options.company ?? DEFAULT_PUBLIC_SITE;
  const siteOf = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'host');
    return content.siteFor(request.hostname, company);
  };

  route(app, publicContentEndpoints.site, async (request, reply) => siteOf(request, reply));
  route(app, publicContentEndpoints.home, async (request, reply) => content.home(app.db, siteOf(request, reply)));
  route(app, publicContentEndpoints.cases, async (request, reply) => {
    const { rows, totalRow } = await content.casesPage(app.db, request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });
  route(app, publicContentEndpoints.case, async (request) => content.caseDetail(app.db, request.params.id));
  route(app, publicContentEndpoints.articles, async (request, reply) => {
    const { rows, totalRow } = await content.articlesPage(app.db, request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });
  route(app, publicContentEndpoints.article, async (request) => content.articleDetail(app.db, request.params.id));
  route(app, publicContentEndpoints.industry, async (request) => content.industryDetail(app.db, request.params.id));
  route(app, publicContentEndpoints.about, async (request) => content.aboutDetail(app.db, request.params.id));
  route(app, publicContentEndpoints.positions, async (request, reply) => content.positions(app.db, siteOf(request, reply)));
};
