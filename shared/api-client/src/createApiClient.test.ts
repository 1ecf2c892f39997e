import { CommonMessage, LOGIN_COOKIE, REQUEST_TIMEOUT_MS } from '@portal/contracts';
import { EventBus, SessionLogoutEvent } from '@portal/event-bus';
import { ApiClientMessage, ApiError, errorMessage } from './ApiError';
import { apiClient, createApiClient, type ApiClientOptions } from './createApiClient';
import { startTestServer, type TestServer } from './testing/testServer';
import { clearLoginCookie } from './unauthorized';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

/** A client on the test server with the page replaced by recorders and a hand-moved clock. */
function setup(options: ApiClientOptions = {}) {
  const eventBus = new EventBus();
  const logouts: string[] = [];
  eventBus.subscribe(SessionLogoutEvent, (event) => logouts.push(event.payload.reason));
  const page = { path: '/work-bench', clock: 10_000 };
  const navigate = jest.fn<void, [string]>();
  const clearSession = jest.fn<void, []>();
  const http = createApiClient({
    baseURL: `${server.origin}/rest`,
    adapter: 'http',
    navigate,
    clearSession,
    eventBus,
    currentPath: () => page.path,
    now: () => page.clock,
    ...options,
  });
  return { http, logouts, navigate, clearSession, page };
}

const rejection = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );

