import type { Article, Banner, DailyStat, Industry, WorkbenchStatsQuery } from '@portal/contracts';
import type { AxiosInstance } from 'axios';
import { apiClient } from '../createApiClient';
import { unwrapCode } from '../codeResponse';
import { getPage, type Page } from '../pagination';

/** One day of the dashboard charts. */
export type WorkbenchStat = DailyStat;
export type { Article, Banner, Industry, WorkbenchStatsQuery };

export interface WorkbenchApi {
  /** GET /customer/workbench/stats?itemId=&startTime=&endTime= (YYYY-MM-DD; the server defaults the range). */
  stats(query?: WorkbenchStatsQuery): Promise<WorkbenchStat[]>;
  /** GET /customer/workbench/banners. */
  banners(): Promise<Banner[]>;
  /** GET /customer/workbench/articles?page=&pageSize=. */
  articles(query?: { page?: number; pageSize?: number }): Promise<Page<Article>>;
  /** GET /customer/workbench/industries. */
  industries(): Promise<Industry[]>;
}

export function createWorkbenchApi(http: AxiosInstance = apiClient): WorkbenchApi {
  return {
    async stats(query = {}) {
      const response = await http.get<unknown>('/customer/workbench/stats', { params: query });
      return unwrapCode<WorkbenchStat[]>(response.data, response.status);
    },
    async banners() {
      const response = await http.get<unknown>('/customer/workbench/banners');
      return unwrapCode<Banner[]>(response.data, response.status);
    },
    articles(query = {}) {
      return getPage<Article>('/customer/workbench/articles', query, http);
    },
    async industries() {
      const response = await http.get<unknown>('/customer/workbench/industries');
      return unwrapCode<Industry[]>(response.data, response.status);
    },
  };
}

export const workbenchApi: WorkbenchApi = createWorkbenchApi();
