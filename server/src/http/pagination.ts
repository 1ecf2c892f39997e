import { LINK_HEADER, PAGINATION_INFO_HEADER, type PaginationHeader, type PaginationInfo, type PaginationQuery, totalPages } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** LIMIT and OFFSET of one page. */
export const pageWindow = ({ page, pageSize }: PaginationQuery): { limit: number; offset: number } => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** The x-pagination-info of a page: `rows` on it (none past the end) and `count` of all, with the page math. */
export const paginationInfo = ({ page, pageSize }: PaginationQuery, totalRow: number): PaginationHeader => ({
  rows: Math.min(pageSize, Math.max(0, totalRow - (page - 1) * pageSize)),
  count: totalRow,
  page,
  pageSize,
  totalRow,
  totalPage: totalPages(totalRow, pageSize),
});

/**
 * RFC 8288 `link` header for a list answered at `url` (path and query as requested), with spec
 * 001's relations: first, previous (when there is one), self, next (when there is one) and last. Each link keeps the
 * request's other query parameters (filters) and changes only page and pageSize.
 */
export function linkHeader(url: string, info: PaginationInfo): string {
  const target = (page: number): string => {
    const parsed = new URL(url, 'http://placeholder');
    parsed.searchParams.set('page', String(page));
    parsed.searchParams.set('pageSize', String(info.pageSize));
    return `${parsed.pathname}${parsed.search}`;
  };
  const links: Array<[string, number]> = [['first', 1]];
  if (info.page > 1) links.push(['previous', Math.min(info.page - 1, info.totalPage)]);
  links.push(['self', info.page]);
  if (info.page < info.totalPage) links.push(['next', info.page + 1]);
  links.push(['last', info.totalPage]);
  return links.map(([rel, page]) => `<${target(page)}>; rel="${rel}"`).join(', ');
}

/**
 * Sets `x-pagination-info` (JSON `{rows, count, page, pageSize, totalRow, totalPage}`) and `link` on a list
 * answer; the body stays the bare array of rows. Every paged list goes through here.
 */
export function setPaginationHeaders(request: FastifyRequest, reply: FastifyReply, query: PaginationQuery, totalRow: number): void {
  const info = paginationInfo(query, totalRow);
  reply.header(PAGINATION_INFO_HEADER, JSON.stringify(info));
  reply.header(LINK_HEADER, linkHeader(request.url, info));
}
