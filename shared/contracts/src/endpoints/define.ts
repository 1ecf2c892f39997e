import { z } from 'zod';

/**
 * The endpoint catalogue's vocabulary. Every call of the API under /rest is one `Endpoint`:
 * the spec's path verbatim (`{name}` for a path parameter, as the spec writes it), the method,
 * the request schemas, what the answer is and who may call. The server registers its routes
 * from these entries, the clients build their calls from them, and the OpenAPI document, the
 * logged-out matrix and the hostile-input walk come from the registrations.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: `public` needs nothing; `login` needs the session cookie (401 without);
 * `ingestKey` needs the customer's key in X-Ingest-Key (401 without), never a session.
 */
export type EndpointAuth = 'public' | 'login' | 'ingestKey';

/**
 * The shape of a successful answer:
 * - `json`: the body is `response`;
 * - `code`: a code-style body `{code, message, data}` whose `data` is `response`;
 * - `page`: a page of a list, the body the bare array of `response` rows, the pagination in the
 *   `x-pagination-info` and `link` headers;
 * - `file`: a download (CSV, image) of one of `produces`, opened by navigation, not parsed.
 */
export type AnswerKind = 'json' | 'code' | 'page' | 'file';

/** Error statuses an entry answers beyond its auth's (400 always; 401 for login and ingestKey). */
export type ErrorStatus = 400 | 401 | 404 | 409 | 413 | 429;

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends AnswerKind = AnswerKind,
  Response extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** Under /rest, the spec's spelling; `{id}` marks a path parameter. */
  path: Path;
  auth: EndpointAuth;
  /** OpenAPI tag (the server module) and summary (Chinese, as the spec words the call). */
  tag: string;
  summary: string;
  /** Path parameters; present exactly when the path has `{...}`. */
  params: Params;
  query: Query;
  body: Body;
  answer: Answer;
  /** `json`: the body; `code`: its `data`; `page`: one row; `file`: undefined. */
  response: Response;
  /** HTTP status of the success (201 for a creation). */
  status: 200 | 201;
  /** Further error statuses the OpenAPI document lists. */
  errors: readonly ErrorStatus[];
  /** Content types of a `file` answer. */
  produces?: readonly string[];
  /** Content types of the body when not JSON (an upload). */
  consumes?: readonly string[];
  /**
   * Request headers the call reads beyond its auth's (Idempotency-Key, a signature): a zod object
   * keyed by the lower-case header names, each with its description, that the server validates
   * (400 naming the header) and the OpenAPI document lists as header parameters. Loose, so that
   * every other header passes untouched.
   */
  headers?: z.ZodType;
  /**
   * A GET that the spec names as such but that writes data and calls the customer's CRM (a sync,
   * an 'update data'): the server guards it as it guards a state-changing method (POST, PUT,
   * DELETE), refusing it without `X-Requested-With` (or `Sec-Fetch-Site: same-origin`), so that
   * a link on another site cannot trigger it; the OpenAPI operation says so (`x-side-effects`).
   */
  sideEffects: boolean;
  /**
   * A call whose work grows with its range or its rows (a report over days, a spreadsheet
   * export, a CRM sync that reads the customer's whole CRM list): one session runs at most HEAVY_CALLS_PER_SESSION of them at once; the next answers
   * 429 with Retry-After and CommonMessage.HeavyCallsBusy, so that one customer's burst queues
   * on their side instead of taking the server from others.
   */
  heavy: boolean;
}

/** Any entry of the catalogue. */
export type AnyEndpoint = Endpoint;

interface EndpointInput<
  Method extends HttpMethod,
  Path extends string,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Answer extends AnswerKind,
  Response extends z.ZodType | undefined,
> {
  method: Method;
  path: Path;
  auth?: EndpointAuth;
  tag: string;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  answer: Answer;
  response?: Response;
  status?: 200 | 201;
  errors?: readonly ErrorStatus[];
  produces?: readonly string[];
  consumes?: readonly string[];
  headers?: z.ZodType;
  /** Only on a GET (a state-changing method is guarded anyway); false by default. */
  sideEffects?: boolean;
  /** False by default. */
  heavy?: boolean;
}

/** One catalogue entry; `auth` defaults to `login`, `sideEffects` and `heavy` to false. */
export function endpoint<
  Method extends HttpMethod,
  Path extends string,
  Answer extends AnswerKind,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType | undefined = undefined,
>(input: EndpointInput<Method, Path, Params, Query, Body, Answer, Response>): Endpoint<Method, Path, Params, Query, Body, Answer, Response> {
  return {
    ...input,
    auth: input.auth ?? 'login',
    params: input.params as Params,
    query: input.query as Query,
    body: input.body as Body,
    response: input.response as Response,
    status: input.status ?? 200,
    errors: input.errors ?? [],
    sideEffects: input.sideEffects ?? false,
    heavy: input.heavy ?? false,
  };
}

/** The body of a code-style answer around `data`. */
export const codeAnswerSchema = <T extends z.ZodType>(data: T) => z.object({ code: z.string(), message: z.string(), data });

/** The `{name}` parameters of a path template. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The parameter names of a path, in order. */
export const pathParamNames = (path: string): string[] => Array.from(path.matchAll(PARAM), (match) => match[1]!);

/**
 * The path with its parameters filled in (URI-encoded), e.g. fillPath('/a/{id}/read', {id: 3})
 * is '/a/3/read'. A missing parameter throws: a request to '/a/undefined' is never meant.
 */
export function fillPath(path: string, values: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(PARAM, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`fillPath: no value for {${name}} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A catalogue module: entries, or groups of entries, by name. */
export interface EndpointGroup {
  readonly [name: string]: AnyEndpoint | EndpointGroup;
}

export const isEndpoint = (value: unknown): value is AnyEndpoint =>
  value !== null && typeof value === 'object' && 'method' in value && 'path' in value && 'answer' in value;

/** Every entry of a group with its dotted name ('leads.feedbacks.read'), depth first, in declaration order. */
export function listEndpoints(group: EndpointGroup, prefix = ''): Array<{ name: string; endpoint: AnyEndpoint }> {
  return Object.entries(group).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return isEndpoint(value) ? [{ name, endpoint: value }] : listEndpoints(value, name);
  });
}

/** Any zod schema, for packages that read entries without depending on zod themselves. */
export type Schema = z.ZodType;
/** What a schema takes (a request as a caller writes it). */
export type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;
/** What a schema gives (a parsed request or answer). */
export type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never;
