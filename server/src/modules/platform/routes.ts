import { itemsQuerySchema, platformChannelSchema, platformItemSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { protectedErrors } from '../../http/schemas';
import { currentCustomerId } from '../../plugins/auth';
import * as platform from './service';

const tags = ['platform'];

/** The customer's items (projects) and promotion channels, for pickers and filters. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireLogin);

  app.get(
    '/customer/platform/items/all',
    {
      schema: {
        tags,
        summary: '全部项目 (status 1 上稿中, 0 无效或审核中, -1 已下架)',
        querystring: itemsQuerySchema,
        response: { 200: platformItemSchema.array(), ...protectedErrors },
      },
    },
    async (request) => platform.itemsOf(app.db, currentCustomerId(request), request.query),
  );

  app.get(
    '/customer/platform/channels/listAll',
    { schema: { tags, summary: '全部推广渠道 (channelType 1 竞价, 2 信息流)', response: { 200: platformChannelSchema.array(), ...protectedErrors } } },
    async (request) => platform.channelsOf(app.db, currentCustomerId(request)),
  );
};
