import { apiClient } from '@portal/api-client';

/** A request as the fake server sees it. */
export interface FakeRequest {
  method: string;
  url: string;
  params?: unknown;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

/** 'METHOD /path' (without /rest) → the answer, or a function of the request giving it. */
export type FakeRoutes = Record<string, FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>)>;

const parseBody = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

/**
 * Answers the api-client's calls from `routes` through axios's adapter hook, so tests exercise the
 * real client (interceptors, ApiError, unwrapCode) without a server. Unknown routes answer 404.
 */
export function installFakeApi(routes: FakeRoutes) {
  const calls: FakeRequest[] = [];
  const previous = apiClient.defaults.adapter;
  apiClient.defaults.adapter = async (config) => {
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      body: parseBody(config.data),
    };
    calls.push(request);
    const route = routes[`${request.method} ${request.url}`];
    const reply = typeof route === 'function' ? await route(request) : (route ?? { status: 404, body: { code: '404', message: '请求的资源不存在' } });
    const status = reply.status ?? 200;
    const response = { data: reply.body ?? null, status, statusText: String(status), headers: {}, config, request: {} };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response, config });
    }
    return response;
  };
  return {
    calls,
    /** The calls made to one route. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
    restore: () => {
      apiClient.defaults.adapter = previous;
    },
  };
}

/** A code-style success body. */
export const ok = <T>(data: T): FakeReply => ({ status: 200, body: { code: '200', message: '成功', data } });
