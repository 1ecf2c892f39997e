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
  /** Answers 'METHOD /path' (path as the client calls it, without /rest); a later call replaces the answer. */
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

/**
 * For tests of apps: puts a fake server behind the page's real axios client (by default the
 * api-client's `apiClient`) at the adapter, so that everything above it (interceptors, error texts,
 * pagination headers, RTK Query) runs as in the browser. An unknown route answers 404 like the
 * server. It never touches the network, and nothing else of the client changes.
 */
export function installFakeHttp(http: AxiosInstance = apiClient): FakeHttp {
  const routes = new Map<string, FakeRoute>();
  const requests: SeenRequest[] = [];
  const previous = http.defaults.adapter;

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
    requests.push(seen);
    const route = routes.get(`${seen.method} ${path}`);
    const reply: FakeReply = route ? await route(seen) : { status: 404, body: { code: '404', message: '请求的资源不存在' } };
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

  return {
    on(key, reply) {
      routes.set(key, typeof reply === 'function' ? reply : () => reply);
    },
    requests,
    requestsTo: (path, method) =>
      requests.filter((request) => request.path === path && (method === undefined || request.method === method.toUpperCase())),
    restore() {
      http.defaults.adapter = previous;
    },
  };
}
