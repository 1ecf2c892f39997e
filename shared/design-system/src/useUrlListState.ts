import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZE_OPTIONS, paginationQuerySchema } from '@portal/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The page a list shows: page from 1 and one of the table's page sizes. */
export interface ListPaging {
  page: number;
  pageSize: number;
}

/** A list's query string entries, by name. */
export type ListQuery = Record<string, string>;

export interface UrlListStateOptions<F> {
  /** The filters of a URL that names none (called once per mount: a default may be today). */
  defaults: () => F;
  /** The URL's entries to filters; a missing or bad value takes its default (never throws). A stable function (module level). */
  parse: (query: ListQuery, defaults: F) => F;
  /** Filters to entries; an entry equal to the defaults' is left out of the URL. A stable function (module level). */
  serialize: (filters: F) => ListQuery;
}

export interface UrlListState<F> {
  filters: F;
  paging: ListPaging;
  /** New filters from page 1: a new history entry, so that back returns to the earlier search. */
  search: (filters: F) => void;
  /** Another page or page size (a new size starts from page 1): replaces the history entry. */
  changePage: (page: number, pageSize: number) => void;
  /** The filters of a URL that names none (重置 searches them). */
  defaults: F;
}

const PAGE_SIZES: readonly number[] = PAGE_SIZE_OPTIONS;

/** page and pageSize of the URL: canonical positive integers, the size one of the table's; anything else the default. */
export function parsePaging(query: ListQuery): ListPaging {
  const page = paginationQuerySchema.shape.page.safeParse(query.page);
  const pageSize = paginationQuerySchema.shape.pageSize.safeParse(query.pageSize);
  return {
    page: page.success ? page.data : FIRST_PAGE,
    pageSize: pageSize.success && PAGE_SIZES.includes(pageSize.data) ? pageSize.data : DEFAULT_PAGE_SIZE,
  };
}

/**
 * A list page's filters and page, kept in the URL's query string (ARCHITECTURE section 6): they
 * survive the detail page and back, and a link opens the list as it was. Values equal to the
 * defaults are left out (a list with no filters has a clean URL); a hand-edited or stale URL's bad
 * values fall back to the defaults. The page owns its whole query string.
 */
export function useUrlListState<F>({ defaults: makeDefaults, parse, serialize }: UrlListStateOptions<F>): UrlListState<F> {
  const [defaults] = useState(makeDefaults);
  const [searchParams, setSearchParams] = useSearchParams();
  const queryString = searchParams.toString();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(queryString)), [queryString]);
  const filters = useMemo(() => parse(query, defaults), [parse, query, defaults]);
  const paging = useMemo(() => parsePaging(query), [query]);

  const write = useCallback(
    (nextFilters: F, nextPaging: ListPaging, replace: boolean) => {
      const fallback = serialize(defaults);
      const next = new URLSearchParams();
      for (const [name, value] of Object.entries(serialize(nextFilters))) if (fallback[name] !== value) next.set(name, value);
      if (nextPaging.page !== FIRST_PAGE) next.set('page', String(nextPaging.page));
      if (nextPaging.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(nextPaging.pageSize));
      // The same URL again (查询 with unchanged filters) adds no history entry.
      setSearchParams(next, { replace: replace || next.toString() === queryString });
    },
    [serialize, defaults, queryString, setSearchParams],
  );

  const search = useCallback((next: F) => write(next, { ...paging, page: FIRST_PAGE }, false), [write, paging]);
  const changePage = useCallback(
    (page: number, pageSize: number) => write(filters, { page: pageSize === paging.pageSize ? page : FIRST_PAGE, pageSize }, true),
    [write, filters, paging.pageSize],
  );
  return { filters, paging, search, changePage, defaults };
}
