import { endpointQuery, endpointRequest, type EndpointPage } from '@portal/api-client';
import { type Article, type DailyStat } from '@portal/contracts';
import { platformEndpoints, workbenchEndpoints } from '@portal/contracts/endpoints';
import { reportsApi } from '../../api/reportsApi';

export interface StatsArgs {
  itemId: number;
  startTime: string;
  endTime: string;
}

export interface ArticlesArgs {
  page: number;
  pageSize: number;
}

export type ArticlesPage = EndpointPage<Article>;

const articles = endpointQuery(workbenchEndpoints.articles);

/** The dashboard's server calls, each a catalogue entry (answers parsed with its schema). */
export const workbenchApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getItems: build.query({ ...endpointQuery(platformEndpoints.items), providesTags: ['Item'] }),
    getWorkbenchStats: build.query<DailyStat[], StatsArgs>({
      query: (query) => endpointRequest(workbenchEndpoints.stats, { query }),
      providesTags: (_result, _error, { itemId }) => [{ type: 'WorkbenchStats', id: itemId }],
    }),
    getBanners: build.query({ ...endpointQuery(workbenchEndpoints.banners), providesTags: ['Banner'] }),
    getArticles: build.query<ArticlesPage, ArticlesArgs>({
      query: (query) => articles.query({ query }),
      transformResponse: (rows, meta, query) => articles.transformResponse(rows, meta, { query }),
      providesTags: (result) => [...(result?.rows ?? []).map(({ id }) => ({ type: 'Article' as const, id })), { type: 'Article', id: 'LIST' }],
    }),
    getIndustries: build.query({ ...endpointQuery(workbenchEndpoints.industries), providesTags: ['Industry'] }),
  }),
});

export const { useGetItemsQuery, useGetWorkbenchStatsQuery, useGetBannersQuery, useGetArticlesQuery, useGetIndustriesQuery } = workbenchApi;
