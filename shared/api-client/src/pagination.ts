import { PAGINATION_INFO_HEADER, totalPages, type PaginationInfo } from '@portal/contracts';

/** Response headers as axios, fetch or a plain object hold them. */
export type HeaderSource = { get(name: string): unknown } | Record<string, unknown> | null | undefined;

function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  let value: unknown;
  if (typeof headers.get === 'function') {
    value = (headers as { get(name: string): unknown }).get(name);
  } else {
    const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : (headers as Record<string, unknown>)[key];
  }
  if (Array.isArray(value)) value = value.join(', ');
  return typeof value === 'string' ? value : undefined;
}

const toWhole = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/**
 * The x-pagination-info header, or null when it is missing or not the expected JSON. It holds
 * spec 001's `rows` and `count` and this portal's page math (page, pageSize, totalRow,
 * totalPage); a header of `count` alone takes page and pageSize from the request (`asked`).
 */
export function parsePaginationInfo(headers: HeaderSource, asked: { page?: number; pageSize?: number } = {}): PaginationInfo | null {
  const raw = readHeader(headers, PAGINATION_INFO_HEADER);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object') return null;
  const info = parsed as Record<string, unknown>;
  const page = toWhole(info.page) ?? toWhole(asked.page);
  const pageSize = toWhole(info.pageSize) ?? toWhole(asked.pageSize);
  const totalRow = toWhole(info.totalRow) ?? toWhole(info.count);
  if (page === undefined || pageSize === undefined || totalRow === undefined || pageSize === 0) return null;
  return { page, pageSize, totalRow, totalPage: toWhole(info.totalPage) ?? totalPages(totalRow, pageSize) };
}
