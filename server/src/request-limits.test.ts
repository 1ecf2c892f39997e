import { leadListEndpoints } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { ServerMessage } from './http/messages';
import { REQUEST_LIMITS } from './plugins/request-limits';
import { demoClients, dialects, expectError, startApp, type TestApp, type TestClient } from './test/harness';

/** A route that answers only when its request is aborted: what a handler stuck on a lock or a loop looks like. */
function stuckRoutes(app: FastifyInstance, seen: { aborted: number; entered: () => void }): void {
  const stuck = async (request: { signal: AbortSignal }) => {
    seen.entered();
    await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
    seen.aborted += 1;
    return { late: true };
  };
  app.get('/rest/test/stuck', stuck);
  app.get('/rest/test/stuck-briefly', { handlerTimeout: 20 }, stuck);
}

describe.each(dialects())('request limits on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  const seen = { aborted: 0, entered: () => {} };
  beforeAll(async () => {
    t = await startApp(dialect, { routes: (app) => stuckRoutes(app, seen) });
    ({ a } = await demoClients(t));
  });
  afterAll(() => t.close());
  afterEach(() => jest.useRealTimers());

  it('answers 503 in Chinese when a route has not answered by its deadline, and aborts its work', async () => {
    const response = await t.client().get('/rest/test/stuck-briefly');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: '503', message: ServerMessage.Timeout });
    expect(seen.aborted).toBeGreaterThan(0);
  });

  it(`gives every route ${REQUEST_LIMITS.handlerTimeoutMs / 1000} s by default`, async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const entered = new Promise<void>((resolve) => (seen.entered = resolve));
    const pending = t.client().get('/rest/test/stuck');
    await entered;
    jest.advanceTimersByTime(REQUEST_LIMITS.handlerTimeoutMs);
    const response = await pending;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: '503', message: ServerMessage.Timeout });
  });

  it('refuses a JSON body over the limit with 413', async () => {
    const ids = Array.from({ length: REQUEST_LIMITS.bodyLimitBytes / 8 }, () => 1234567);
    expectError(await a.put('/rest/customer/feedback/feedbacks/read', { ids }), 413, ServerMessage.PayloadTooLarge);
  });

  it('refuses a URL over the limit with 414, and takes one just under it', async () => {
    const url = `/rest${leadListEndpoints.resource.path}?phone=1&`;
    const padding = (length: number) => `x=${'1'.repeat(length - url.length - 2)}`;
    expectError(await a.get(url + padding(REQUEST_LIMITS.maxUrlLength + 1)), 414, ServerMessage.UrlTooLong);
    expect((await a.get(url + padding(REQUEST_LIMITS.maxUrlLength))).statusCode).toBe(200);
  });

  it('closes sockets that send too slowly or stay idle', () => {
    expect(t.app.server.requestTimeout).toBe(REQUEST_LIMITS.requestTimeoutMs);
    expect(t.app.server.timeout).toBe(REQUEST_LIMITS.connectionTimeoutMs);
  });
});
