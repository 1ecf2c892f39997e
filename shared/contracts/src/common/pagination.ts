import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './constants';
import { CANONICAL_INT } from './query';

/** The pagination of a list as the clients read it: the page math, totalRow the count of all matches. */
export interface PaginationInfo {
  page: number;
  pageSize: number;
  totalRow: number;
  totalPage: number;
}

/**
 * The x-pagination-info header's JSON: spec 001's `rows` (rows on this page) and `count` (all
 * matches), with the page math the clients read (totalRow equals count).
 */
export interface PaginationHeader extends PaginationInfo {
  rows: number;
  count: number;
}

/** The last page a list answers: with MAX_PAGE_SIZE rows a page, OFFSET stays under 10^8. */
export const MAX_PAGE = 1_000_000;

/** page and pageSize of a list's query string, canonically written integers (CANONICAL_INT); too many digits (Infinity) are too large. */
export const paginationQuerySchema = z.object({
  page: z
    .string({ error: '页码必须是整数' })
    .regex(CANONICAL_INT, { error: '页码必须是整数' })
    .transform(Number)
    .pipe(z.number({ error: '页码过大' }).min(FIRST_PAGE, { error: '页码不能小于1' }).max(MAX_PAGE, { error: '页码过大' }))
    .default(FIRST_PAGE),
  pageSize: z
    .string({ error: '每页条数必须是整数' })
    .regex(CANONICAL_INT, { error: '每页条数必须是整数' })
    .transform(Number)
    .pipe(
      z
        .number({ error: `每页条数不能超过${MAX_PAGE_SIZE}` })
        .min(1, { error: '每页条数不能小于1' })
        .max(MAX_PAGE_SIZE, { error: `每页条数不能超过${MAX_PAGE_SIZE}` }),
    )
    .default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const totalPages = (totalRow: number, pageSize: number): number => Math.max(1, Math.ceil(totalRow / pageSize));
