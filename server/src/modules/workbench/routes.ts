import {
  articleSchema,
  bannerSchema,
  dailyStatSchema,
  industrySchema,
  paginationQuerySchema,
  workbenchStatsQuerySchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, protectedErrors } from '../../http/schemas';
import { setPaginationHeaders } from '../../http/pagination';
import { currentCustomerId } from '../../plugins/auth';
import * as workbench from './service';

const tags = ['workbench'];

/** The dashboard: the customer's daily charts, the carousel, articles and industries. */
export const workbenchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireLogin);

  app.get(
    '/customer/workbench/stats',
    {
      schema: {
        tags,
        summary: '每日数据 (展现、点击、留言、有效对话、电话请求); 默认最近30天, 不传 itemId 为全部项目',
        querystring: workbenchStatsQuerySchema,
        response: { 200: dailyStatSchema.array(), ...protectedErrors, 404: errorSchema },
      },
    },
    async (request) => workbench.statsOf(app.db, currentCustomerId(request), request.query),
  );

  app.get(
    '/customer/workbench/banners',
    { schema: { tags, summary: '轮播广告', response: { 200: bannerSchema.array(), ...protectedErrors } } },
    async () => workbench.banners(app.db),
  );

  app.get(
    '/customer/workbench/articles',
    {
      schema: {
        tags,
        summary: '文章列表 (分页信息在 x-pagination-info 与 link 响应头)',
        querystring: paginationQuerySchema,
        response: { 200: articleSchema.array(), ...protectedErrors },
      },
    },
    async (request, reply) => {
      const { rows, totalRow } = await workbench.articlesPage(app.db, request.query);
      setPaginationHeaders(request, reply, request.query, totalRow);
      return rows;
    },
  );

  app.get(
    '/customer/workbench/industries',
    { schema: { tags, summary: '行业列表', response: { 200: industrySchema.array(), ...protectedErrors } } },
    async () => workbench.industries(app.db),
  );
};
