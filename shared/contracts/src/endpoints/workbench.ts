import { paginationQuerySchema } from '../common/pagination';
import { articleSchema, bannerSchema, dailyStatSchema, industrySchema, workbenchStatsQuerySchema } from '../workbench/schemas';
import { endpoint } from './define';

const tag = 'workbench';

/** The dashboard: the customer's daily charts, the carousel, articles and industries. */
export const workbenchEndpoints = {
  stats: endpoint({
    method: 'GET',
    path: '/customer/workbench/stats',
    tag,
    summary: '每日数据 (展现、点击、留言、有效对话、电话请求); 默认最近30天, 不传 itemId 为全部项目',
    query: workbenchStatsQuerySchema,
    answer: 'json',
    response: dailyStatSchema.array(),
    errors: [404],
  }),
  banners: endpoint({ method: 'GET', path: '/customer/workbench/banners', tag, summary: '轮播广告', answer: 'json', response: bannerSchema.array() }),
  articles: endpoint({
    method: 'GET',
    path: '/customer/workbench/articles',
    tag,
    summary: '文章列表 (分页信息在 x-pagination-info 与 link 响应头)',
    query: paginationQuerySchema,
    answer: 'page',
    response: articleSchema,
  }),
  industries: endpoint({
    method: 'GET',
    path: '/customer/workbench/industries',
    tag,
    summary: '行业列表',
    answer: 'json',
    response: industrySchema.array(),
  }),
};
