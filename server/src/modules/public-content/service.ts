import { brandForHost, type PaginationQuery } from '@portal/contracts';
import {
  ARTICLE_CATEGORY_KEYS,
  type ArticleCategory,
  HOME_ARTICLES,
  HOME_CASES,
  type MarketingService,
  type Position,
  PUBLIC_PRODUCT_KEYS,
  type PublicArticle,
  type PublicArticleCard,
  type PublicBanner,
  PublicContentMessage,
  type PublicHome,
  type PublicProduct,
  type PublicSite,
  type PublicTopic,
  type PublicTopicCard,
  type SuccessCase,
  type SuccessCaseCard,
} from '@portal/contracts/public';
import type { PublicSiteConfig } from '../../config';
import type { Db } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { toChinaDateTime } from '../../lib/time';
import { caseThumbnailUrl, casePictureUrl, publicBannerImageUrl } from '../content/service';
import * as repo from './repo';

/** The most rows of the lists answered whole (the home page's and the positions): bounded answers whatever the tables hold. */
export const PUBLIC_LIST_MAX = { banners: 10, industries: 50, abouts: 20, services: 30, positions: 100 } as const;

/** The short brand names of the visitor site. */
const BRAND_NAMES = { full: '渠道网', other: '广告主服务平台' } as const;

/**
 * The site settings of a host (the request's host name, no port): the brand's variant by
 * brandForHost (fullBrand, showQuDao) and the company details from the configuration.
 */
export function siteFor(hostname: string, company: PublicSiteConfig): PublicSite {
  const brand = brandForHost(hostname);
  return {
    brandName: BRAND_NAMES[brand.key],
    fullBrand: brand.key === 'full',
    showQuDao: brand.showQuDao,
    companyName: company.companyName,
    phone: company.phone,
    email: company.email,
    address: company.address,
    icp: company.icp,
  };
}

const contentNotFound = () => notFound(PublicContentMessage.NotFound);

const isCategory = (value: string): value is ArticleCategory => (ARTICLE_CATEGORY_KEYS as readonly string[]).includes(value);
const isProduct = (value: string): value is PublicProduct => (PUBLIC_PRODUCT_KEYS as readonly string[]).includes(value);

type CaseRow = Awaited<ReturnType<typeof repo.listCases>>[number];
const caseCard = (row: CaseRow): SuccessCaseCard => ({
  ...row,
  picture: casePictureUrl(row.id),
  thumbnail: caseThumbnailUrl(row.id),
});

type ArticleRow = Awaited<ReturnType<typeof repo.listArticles>>[number];
// The table's default is 'news'; a row written otherwise than through the CLI still answers a category of the contract.
const articleCard = (row: ArticleRow): PublicArticleCard => ({
  ...row,
  category: isCategory(row.category) ? row.category : 'news',
  publishTime: toChinaDateTime(row.publishTime),
});

export async function banners(db: Db): Promise<PublicBanner[]> {
  const rows = await repo.listBanners(db, PUBLIC_LIST_MAX.banners);
  return rows.map((row) => ({ ...row, picUrl: publicBannerImageUrl(row.id) }));
}

export async function casesPage(db: Db, query: PaginationQuery): Promise<{ rows: SuccessCaseCard[]; totalRow: number }> {
  const [totalRow, rows] = await Promise.all([repo.countCases(db), repo.listCases(db, pageWindow(query))]);
  return { totalRow, rows: rows.map(caseCard) };
}

export async function caseDetail(db: Db, id: number): Promise<SuccessCase> {
  const row = await repo.findCase(db, id);
  if (!row) throw contentNotFound();
  const { content, ...card } = row;
  return { ...caseCard(card), content };
}

export async function articlesPage(
  db: Db,
  query: PaginationQuery & { category?: ArticleCategory },
): Promise<{ rows: PublicArticleCard[]; totalRow: number }> {
  const [totalRow, rows] = await Promise.all([
    repo.countArticles(db, query.category),
    repo.listArticles(db, { ...pageWindow(query), category: query.category }),
  ]);
  return { totalRow, rows: rows.map(articleCard) };
}

export async function articleDetail(db: Db, id: number): Promise<PublicArticle> {
  const row = await repo.findArticle(db, id);
  if (!row) throw contentNotFound();
  const { body, ...card } = row;
  return { ...articleCard(card), body };
}

export async function industryDetail(db: Db, id: number): Promise<PublicTopic> {
  const row = await repo.findIndustry(db, id);
  if (!row) throw contentNotFound();
  return row;
}

export async function aboutDetail(db: Db, id: number): Promise<PublicTopic> {
  const row = await repo.findAbout(db, id);
  if (!row) throw contentNotFound();
  return row;
}

/** The services in the tabs' order (智能投放, 品牌全案, 全网营销), each tab's in its own order. */
export async function services(db: Db): Promise<MarketingService[]> {
  const rows = await repo.listServices(db, PUBLIC_LIST_MAX.services);
  const known = rows.filter((row): row is typeof row & { product: PublicProduct } => isProduct(row.product));
  return known
    .map((row, index) => ({ row, index }))
    .sort((a, b) => PUBLIC_PRODUCT_KEYS.indexOf(a.row.product) - PUBLIC_PRODUCT_KEYS.indexOf(b.row.product) || a.index - b.index)
    .map(({ row }) => row);
}

const industryCards = (db: Db): Promise<PublicTopicCard[]> => repo.listIndustries(db, PUBLIC_LIST_MAX.industries);
const aboutCards = (db: Db): Promise<PublicTopicCard[]> => repo.listAbouts(db, PUBLIC_LIST_MAX.abouts);

/** Everything the home page shows in one answer: the newest HOME_CASES cases and HOME_ARTICLES articles. */
export async function home(db: Db, site: PublicSite): Promise<PublicHome> {
  const window = { page: 1, pageSize: HOME_CASES };
  const [bannerList, caseRows, articleRows, serviceList, industries, abouts] = await Promise.all([
    banners(db),
    repo.listCases(db, pageWindow(window)),
    repo.listArticles(db, pageWindow({ page: 1, pageSize: HOME_ARTICLES })),
    services(db),
    industryCards(db),
    aboutCards(db),
  ]);
  return {
    site,
    banners: bannerList,
    cases: caseRows.map(caseCard),
    articles: articleRows.map(articleCard),
    services: serviceList,
    industries,
    abouts,
  };
}

/** The recruitment positions, newest first; only the full brand's hosts have them (404 elsewhere). */
export async function positions(db: Db, site: PublicSite): Promise<Position[]> {
  if (!site.fullBrand) throw contentNotFound();
  const rows = await repo.listPositions(db, PUBLIC_LIST_MAX.positions);
  return rows.map((row) => ({ ...row, publishTime: toChinaDateTime(row.publishTime) }));
}
