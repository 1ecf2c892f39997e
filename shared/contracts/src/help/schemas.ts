import { z } from 'zod';
import { paginationQuerySchema } from '../common/pagination';
import { optionalQueryParam } from '../common/query';

/**
 * `@portal/contracts/help`: the help centre of the logged-in portal (spec 000 section 2, route
 * `/common-problem`; issue 23): articles in the spec's eight sections, written by the platform's
 * operators in Markdown and served as sanitised HTML, and a search over titles and bodies.
 */

/** The help centre's left menu (spec 000 section 2, Help centre), in its order. */
export const HELP_SECTIONS = [
  { key: 'product', label: '产品介绍' },
  { key: 'crm-manual', label: 'CRM使用手册' },
  { key: 'features', label: '功能介绍' },
  { key: 'account-opening', label: '开户' },
  { key: 'recharge', label: '充值' },
  { key: 'refund', label: '退款' },
  { key: 'delivery-data', label: '投放数据' },
  { key: 'points-rules', label: '积分规则' },
] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number]['key'];
export const HELP_SECTION_KEYS = HELP_SECTIONS.map((section) => section.key) as [HelpSection, ...HelpSection[]];

/**
 * The customer labels the help text suggests for following up leads (spec 000 section 1): the
 * articles that name them take them from here.
 */
export const CUSTOMER_LABELS = {
  notReached: '未接通',
  general: '一般客户',
  intent: '意向客户',
  key: '重点客户',
  visited: '已上门',
  deal: '已成交',
  invalid: '无效客户',
} as const;

/** The classes of the phone-number safety checker the help text names (spec 000 section 1): the leads' own. */
export { PHONE_CLASSES, type PhoneClass } from '../leads/phoneCheck';

export const HelpMessage = {
  NotFound: '文章不存在或未发布',
  SectionInvalid: '栏目不存在',
  QueryRequired: '请输入搜索内容',
  QueryTooLong: '搜索内容不能超过50个字符',
} as const;

/** A search's words: 1 to HELP_QUERY_MAX characters after trimming. */
export const HELP_QUERY_MAX = 50;

/** An article in a list: what a section's list and a search hit show. */
export const helpArticleCardSchema = z.object({
  id: z.number().int(),
  section: z.enum(HELP_SECTION_KEYS),
  title: z.string(),
  /** The first words of the body, as plain text. */
  summary: z.string(),
  /** China time, 'YYYY-MM-DD HH:mm:ss': when it was last published or edited. */
  updateTime: z.string(),
});
export type HelpArticleCard = z.output<typeof helpArticleCardSchema>;

/** An article: its body as HTML rendered from the operator's Markdown and sanitised by the server. */
export const helpArticleSchema = helpArticleCardSchema.extend({
  html: z.string(),
});
export type HelpArticle = z.output<typeof helpArticleSchema>;

/** A stretch of text, `hit` where it matches the search's words. */
export const highlightSchema = z.array(z.object({ text: z.string(), hit: z.boolean() }));
export type Highlight = z.output<typeof highlightSchema>;

/** A search hit: the article, and its title and a stretch of its body with the matches marked. */
export const helpSearchHitSchema = helpArticleCardSchema.extend({
  titleHighlight: highlightSchema,
  snippet: highlightSchema,
});
export type HelpSearchHit = z.output<typeof helpSearchHitSchema>;

export const helpArticlesQuerySchema = paginationQuerySchema.extend({
  section: optionalQueryParam(z.enum(HELP_SECTION_KEYS, { error: HelpMessage.SectionInvalid })),
});
export type HelpArticlesQuery = z.output<typeof helpArticlesQuerySchema>;

export const helpSearchQuerySchema = paginationQuerySchema.extend({
  q: z.string({ error: HelpMessage.QueryRequired }).trim().min(1, HelpMessage.QueryRequired).max(HELP_QUERY_MAX, HelpMessage.QueryTooLong),
});
export type HelpSearchQuery = z.output<typeof helpSearchQuerySchema>;
