import { DEFAULT_PAGE_SIZE, FIRST_PAGE, totalPages, type Article, type Banner, type DailyStat, type Industry, type PaginationInfo, type PlatformItem } from '@portal/contracts';
import { parsePaginationInfo } from '@portal/api-client';
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

export interface ArticlesPage {
  rows: Article[];
  pagination: PaginationInfo;
}

/** The dashboard's server calls. */
export const workbenchApi = reportsApi.injectEndpoints({
  endpoints: (build) => ({
    getItems: build.query<PlatformItem[], void>({
      query: () => ({ url: '/customer/platform/items/all' }),
      providesTags: ['Item'],
    }),
    getWorkbenchStats: build.query<DailyStat[], StatsArgs>({
      query: (params) => ({ url: '/customer/workbench/stats', params }),
      providesTags: (_result, _error, { itemId }) => [{ type: 'WorkbenchStats', id: itemId }],
    }),
    getBanners: build.query<Banner[], void>({
      query: () => ({ url: '/customer/workbench/banners' }),
      providesTags: ['Banner'],
    }),
    getArticles: build.query<ArticlesPage, ArticlesArgs>({
      query: (params) => ({ url: '/customer/workbench/articles', params }),
      transformResponse: (body: unknown, meta, { page = FIRST_PAGE, pageSize = DEFAULT_PAGE_SIZE }) => {
        const rows = Array.isArray(body) ? (body as Article[]) : [];
        // Without the header the rows are all there is.
        const pagination = parsePaginationInfo(meta?.headers) ?? {
          page,
          pageSize,
          totalRow: rows.length,
          totalPage: totalPages(rows.length, pageSize),
        };
        return { rows, pagination };
      },
      providesTags: (result) => [
        ...(result?.rows ?? []).map(({ id }) => ({ type: 'Article' as const, id })),
        { type: 'Article', id: 'LIST' },
      ],
    }),
    getIndustries: build.query<Industry[], void>({
      query: () => ({ url: '/customer/workbench/industries' }),
      providesTags: ['Industry'],
    }),
  }),
});

export const {
  useGetItemsQuery,
  useGetWorkbenchStatsQuery,
  useGetBannersQuery,
  useGetArticlesQuery,
  useGetIndustriesQuery,
} = workbenchApi;
