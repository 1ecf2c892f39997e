import type { PublicHome, PublicSite } from '@portal/contracts/public';
import type { ApiAnswer, SiteApi } from './types';

/** A host's settings as GET /public/site answers them. */
export const FULL_SITE: PublicSite = {
  brandName: '渠道网',
  fullBrand: true,
  showQuDao: true,
  companyName: '渠道网（北京）科技有限公司',
  phone: '400-600-8899',
  email: 'service@qudao.com',
  address: '北京市朝阳区',
  icp: '京ICP备00000000号',
};
export const OTHER_SITE: PublicSite = { ...FULL_SITE, brandName: '广告主服务平台', fullBrand: false, showQuDao: false };

export const HOME: PublicHome = {
  site: FULL_SITE,
  banners: [{ id: 1, title: '让招商更简单', subtitle: '全网投放', picUrl: '/rest/content/public-banners/1.svg', linkUrl: null, linkType: 0 }],
  cases: [
    {
      id: 7,
      goodsId: null,
      title: '茶饮品牌三个月新增加盟咨询2300条',
      company: '茶悦时光',
      industry: '餐饮美食',
      picture: '/rest/content/cases/7.svg',
      thumbnail: '/rest/content/cases/7/thumbnail.svg',
      impression: 1200000,
      click: 56000,
      summary: '通过智能投放锁定三线城市。',
    },
  ],
  articles: [{ id: 3, title: '2025年餐饮加盟市场趋势解读', category: 'news', summary: '加盟商更看重单店模型。', publishTime: '2026-11-20 10:00:00' }],
  services: [{ id: 1, product: 'smart', title: '人群精准定向', summary: '按地域、年龄、兴趣定向。' }],
  industries: [{ id: 2, title: '餐饮美食', summary: '餐饮加盟' }],
  abouts: [{ id: 5, title: '公司简介', summary: '专注招商' }],
};

type Route = (query: Readonly<Record<string, string>>) => ApiAnswer<unknown>;

/** The API as the server answers the site's reads, from fixtures; every read is recorded. */
export function fakeSiteApi(routes: Readonly<Record<string, Route>>, site: PublicSite = FULL_SITE) {
  const reads: string[] = [];
  const api: SiteApi = {
    async get<T>(path: string, query: Readonly<Record<string, string>> = {}) {
      reads.push(`${path}${Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''}`);
      if (path === '/public/site') return { status: 200, data: site as T };
      const route = routes[path];
      return (route ? route(query) : { status: 404, data: null }) as ApiAnswer<T>;
    },
  };
  return { api, reads };
}

export const ok =
  <T>(data: T, pageInfo?: ApiAnswer<T>['pageInfo']) =>
  (): ApiAnswer<T> => ({ status: 200, data, ...(pageInfo ? { pageInfo } : {}) });
