import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommonMessage, HEAVY_CALLS_PER_SESSION } from '@portal/contracts';
import { catalogueEntries, leadExportEndpoints, reportEndpoints } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { dialects, demoClients, expectError, startApp, type TestApp, type TestClient } from '../test/harness';
import { until } from '../test/server-process';

/** A heavy call that lasts until the test lets it go: what holds a slot as long as a slow report would. */
const HELD = '/rest/test/held-heavy';

function heldRoute(app: FastifyInstance, gates: Array<() => void>): void {
  void app.register(async (scoped) => {
    scoped.get(HELD, { onRequest: [scoped.requireLogin, scoped.heavyCallSlot] }, async () => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return { done: true };
    });
  });
}

const EXPORT = '/rest/customer/report/promotion/files?format=xlsx';
const REPORT = '/rest/customer/report/promotion';

describe.each(dialects())('heavy calls per session on %s', (dialect) => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  const gates: Array<() => void> = [];
  const letGo = () => gates.splice(0).forEach((open) => open());

  beforeAll(async () => {
    t = await startApp(dialect, { routes: (app) => heldRoute(app, gates) });
    ({ a, b } = await demoClients(t));
  });
  afterEach(async () => {
    letGo();
    await until('every slot given back', () => t.app.heavyCallsRunning() === 0);
  });
  afterAll(() => t.close());

  /** Starts `count` held calls of `client` and waits until each holds its slot. */
  const hold = async (client: TestClient, count: number) => {
    const before = gates.length;
    const calls = Array.from({ length: count }, () => client.get(HELD));
    await until(`${count} held calls running`, () => gates.length === before + count);
    return calls;
  };

  it('refuses a third heavy call of one session with 429, Retry-After and the Chinese message, and nothing else of it', async () => {
    const held = await hold(a, HEAVY_CALLS_PER_SESSION);
    for (const path of [EXPORT, REPORT, HELD]) {
      const refused = await a.get(path);
      expectError(refused, 429, CommonMessage.HeavyCallsBusy);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Light calls of the same session, and heavy calls of another customer, go on.
    expect((await a.get('/rest/customer/user-info')).statusCode).toBe(200);
    const other = await b.get(EXPORT);
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-disposition']).toContain('attachment');
    expect((await b.get(REPORT)).statusCode).toBe(200);
    // A second login is a second session, with slots of its own.
    const again = t.client();
    await again.login('demo');
    expect((await again.get(REPORT)).statusCode).toBe(200);

    letGo();
    for (const answer of await Promise.all(held)) expect(answer.json()).toEqual({ done: true });
    // Once the held calls answered, their slots are free again.
    expect((await a.get(EXPORT)).statusCode).toBe(200);
  });

  it('gives a slot back when the client goes away before the answer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...a.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const gone = [1, 2].map(() => {
      const request = http.get({ host: '127.0.0.1', port, path: HELD, headers: { cookie } });
      request.on('error', () => undefined);
      return request;
    });
    await until('both calls hold a slot', () => t.app.heavyCallsRunning() === 2);
    expectError(await a.get(REPORT), 429, CommonMessage.HeavyCallsBusy);
    for (const request of gone) request.destroy();
    await until('the slots of the calls given up are free', () => t.app.heavyCallsRunning() === 0);
    expect((await a.get(REPORT)).statusCode).toBe(200);
  });

  it('answers fifty concurrent exports of one session with at least two files and, for the rest, the readable 429', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => a.get(EXPORT)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(HEAVY_CALLS_PER_SESSION);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) expectError(answer, 429, CommonMessage.HeavyCallsBusy);
  });

  it('marks every export, every table report over a range and every CRM sync heavy in the catalogue and the OpenAPI document', async () => {
    const { balance, lowBalance, analysisRegion, analysisSearchProvince, analysisProject, analysisKeywords, ...ranged } = reportEndpoints;
    // Light: the balance, and the analysis pies a page asks for three at a time.
    for (const light of [balance, lowBalance, analysisRegion, analysisSearchProvince, analysisProject, analysisKeywords]) {
      expect({ path: light.path, heavy: light.heavy }).toEqual({ path: light.path, heavy: false });
    }
    for (const endpoint of [...Object.values(ranged), ...Object.values(leadExportEndpoints)]) {
      expect({ path: endpoint.path, heavy: endpoint.heavy }).toEqual({ path: endpoint.path, heavy: true });
    }
    // And the CRM syncs and 'update data' calls, which read the customer's whole CRM list.
    const sideEffects = catalogueEntries().filter(({ endpoint }) => endpoint.sideEffects);
    expect(sideEffects.length).toBeGreaterThan(0);
    for (const { endpoint } of sideEffects) expect({ path: endpoint.path, heavy: endpoint.heavy }).toEqual({ path: endpoint.path, heavy: true });
    const heavy = catalogueEntries().filter(({ endpoint }) => endpoint.heavy);
    expect(heavy.length).toBe(Object.keys(ranged).length + Object.keys(leadExportEndpoints).length + sideEffects.length);
    const document = (await t.client().get('/rest/docs/json')).json() as {
      paths: Record<string, Record<string, { 'x-heavy'?: boolean; responses: Record<string, unknown> }>>;
    };
    for (const { endpoint } of heavy) {
      const operation = Object.entries(document.paths).find(([path]) => path === `/rest${endpoint.path}`)?.[1][endpoint.method.toLowerCase()];
      expect({ path: endpoint.path, heavy: operation?.['x-heavy'], has429: Boolean(operation?.responses['429']) }).toEqual({
        path: endpoint.path,
        heavy: true,
        has429: true,
      });
    }
  });
});
