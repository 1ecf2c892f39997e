import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type PaginationInfo, totalPages } from '@portal/contracts';
import {
  type AnyEndpoint,
  fillPath,
  FORM_URLENCODED,
  type PathParamNames,
  type Schema,
  type SchemaInput,
  type SchemaOutput,
} from '@portal/contracts/endpoints';
import { apiClient } from '../createApiClient';
import { parsePaginationInfo } from '../pagination';
import type { AxiosQueryArgs, AxiosQueryMeta } from './axiosBaseQuery';

/** A query-string value as a caller passes it (axios writes it out). */
type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

type Empty = Record<never, never>;
type ParamsArg<E extends AnyEndpoint> = [PathParamNames<E['path']>] extends [never]
  ? Empty
  : { params: Record<PathParamNames<E['path']>, string | number> };
type QueryArg<E extends AnyEndpoint> = E['query'] extends Schema ? { query?: { [K in keyof SchemaInput<E['query']>]?: QueryValue } } : Empty;
type BodyArg<E extends AnyEndpoint> = E['body'] extends Schema ? { body: SchemaInput<E['body']> } : Empty;
type HeadersArg<E extends AnyEndpoint> = E['headers'] extends Schema ? { headers: Record<string, string> } : Empty;
type Combined<E extends AnyEndpoint> = ParamsArg<E> & QueryArg<E> & BodyArg<E> & HeadersArg<E>;

/**
 * What a call of the entry takes: `params` for the `{name}`s of its path, `query` (the keys its
 * query schema reads), `body`, `headers` when it reads request headers of its own (an
 * Idempotency-Key); nothing (void) for a call that needs none.
 */
export type EndpointArgs<E extends AnyEndpoint> = keyof Combined<E> extends never
  ? void
  : Empty extends Combined<E>
    ? Combined<E> | void
    : Combined<E>;

/** A page of a list call: the parsed rows and the pagination of its headers. */
export interface EndpointPage<Row> {
  rows: Row[];
  pagination: PaginationInfo;
}

/** What the store keeps of a successful answer: the parsed data, or a page of parsed rows. */
export type EndpointResult<E extends AnyEndpoint> = E['response'] extends Schema
  ? E['answer'] extends 'page'
    ? EndpointPage<SchemaOutput<E['response']>>
    : SchemaOutput<E['response']>
  : never;

type LooseArgs = {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
} | void;

/** The path of the entry with its parameters filled in. */
/** A form-encoded body (the spec's account, creator and template forms): every defined value as a string. */
const formBody = (body: unknown): URLSearchParams =>
  new URLSearchParams(
    Object.entries(body as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );

const urlOf = (entry: AnyEndpoint, args: LooseArgs): string => fillPath(entry.path, args?.params);

/**
 * The request of one call of `entry` for axiosBaseQuery: path parameters filled in, query and
 * body passed, and the answer checked with the entry's response schema (a page's body: an array
 * of its rows).
 */
export function endpointRequest<E extends AnyEndpoint>(entry: E, args: EndpointArgs<E>): AxiosQueryArgs {
  if (entry.answer === 'file') throw new Error(`${entry.method} ${entry.path} is a download: use endpointUrl`);
  const loose = args as LooseArgs;
  const schema = entry.response as Schema;
  const rows: Schema = entry.answer === 'page' ? schema.array() : schema;
  return {
    url: urlOf(entry, loose),
    method: entry.method,
    ...(loose?.query === undefined ? {} : { params: loose.query }),
    ...(loose?.body === undefined ? {} : { data: entry.consumes?.includes(FORM_URLENCODED) ? formBody(loose.body) : loose.body }),
    ...(loose?.headers === undefined ? {} : { headers: loose.headers }),
    parse: (data) => rows.parse(data),
  };
}

/** What endpointQuery gives: RTK Query's `query` (from the hook's argument `A`) and `transformResponse`. */
export interface EndpointQueryDefinition<E extends AnyEndpoint, A> {
  query: (args: A) => AxiosQueryArgs;
  transformResponse: (data: unknown, meta: AxiosQueryMeta | undefined, args: A) => EndpointResult<E>;
}

/**
 * RTK Query's `query` and `transformResponse` for a catalogue entry, to spread into
 * `build.query(...)` or `build.mutation(...)` beside the endpoint's own tags:
 *
 *   getLead: build.query({ ...endpointQuery(leadEndpoints.detail), providesTags: ... })
 *
 * The hook then takes the entry's arguments (`{ params: { id } }`). `toArgs` lets it take the
 * page's own instead, turned into the entry's in one place; answers keep the entry's type:
 *
 *   items: build.query({ ...endpointQuery(scheduleEndpoints.items, (crmCode: CrmCode) => ({ query: { crmCode } })) })
 *
 * A page answer becomes `{rows, pagination}`: the pagination of x-pagination-info, else the rows
 * are all there are.
 */
export function endpointQuery<E extends AnyEndpoint>(entry: E): EndpointQueryDefinition<E, EndpointArgs<E>>;
export function endpointQuery<E extends AnyEndpoint, A>(entry: E, toArgs: (args: A) => EndpointArgs<E>): EndpointQueryDefinition<E, A>;
export function endpointQuery<E extends AnyEndpoint, A>(entry: E, toArgs?: (args: A) => EndpointArgs<E>): EndpointQueryDefinition<E, A> {
  const entryArgs = (args: A): EndpointArgs<E> => (toArgs ? toArgs(args) : (args as unknown as EndpointArgs<E>));
  return {
    query: (args) => endpointRequest(entry, entryArgs(args)),
    transformResponse: (data, meta, args) => {
      if (entry.answer !== 'page') return data as EndpointResult<E>;
      const rows = data as unknown[];
      const query = (entryArgs(args) as LooseArgs)?.query ?? {};
      const page = Number(query.page ?? FIRST_PAGE);
      const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
      const pagination = parsePaginationInfo(meta?.headers, { page, pageSize }) ?? {
        page,
        pageSize,
        totalRow: rows.length,
        totalPage: totalPages(rows.length, pageSize),
      };
      return { rows, pagination } as EndpointResult<E>;
    },
  };
}

/**
 * The address of a call for the browser to open itself (a CSV download, an image): the client's
 * base (/rest), the filled path and the query.
 */
export function endpointUrl<E extends AnyEndpoint>(entry: E, args: EndpointArgs<E>): string {
  const loose = args as LooseArgs;
  return apiClient.getUri({ url: urlOf(entry, loose), params: loose?.query });
}
