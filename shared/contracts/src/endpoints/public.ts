import { z } from 'zod';
import { paginationQuerySchema } from '../common/pagination';
import { idParam, optionalQueryParam } from '../common/query';
import {
  positionSchema,
  PublicContentMessage,
  publicArticleCardSchema,
  publicArticleSchema,
  publicHomeSchema,
  publicSiteSchema,
  publicTopicSchema,
  successCaseCardSchema,
  successCaseSchema,
} from '../public/content';
import { ARTICLE_CATEGORY_KEYS } from '../public/site';
import { endpoint } from './define';

const tag = 'public';
const idParams = z.object({ id: idParam(PublicContentMessage.NotFound) });

/**
 * The visitor site's content (no session; the same for every visitor of a host). The server
 * renders the public pages from these same calls, so a page's HTML and its later reads agree.
 */
export const publicContentEndpoints = {
  site: endpoint({
    method: 'GET',
    path: '/public/site',
    auth: 'public',
    tag,
    summary: '站点信息 (品牌、页脚、showQuDao; 按访问域名)',
    answer: 'json',
    response: publicSiteSchema,
  }),
  home: endpoint({
    method: 'GET',
    path: '/public/home',
    auth: 'public',
    tag,
    summary: '首页内容 (轮播、案例、文章、营销服务、行业、关于我们)',
    answer: 'json',
    response: publicHomeSchema,
  }),
  cases: endpoint({
    method: 'GET',
    path: '/public/cases',
    auth: 'public',
    tag,
    summary: '成功案例列表 (最新在前; 分页信息在 x-pagination-info 与 link 响应头)',
    query: paginationQuerySchema,
    answer: 'page',
    response: successCaseCardSchema,
  }),
  case: endpoint({
    method: 'GET',
    path: '/public/cases/{id}',
    auth: 'public',
    tag,
    summary: '成功案例详情',
    params: idParams,
    answer: 'json',
    response: successCaseSchema,
    errors: [404],
  }),
  articles: endpoint({
    method: 'GET',
    path: '/public/articles',
    auth: 'public',
    tag,
    summary: '学习与支持: 文章列表 (category 可选; 最新在前; 分页信息在响应头)',
    query: paginationQuerySchema.extend({
      category: optionalQueryParam(z.enum(ARTICLE_CATEGORY_KEYS, { error: PublicContentMessage.CategoryInvalid })),
    }),
    answer: 'page',
    response: publicArticleCardSchema,
  }),
  article: endpoint({
    method: 'GET',
    path: '/public/articles/{id}',
    auth: 'public',
    tag,
    summary: '文章详情',
    params: idParams,
    answer: 'json',
    response: publicArticleSchema,
    errors: [404],
  }),
  industry: endpoint({
    method: 'GET',
    path: '/public/industries/{id}',
    auth: 'public',
    tag,
    summary: '行业详情',
    params: idParams,
    answer: 'json',
    response: publicTopicSchema,
    errors: [404],
  }),
  about: endpoint({
    method: 'GET',
    path: '/public/abouts/{id}',
    auth: 'public',
    tag,
    summary: '关于我们详情',
    params: idParams,
    answer: 'json',
    response: publicTopicSchema,
    errors: [404],
  }),
  positions: endpoint({
    method: 'GET',
    path: '/public/positions',
    auth: 'public',
    tag,
    summary: '招聘职位 (仅完整品牌的域名; 其他域名 404)',
    answer: 'json',
    response: positionSchema.array(),
    errors: [404],
  }),
};
