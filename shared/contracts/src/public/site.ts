/**
 * What the visitor site's pages need at run time without zod (its first-load script stays small):
 * the product tabs, the article categories, the home page's sizes and the body's paragraphs. The
 * schemas of the content calls are in content.ts. Subpath `@portal/contracts/public/site`.
 */

/** The three product tabs of the home page (智能投放 / 品牌全案 / 全网营销). */
export const PUBLIC_PRODUCTS = [
  { key: 'smart', label: '智能投放' },
  { key: 'brand', label: '品牌全案' },
  { key: 'network', label: '全网营销' },
] as const;
export type PublicProduct = (typeof PUBLIC_PRODUCTS)[number]['key'];
export const PUBLIC_PRODUCT_KEYS = PUBLIC_PRODUCTS.map((product) => product.key) as [PublicProduct, ...PublicProduct[]];

/** Article categories of 学习与支持. */
export const ARTICLE_CATEGORIES = [
  { key: 'guide', label: '招商指南' },
  { key: 'marketing', label: '营销干货' },
  { key: 'news', label: '行业资讯' },
] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number]['key'];
export const ARTICLE_CATEGORY_KEYS = ARTICLE_CATEGORIES.map((category) => category.key) as [ArticleCategory, ...ArticleCategory[]];

/** Limits of the content an operator adds (the CLI refuses longer). */
export const CONTENT_TITLE_MAX = 100;
export const CONTENT_SUMMARY_MAX = 300;
export const CONTENT_BODY_MAX = 20_000;

/** How many cases and articles the home page's carousels show. */
export const HOME_CASES = 6;
export const HOME_ARTICLES = 6;

/** Splits a plain-text body into its paragraphs (blank lines between them), trimmed, none empty. */
export const paragraphsOf = (body: string): string[] =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);

/** The investment fee options 0..7, in ten-thousand yuan (spec 000 section 3). */
export const INVESTMENT_FEE_OPTIONS = [
  { value: 0, label: '1-5万元' },
  { value: 1, label: '6-10万元' },
  { value: 2, label: '11-15万元' },
  { value: 3, label: '16-20万元' },
  { value: 4, label: '21-25万元' },
  { value: 5, label: '26-30万元' },
  { value: 6, label: '30-100万元' },
  { value: 7, label: '100万元以上' },
] as const;
export type InvestmentFee = (typeof INVESTMENT_FEE_OPTIONS)[number]['value'];
export const INVESTMENT_FEE_CODES: readonly InvestmentFee[] = INVESTMENT_FEE_OPTIONS.map((option) => option.value);
/** The label of an investment fee code; '' for anything else. */
export const investmentFeeLabel = (value: number | null | undefined): string =>
  INVESTMENT_FEE_OPTIONS.find((option) => option.value === value)?.label ?? '';

/**
 * A list field: an array from a page's Form.List, or one string (a plain HTML form post with a
 * single input of that name); absent is an empty list.
 */
/** The report's percent keys (planReportSchema's percent). */
export type PlanReportPercentKey = 'male' | 'female' | 'age0' | 'age1' | 'age2' | 'age3' | 'age4' | 'education0' | 'education1' | 'education2';

/** A chart's slices: which percent of the report, under which label. */
export interface PlanReportBucket {
  key: PlanReportPercentKey;
  label: string;
}

export const GENDER_BUCKETS: readonly PlanReportBucket[] = [
  { key: 'male', label: '男' },
  { key: 'female', label: '女' },
];
/** Age buckets: under 20, 20-29, 30-39, 40-49, 50 and over. */
export const AGE_BUCKETS: readonly PlanReportBucket[] = [
  { key: 'age0', label: '20岁以下' },
  { key: 'age1', label: '20-29岁' },
  { key: 'age2', label: '30-39岁' },
  { key: 'age3', label: '40-49岁' },
  { key: 'age4', label: '50岁及以上' },
];
/** Education buckets: high school or below, college, bachelor and above. */
export const EDUCATION_BUCKETS: readonly PlanReportBucket[] = [
  { key: 'education0', label: '高中及以下' },
  { key: 'education1', label: '大专' },
  { key: 'education2', label: '本科及以上' },
];

/** Yes or no of a form's radio (the survey's filiale and onlineService, the plan form's hasBranch). */
export const YesNo = { No: 0, Yes: 1 } as const;
export type YesNo = (typeof YesNo)[keyof typeof YesNo];
export const YES_NO_CODES: readonly YesNo[] = [YesNo.No, YesNo.Yes];

/**
 * Where the site's forms post (their catalogue entries' paths under /rest: publicFormEndpoints and
 * their logged-in twins); spelled here too, without zod, for the forms' `action` (they post without
 * a script). The contracts' tests hold them to the catalogue.
 */
export const SITE_FORM_PATHS = {
  message: { visitor: '/rest/public/messages', customer: '/rest/customer/message/forms' },
  survey: { visitor: '/rest/public/surveys', customer: '/rest/customer/surveys' },
  plan: { visitor: '/rest/public/strategy-surveys', customer: '/rest/customer/strategy-surveys' },
} as const;
export type SiteFormKind = keyof typeof SITE_FORM_PATHS;

/** The page a form post without a script is answered with (`?form=&ok=1` or `&error=`). */
export const FORM_RESULT_PATH = '/form-result';

/** The quick message's character counter (spec 000 section 5). */
export const MESSAGE_CONTENT_MAX = 200;
/** The spec gives no bound for the names; these keep a body finite. */
export const MESSAGE_NAME_MAX = 50;
export const MESSAGE_ENTERPRISE_MAX = 100;

/**
 * The questions of the questionnaire, by field, as a survey lead's questionnaire stores them
 * ([{question, answer}]) and the survey page labels them.
 */
export const SURVEY_QUESTIONS = {
  contacts: '联系人',
  mobile: '手机号码',
  qq: 'QQ',
  itemId: '项目编号',
  itemName: '项目名称',
  webSite: '项目官网',
  regtime: '品牌注册时间',
  brands: '旗下品牌',
  popularizeTimeSpan: '推广时长',
  popularizeTime: '推广时间',
  filiale: '是否有分公司',
  filialeCitys: '分公司所在城市',
  joinWebSite: '合作过的招商网站',
  cooperantShop: '合作门店数',
  teamPeople: '招商团队人数',
  dailyMinResource: '每日最少资源量',
  onlineService: '是否有在线客服',
  visitingRate: '到访率(%)',
  closeRate: '成交率(%)',
  productOrientation: '产品定位',
  products: '主营产品',
  genderRation: '客户性别比例',
  ageSegment: '客户年龄段',
  advantage: '项目优势',
  minInvestment: '最低投资金额',
  maxInvestment: '最高投资金额',
  joinPolicy: '加盟政策',
  competitor: '竞争品牌',
  tvCompetitor: '电视广告竞争品牌',
} as const;

/** The visitor site's detail pages (`?id=`, spec 000 section 2), linked from the site and the workbench. */
export const SITE_DETAIL_PATHS = {
  case: '/succeed-details',
  article: '/article-details',
  industry: '/industry-details',
  about: '/about-details',
} as const;

/** A detail page's address: `/article-details?id=3`. */
export const siteDetailHref = (kind: keyof typeof SITE_DETAIL_PATHS, id: number | string): string => `${SITE_DETAIL_PATHS[kind]}?id=${id}`;
