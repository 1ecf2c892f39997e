import { z } from 'zod';
import { ARTICLE_CATEGORY_KEYS, PUBLIC_PRODUCT_KEYS } from './site';

/**
 * The visitor site's content (spec 000 sections 1 to 3): banners, success cases, articles,
 * industries, about items, marketing services and recruitment positions, with the site's footer
 * settings per host. All of it is public and the same for every visitor of a host; bodies are
 * plain text whose paragraphs are separated by blank lines (never HTML: a page renders them as
 * text, so content cannot carry markup or script).
 */

/** The footer and brand of a host (spec 000 sections 1 and 6: showQuDao hides footer and links). */
export const publicSiteSchema = z.object({
  /** The brand's name ('渠道网' on the full-brand hosts). */
  brandName: z.string(),
  /** Whether this host shows the full brand's features (join us, recruitment positions). */
  fullBrand: z.boolean(),
  /** showQuDao: the footer's company details and link groups are shown. */
  showQuDao: z.boolean(),
  companyName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  /** The ICP record number under the footer. */
  icp: z.string(),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;

/** A banner of the visitor site (spec: picUrl, linkUrl, linkType 0 no link). */
export const publicBannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  picUrl: z.string(),
  linkUrl: z.string().nullable(),
  linkType: z.number(),
});
export type PublicBanner = z.infer<typeof publicBannerSchema>;

/** A success case (spec: goodsId, picture, thumbnail, company, title, impression, click, content). */
export const successCaseSchema = z.object({
  id: z.number(),
  goodsId: z.number().nullable(),
  title: z.string(),
  company: z.string(),
  industry: z.string(),
  picture: z.string(),
  thumbnail: z.string(),
  impression: z.number(),
  click: z.number(),
  /** One paragraph or two: what the case achieved. */
  summary: z.string(),
  /** Plain text, paragraphs separated by blank lines (only on the detail call). */
  content: z.string(),
});
export type SuccessCase = z.infer<typeof successCaseSchema>;
export const successCaseCardSchema = successCaseSchema.omit({ content: true });
export type SuccessCaseCard = z.infer<typeof successCaseCardSchema>;

export const publicArticleSchema = z.object({
  id: z.number(),
  title: z.string(),
  category: z.enum(ARTICLE_CATEGORY_KEYS),
  summary: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss', China time. */
  publishTime: z.string(),
  /** Plain text, paragraphs separated by blank lines (only on the detail call). */
  body: z.string(),
});
export type PublicArticle = z.infer<typeof publicArticleSchema>;
export const publicArticleCardSchema = publicArticleSchema.omit({ body: true });
export type PublicArticleCard = z.infer<typeof publicArticleCardSchema>;

/** An industry or an about item with its detail (spec: industry and about details, id in the query). */
export const publicTopicSchema = z.object({ id: z.number(), title: z.string(), summary: z.string(), body: z.string() });
export type PublicTopic = z.infer<typeof publicTopicSchema>;
export const publicTopicCardSchema = publicTopicSchema.omit({ body: true });
export type PublicTopicCard = z.infer<typeof publicTopicCardSchema>;

/** A marketing service under one of the product tabs. */
export const marketingServiceSchema = z.object({ id: z.number(), product: z.enum(PUBLIC_PRODUCT_KEYS), title: z.string(), summary: z.string() });
export type MarketingService = z.infer<typeof marketingServiceSchema>;

/** A recruitment position (join us; full-brand hosts only). */
export const positionSchema = z.object({
  id: z.number(),
  title: z.string(),
  city: z.string(),
  headcount: z.number(),
  salary: z.string(),
  duties: z.string(),
  requirements: z.string(),
  publishTime: z.string(),
});
export type Position = z.infer<typeof positionSchema>;

/** What the home page shows, in one call. */
export const publicHomeSchema = z.object({
  site: publicSiteSchema,
  banners: publicBannerSchema.array(),
  cases: successCaseCardSchema.array(),
  articles: publicArticleCardSchema.array(),
  services: marketingServiceSchema.array(),
  industries: publicTopicCardSchema.array(),
  abouts: publicTopicCardSchema.array(),
});
export type PublicHome = z.infer<typeof publicHomeSchema>;

/** Texts of the content calls. */
export const PublicContentMessage = {
  NotFound: '内容不存在',
  CategoryInvalid: '文章分类不正确',
} as const;
