import type { AxiosAdapter, AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { ResponseCode } from '@portal/contracts';
import { apiClient } from '../createApiClient';
import type { CodeResponse } from '../codeResponse';

/** A request as the fake server saw it: path under /rest, the query as strings, the JSON body parsed. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The request body (parsed when it is JSON); undefined without one. */
  body: unknown;
  /** When it arrived (Date.now()), to check delays such as the reload after a batch delete. */
  at: number;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeRoute = (request: SeenRequest) => FakeReply | Promise<FakeReply>;

/** A 200 answer with a code-style success body: `{ code: '200', message: '成功', data }`. */
export const codeOk = <T>(data: T): FakeReply & { body: CodeResponse<T> } => ({
  status: 200,
  body: { code: ResponseCode.Success, message: '成功', data },
});

export interface FakeHttp {
  /**
   * Answers 'METHOD /path' (path as the client calls it, without /rest); a later call replaces the
   * answer. The same routes answer the page's `fetch` under /rest (downloadFile's file downloads).
   */
  on(key: string, reply: FakeReply | FakeRoute): void;
  requests: SeenRequest[];
  /** The requests to one path, in order (any method, or the one given). */
  requestsTo(path: string, method?: string): SeenRequest[];
  /** Puts the client's own adapter back. */
  restore(): void;
}

const stringsOf = (values: unknown): Record<string, string> => {
  const strings: Record<string, string> = {};
  if (values && typeof values === 'object') {
    for (const [key, value] of Object.entries(values)) {
      if (value !== undefined && value !== null) strings[key] = String(value);
    }
  }
  return strings;
};

const parseBody = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

const NOT_FOUND: FakeReply = { status: 404, body: { code: '404', message: '请求的资源不存在' } };

/**
 * The part of a fetch Response that downloadFile reads (ok, status, headers.get, json, blob), made
 * from a reply: jsdom has no Response. A string body is the file's text; any other is JSON.
 */
function fakeResponse(reply: FakeReply): Response {
  const status = reply.status ?? 200;
  const headers = new Map(
    Object.entries({ 'content-type': 'application/json', ...reply.headers }).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const text = typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null, has: (name: string) => headers.has(name.toLowerCase()) },
    text: async () => text,
    json: async (): Promise<unknown> => JSON.parse(text),
    blob: async () => new Blob([text], { type: headers.get('content-type') }),
  };
  return response as unknown as Response;
}

/**
 * For tests of apps: puts a fake server behind the page's real axios client (by default the
 * api-client's `apiClient`) at the adapter, so that everything above it (interceptors, error texts,
 * pagination headers, RTK Query) runs as in the browser. An unknown route answers 404 like the
 * server. It never touches the network, and nothing else of the client changes.
 *
 * The page's `fetch` (which jsdom lacks) answers from the same routes for the page's own addresses
 * under the client's base (/rest), so that downloadFile runs too; any other address goes to the
 * page's own fetch where there is one, else fails as without network. Where the page cannot make
 * blob URLs (jsdom), they are made up (`blob:fake/1`), so that a download can be saved. restore()
 * puts all of it back.
 */
export function installFakeHttp(http: AxiosInstance = apiClient): FakeHttp {
  const routes = new Map<string, FakeRoute>();
  const requests: SeenRequest[] = [];
  const previous = http.defaults.adapter;
  const answer = async (seen: SeenRequest): Promise<FakeReply> => {
    requests.push(seen);
    const route = routes.get(`${seen.method} ${seen.path}`);
    return route ? await route(seen) : NOT_FOUND;
  };

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const [path, search = ''] = (config.url ?? '/').split('?');
    const seen: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path,
      query: { ...Object.fromEntries(new URLSearchParams(search)), ...stringsOf(config.params) },
      headers: stringsOf(config.headers?.toJSON?.() ?? config.headers),
      body: parseBody(config.data),
      at: Date.now(),
    };
    const reply = await answer(seen);
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.body,
      status,
      statusText: String(status),
      headers: { 'content-type': 'application/json', ...reply.headers },
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(status)) {
      // What axios's own adapters reject with on a refused status (its settle()).
      throw Object.assign(new Error(`Request failed with status code ${status}`), {
        name: 'AxiosError',
        isAxiosError: true,
        code: status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
        config,
        response,
      });
    }
    return response;
  };
  http.defaults.adapter = adapter;

  const base = (http.defaults.baseURL ?? '/rest').replace(/\/$/, '');
  const pageFetch = globalThis.fetch as typeof fetch | undefined;
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const page = new URL(globalThis.location?.href ?? 'http://localhost/');
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, page);
    if (url.origin !== page.origin || !url.pathname.startsWith(`${base}/`)) {
      if (pageFetch) return pageFetch(input, init);
      throw new TypeError('Failed to fetch');
    }
    const reply = await answer({
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname.slice(base.length),
      query: Object.fromEntries(url.searchParams),
      headers: stringsOf(init.headers),
      body: parseBody(init.body),
      at: Date.now(),
    });
    return fakeResponse(reply);
  };
  globalThis.fetch = fakeFetch as typeof fetch;
  const madeObjectUrls = typeof URL.createObjectURL !== 'function';
  if (madeObjectUrls) {
    let made = 0;
    URL.createObjectURL = () => `blob:fake/${++made}`;
    URL.revokeObjectURL = () => undefined;
  }

  return {
    on(key, reply) {
      routes.set(key, typeof reply === 'function' ? reply : () => reply);
    },
    requests,
    requestsTo: (path, method) =>
      requests.filter((request) => request.path === path && (method === undefined || request.method === method.toUpperCase())),
    restore() {
      http.defaults.adapter = previous;
      if (pageFetch) globalThis.fetch = pageFetch;
      else delete (globalThis as { fetch?: unknown }).fetch;
      if (madeObjectUrls) {
        delete (URL as { createObjectURL?: unknown }).createObjectURL;
        delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
      }
    },
  };
}