describe('createApiClient defaults', () => {
  it('targets /rest with the spec timeout and cookies', () => {
    expect(apiClient.defaults.baseURL).toBe('/rest');
    expect(apiClient.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(apiClient.defaults.timeout).toBe(300000);
    expect(apiClient.defaults.withCredentials).toBe(true);
  });

  it('sends X-Requested-With on every request', async () => {
    const { http } = setup();
    server.route('GET /rest/ping', { body: { ok: true } });
    server.route('POST /rest/ping', { status: 204 });
    server.route('DELETE /rest/ping', { status: 204 });
    await http.get('/ping');
    await http.post('/ping', { a: 1 });
    await http.delete('/ping');
    expect(server.requests.map((r) => [r.method, r.headers['x-requested-with']])).toEqual([
      ['GET', 'XMLHttpRequest'],
      ['POST', 'XMLHttpRequest'],
      ['DELETE', 'XMLHttpRequest'],
    ]);
  });
});

describe('401 and 302', () => {
  it('clears the session, publishes logout and goes to the login page, asked to return here, on a 401', async () => {
    const { http, logouts, navigate, clearSession, page } = setup();
    page.path = '/promote-data?itemId=3&startTime=2026-11-01#top';
    server.route('GET /rest/secret', { status: 401, body: { code: '401', message: '登录已失效，请重新登录' } });

    const error = await rejection(http.get('/secret'));

    expect(error).toMatchObject({ status: 401, code: '401', message: '登录已失效，请重新登录' });
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(logouts).toEqual(['unauthorized']);
    expect(navigate).toHaveBeenCalledTimes(1);
    const target = new URL(navigate.mock.calls[0][0], 'http://localhost');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('redirect')).toBe('/promote-data?itemId=3&startTime=2026-11-01#top');
    expect(target.searchParams.get('expired')).toBe('1');
  });

  it('logs out once when several calls fail together', async () => {
    const { http, logouts, navigate } = setup();
    server.route('GET /rest/secret', { status: 401, body: { code: '401', message: '登录已失效，请重新登录' } });

    await Promise.all([1, 2, 3].map(() => rejection(http.get('/secret'))));

    expect(logouts).toEqual(['unauthorized']);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('acts again only after the 500 ms guard window', async () => {
    const { http, logouts, navigate, page } = setup();
    server.route('GET /rest/secret', { status: 401 });

    await rejection(http.get('/secret'));
    page.clock += 499;
    await rejection(http.get('/secret'));
    expect(navigate).toHaveBeenCalledTimes(1);

    page.clock += 1;
    await rejection(http.get('/secret'));
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(logouts).toEqual(['unauthorized', 'unauthorized']);
  });

  it('goes to the location header when there is one, adding the page to return to when it names the login page', async () => {
    const { http, navigate } = setup();
    server.route('GET /rest/secret', { status: 401, headers: { location: '/maintenance' } });
    await rejection(http.get('/secret'));
    expect(navigate).toHaveBeenLastCalledWith('/maintenance');

    const second = setup();
    server.route('GET /rest/secret', { status: 401, headers: { location: '/login?from=sso' } });
    await rejection(second.http.get('/secret'));
    expect(second.navigate).toHaveBeenLastCalledWith('/login?from=sso&redirect=%2Fwork-bench&expired=1');

    // A header that already says where to return is followed as it is.
    const third = setup();
    server.route('GET /rest/secret', { status: 401, headers: { location: '/?redirect=/feedback' } });
    await rejection(third.http.get('/secret'));
    expect(third.navigate).toHaveBeenLastCalledWith('/?redirect=/feedback');
  });

  it('treats a 302 like a 401 and follows its location itself', async () => {
    const { http, logouts, navigate, clearSession } = setup();
    server.route('GET /rest/moved', { status: 302, headers: { location: '/login' } });
    server.route('GET /login', { body: '<html></html>' });

    const error = await rejection(http.get('/moved'));

    expect(error).toMatchObject({ status: 302, message: CommonMessage.NotLoggedIn });
    // The client did not follow the redirect: only the API call reached the server.
    expect(server.requests.map((r) => r.url)).toEqual(['/rest/moved']);
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(logouts).toEqual(['unauthorized']);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fwork-bench&expired=1');
  });

  it('does not navigate when the page is already there (the login page, whatever its query)', async () => {
    const { http, logouts, navigate, page } = setup();
    page.path = '/';
    server.route('GET /rest/secret', { status: 401 });
    await rejection(http.get('/secret'));
    expect(logouts).toEqual(['unauthorized']);
    expect(navigate).not.toHaveBeenCalled();

    const other = setup();
    other.page.path = '/?redirect=%2Ffeedback&expired=1';
    await rejection(other.http.get('/secret'));
    expect(other.navigate).not.toHaveBeenCalled();
  });

  it('does not log out on a 200 body whose code is 401', async () => {
    const { http, logouts, navigate, clearSession } = setup();
    server.route('GET /rest/customer/user-info', { body: { code: '401', message: '未登录', data: null } });
    const response = await http.get('/customer/user-info');
    expect(response.data).toEqual({ code: '401', message: '未登录', data: null });
    expect(logouts).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('does not log out on other error statuses', async () => {
    const { http, logouts } = setup();
    server.route('GET /rest/forbidden', { status: 403, body: { code: '403', message: '无权访问' } });
    await rejection(http.get('/forbidden'));
    expect(logouts).toEqual([]);
  });

  it('deletes the login cookie by default', () => {
    const writes: string[] = [];
    const fakeDocument = {
      set cookie(value: string) {
        writes.push(value);
      },
    };
    Object.defineProperty(globalThis, 'document', { value: fakeDocument, configurable: true });
    try {
      clearLoginCookie();
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(new RegExp(`^${LOGIN_COOKIE}=;`));
    expect(writes[0]).toContain('Max-Age=0');
    expect(writes[0]).toContain('Path=/');
  });
});

describe('errors', () => {
  it("carries the server's Chinese message and code", async () => {
    const { http } = setup();
    server.route('PUT /rest/customer/password', { status: 400, body: { code: '400', message: '原密码错误，请重新输入' } });
    const error = await rejection(http.put('/customer/password', {}));
    expect(error).toMatchObject({ status: 400, code: '400', message: '原密码错误，请重新输入' });
    expect(errorMessage(error, '修改失败')).toBe('原密码错误，请重新输入');
  });

  it('falls back to 操作失败 or the screen text when the server says nothing', async () => {
    const { http } = setup();
    server.route('DELETE /rest/lead', { status: 500, body: 'Internal Server Error' });
    const error = await rejection(http.delete('/lead'));
    expect(error).toMatchObject({ status: 500, code: '500', message: CommonMessage.OperationFailed });
    expect(errorMessage(error, '删除失败！')).toBe('删除失败！');
    expect(errorMessage(error)).toBe('操作失败');
  });

  it('reports a refused connection as a network error', async () => {
    const gone = await startTestServer();
    await gone.close();
    const { http } = setup({ baseURL: `${gone.origin}/rest` });
    const error = await rejection(http.get('/anything'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK', message: ApiClientMessage.NetworkError });
    expect(error.message).toBe('网络异常，请稍后再试');
    expect(errorMessage(error, '删除失败！')).toBe('网络异常，请稍后再试');
  });

  it('reports a timeout as a network error', async () => {
    const { http } = setup({ timeout: 50 });
    server.route('GET /rest/slow', { delayMs: 500, body: [] });
    const error = await rejection(http.get('/slow'));
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: '网络异常，请稍后再试' });
  });

  it('gives the fallback for anything that is not a call failure', () => {
    expect(errorMessage(new Error('boom'), '保存失败')).toBe('保存失败');
    expect(errorMessage(undefined)).toBe('操作失败');
  });
});
