import type { ComponentType } from 'react';
import type { PublicSite } from '@portal/contracts/public';

/** One answer of the API as a page's loader sees it: the status, the parsed body, the page info of a list. */
export interface ApiAnswer<T> {
  status: number;
  data: T;
  /** A list's `x-pagination-info` (page, totalPage, totalRow), when the answer is a page. */
  pageInfo?: { page: number; totalPage: number; totalRow: number };
}

/**
 * How a page reads the API: on the server, the API server's own routes called in process (so a
 * page's HTML and a later read agree); the same paths the browser would ask, under /rest.
 */
export interface SiteApi {
  get<T>(path: string, query?: Readonly<Record<string, string>>): Promise<ApiAnswer<T>>;
}

/** What every page is rendered from; the server writes it into the page for the browser to hydrate with. */
export interface SiteState<D = unknown> {
  /** The page's path ('/succeed-details') and its query. */
  path: string;
  query: Readonly<Record<string, string>>;
  site: PublicSite;
  /** Whether the visitor has the login cookie: the menu shows 返回工作台 instead of 登录. */
  loggedIn: boolean;
  data: D;
}

/** A page of the site: its path, how it loads its data, its title and description for search engines, and what it shows. */
export interface SitePage<D = unknown> {
  path: string;
  /** null: the page does not exist for this query or host (a 404 page is sent). */
  load(api: SiteApi, query: Readonly<Record<string, string>>, site: PublicSite): Promise<D | null>;
  title(data: D, site: PublicSite): string;
  description(data: D, site: PublicSite): string;
  Component: ComponentType<{ state: SiteState<D> }>;
}

/** The id of `?id=` when it is a canonical positive integer, else null. */
export const idOf = (query: Readonly<Record<string, string>>): string | null => (/^[1-9]\d{0,9}$/.test(query.id ?? '') ? query.id! : null);

/** A list page number of `?page=` (1 when absent or not a page number). */
export const pageOf = (query: Readonly<Record<string, string>>): string => (/^[1-9]\d{0,5}$/.test(query.page ?? '') ? query.page! : '1');
