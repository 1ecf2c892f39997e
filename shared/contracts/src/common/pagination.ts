import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './constants';

/** The x-pagination-info header's body: rows on this page, count of all matches, and the page math. */
export interface PaginationInfo {
  page: number;
  pageSize: number;
  totalRow: number;
  totalPage: number;
}

export const paginationQuerySchema = z.object({
  page: z.coerce
    .number({ error: '页码必须是数字' })
    .int({ error: '页码必须是整数' })
    .min(FIRST_PAGE, { error: '页码不能小于1' })
    .max(1_000_000, { error: '页码过大' })
    .default(FIRST_PAGE),
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int({ error: '每页条数必须是整数' })
    .min(1, { error: '每页条数不能小于1' })
    .max(MAX_PAGE_SIZE, { error: `每页条数不能超过${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const totalPages = (totalRow: number, pageSize: number): number => Math.max(1, Math.ceil(totalRow / pageSize));
