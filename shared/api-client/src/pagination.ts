import { DEFAULT_PAGE_SIZE, FIRST_PAGE, LINK_HEADER, PAGINATION_INFO_HEADER, totalPages, type PaginationInfo } from '@portal/contracts';
import type { AxiosInstance } from 'axios';
import { apiClient } from './createApiClient';
import { unwrapCode } from './codeResponse';

/** Response headers as axios, fetch or a plain object hold them. */
export type HeaderSource =
  | { get(name: string): unknown }
  | Record<string, unknown>
  | null
  | undefined;

/** The RFC 8288 relations a list answers with ('previous' is read as prev). */
export interface PageLinks {
  first?: string;
  self?: string;
  next?: string;
  prev?: string;
  last?: string;
}

/** One page of a list call. */
export interface Page<T> {
  rows: T[];
  pagination: PaginationInfo;
  links: PageLinks;
}

/** Query of a list call: page from 1, pageSize default 10, plus the list's own filters. */
export interface PageParams {
  page?: number;
  pageSize?: number;
  [filter: string]: unknown;
}

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

const RELATIONS: Record<string, keyof PageLinks> = {
  first: 'first',
  self: 'self',
  next: 'next',
  prev: 'prev',
  previous: 'prev',
  last: 'last',
};

// One link-value: <uri> followed by parameters; quoted values may hold ';' and ','.
const LINK_VALUE = /\s*<([^>]*)>((?:\s*;\s*[^\s=;,]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^\s;,]*))?)*)\s*(?:,|$)/y;
const LINK_PARAM = /\s*;\s*([^\s=;,]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;,]*)))?/y;

/** The first/self/next/prev/last URLs of an RFC 8288 link header; unknown relations are left out. */
export function parseLinkHeader(value: string | null | undefined): PageLinks {
  const links: PageLinks = {};
  if (!value) return links;
  LINK_VALUE.lastIndex = 0;
  while (LINK_VALUE.lastIndex < value.length) {
    const match = LINK_VALUE.exec(value);
    if (!match) break;
    const [, uri, params] = match;
    LINK_PARAM.lastIndex = 0;
    let param: RegExpExecArray | null;
    while ((param = LINK_PARAM.exec(params)) !== null) {
      if (param[1].toLowerCase() !== 'rel') continue;
      // rel may list several relations: rel="next last".
      for (const rel of (param[2] ?? param[3] ?? '').toLowerCase().split(/\s+/)) {
        const key = RELATIONS[rel];
        if (key && links[key] === undefined) links[key] = uri;
      }
    }
  }
  return links;
}

/**
 * GET one page of a list: the rows of the body with the pagination of x-pagination-info and the
 * link header. Without the header the rows are all there is: totalRow falls back to rows.length.
 */
export async function getPage<T>(url: string, params: PageParams = {}, http: AxiosInstance = apiClient): Promise<Page<T>> {
  const response = await http.get<unknown>(url, { params });
  const body = unwrapCode<unknown>(response.data, response.status);
  const rows = Array.isArray(body) ? (body as T[]) : [];
  const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
  const pagination = parsePaginationInfo(response.headers, { page: params.page ?? FIRST_PAGE, pageSize }) ?? {
    page: params.page ?? FIRST_PAGE,
    pageSize,
    totalRow: rows.length,
    totalPage: totalPages(rows.length, pageSize),
  };
  return { rows, pagination, links: parseLinkHeader(readHeader(response.headers, LINK_HEADER)) };
}
