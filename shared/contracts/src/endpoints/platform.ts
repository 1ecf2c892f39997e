import { itemsQuerySchema, platformChannelSchema, platformItemSchema } from '../platform/schemas';
import { endpoint } from './define';

const tag = 'platform';

/** The customer's items (projects) and promotion channels, for pickers and filters. */
export const platformEndpoints = {
  items: endpoint({
    method: 'GET',
    path: '/customer/platform/items/all',
    tag,
    summary: '全部项目 (status 1 上稿中, 0 无效或审核中, -1 已下架)',
    query: itemsQuerySchema,
    answer: 'json',
    response: platformItemSchema.array(),
  }),
  channels: endpoint({
    method: 'GET',
    path: '/customer/platform/channels/listAll',
    tag,
    summary: '全部推广渠道 (channelType 1 竞价, 2 信息流)',
    answer: 'json',
    response: platformChannelSchema.array(),
  }),
};
