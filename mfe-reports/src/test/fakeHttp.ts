import { apiClient } from '@portal/api-client';

type Http = typeof apiClient;
type Adapter = Extract<NonNullable<Http['defaults']['adapter']>, (...args: never[]) => unknown>;
type AdapterConfig = Parameters<Adapter>[0];

/** A request as the fake server saw it: path under /rest, the query as strings. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeRoute = (request: SeenRequest) => FakeReply | Promise<FakeReply>;

export interface FakeHttp {
  /** Answers 'METHOD /path' (path as the client calls it, without /rest). */
  on(key: string, reply: FakeReply | FakeRoute): void;
  requests: SeenRequest[];
  /** The requests to one path, in order. */
  requestsTo(path: string): SeenRequest[];
  restore(): void;
}

const queryOf = (params: unknown): Record<string, string> => {
  const query: Record<string, string> = {};
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null) query[key] = String(value);
    }
  }
  return query;
};

/**
 * Puts a fake server behind the page's real axios client (the api-client's `apiClient`), at the
 * adapter: everything above it (interceptors, error texts, pagination headers, RTK Query) runs
 * as in the browser. An unknown route answers 404 like the server.
 */
export function installFakeHttp(): FakeHttp {
  const routes = new Map<string, FakeRoute>();
  const requests: SeenRequest[] = [];
  const previous = apiClient.defaults.adapter;

  const adapter: Adapter = async (config: AdapterConfig) => {
    const [path, search = ''] = (config.url ?? '/').split('?');
    const seen: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path,
      query: { ...Object.fromEntries(new URLSearchParams(search)), ...queryOf(config.params) },
      headers: queryOf(config.headers?.toJSON?.() ?? config.headers),
    };
    requests.push(seen);
    const route = routes.get(`${seen.method} ${path}`);
    const reply: FakeReply = route
      ? await route(seen)
      : { status: 404, body: { code: '404', message: '请求的资源不存在' } };
    const status = reply.status ?? 200;
    const response = {
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
    return response as Awaited<ReturnType<Adapter>>;
  };
  apiClient.defaults.adapter = adapter;

  return {
    on(key, reply) {
      routes.set(key, typeof reply === 'function' ? reply : () => reply);
    },
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    restore() {
      apiClient.defaults.adapter = previous;
    },
  };
}
