import { z } from 'zod';
import { idParam } from '../common/query';
import {
  helpArticleCardSchema,
  helpArticleSchema,
  helpArticlesQuerySchema,
  HelpMessage,
  helpSearchHitSchema,
  helpSearchQuerySchema,
} from '../help/schemas';
import { endpoint } from './define';

const tag = 'help';
const paged = '分页信息在 x-pagination-info 与 link 响应头';

/**
 * The help centre (spec 000 section 2, `/common-problem`; issue 23): published articles only,
 * the same for every logged-in customer.
 */
export const helpEndpoints = {
  articles: endpoint({
    method: 'GET',
    path: '/customer/help/articles',
    tag,
    summary: `帮助中心文章列表 (section 可选: product, crm-manual, features, account-opening, recharge, refund, delivery-data, points-rules; 栏目内按顺序; ${paged})`,
    query: helpArticlesQuerySchema,
    answer: 'page',
    response: helpArticleCardSchema,
  }),
  article: endpoint({
    method: 'GET',
    path: '/customer/help/articles/{id}',
    tag,
    summary: '帮助中心文章 (正文为服务端净化过的 HTML; 未发布或不存在: 404)',
    params: z.object({ id: idParam(HelpMessage.NotFound) }),
    answer: 'json',
    response: helpArticleSchema,
    errors: [404],
  }),
  search: endpoint({
    method: 'GET',
    path: '/customer/help/search',
    tag,
    summary: `搜索帮助文章的标题与正文 (q: 1-50 个字符, 支持中文子串; 标题命中在前; ${paged})`,
    query: helpSearchQuerySchema,
    answer: 'page',
    response: helpSearchHitSchema,
  }),
};
