import { CommonMessage } from '@portal/contracts';
import { INGEST_KEY_HEADER, IngestMessage } from '@portal/contracts/ingest';
import { type AnyEndpoint, catalogueEntries, endpoint, fillPath } from '@portal/contracts/endpoints';
import { route } from './http/route';
import { dialects, startApp, type TestApp } from './test/harness';

/**
 * The endpoint catalogue of @portal/contracts is the server's route table: every entry is
 * registered and documented, nothing else answers under /rest (the exceptions below), and the
 * access rules hold for every entry, so a new route joins these checks by existing.
 */

const ENTRIES = catalogueEntries();
const key = (method: string, path: string) => `${method} ${path}`;
const keyOf = ({ method, path }: AnyEndpoint) => key(method, `/rest${path}`);

/** Routes under /rest that are not catalogue entries, and why. */
const NOT_ENTRIES: Record<string, string> = {
  'GET /rest/ws': 'the realtime WebSocket upgrade (protocol in contracts messages/realtime.ts)',
  'GET /rest/public/chat/socket': "the chat widget's WebSocket upgrade (protocol in contracts chat/constants.ts and chat/schemas.ts)",
  'OPTIONS /rest/open/leads': 'the CORS preflight of the open ingestion entry',
  'OPTIONS /rest/public/chat/*': "the CORS preflight of the chat visitor entries (the widget on customers' landing pages)",
};
const isDocs = (url: string) => url === '/rest/docs' || url.startsWith('/rest/docs/');

/**
 * The spec's GETs that write data and call the customer's CRM (spec 001 section 7), each marked
 * `sideEffects` in the catalogue and guarded as a state-changing method is (issue 20 item 8).
 */
const SIDE_EFFECT_GETS = [
  '/es/crmuser/synchro',
  '/es/fieldmapping/updateFieldMappingAndSource',
  '/es/crmfieldmapping/updateFieldMapping',
  '/es/crmlabelmapping/updateCrmLabelInfo',
  '/es/crmchannelsource/syncEcV2ChannelSource',
  '/es/crmtemplatemapping/listTemplate',
];

/** The entries refused without X-Requested-With: state-changing or marked, except those with their own key. */
const GUARDED = ENTRIES.filter(({ endpoint: entry }) => (entry.method !== 'GET' || entry.sideEffects) && entry.auth !== 'ingestKey');

/** A path of the entry with every parameter filled (an id that exists for nobody but parses). */
const sampleUrl = (entry: AnyEndpoint) => `/rest${fillPath(entry.path, new Proxy({}, { get: () => '1' }))}`;

describe.each(dialects())('the endpoint catalogue on %s', (dialect) => {
  let t: TestApp;
  const registered: Array<{ method: string; url: string; operationId?: string }> = [];
  beforeAll(async () => {
    t = await startApp(dialect, {
      routes: (app) =>
        app.addHook('onRoute', (options) => {
          for (const method of [options.method].flat())
            registered.push({ method, url: options.url, operationId: (options.schema as { operationId?: string } | undefined)?.operationId });
        }),
    });
  });
  afterAll(() => t.close());

  const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
  const registeredKeys = () => new Set(registered.map(({ method, url }) => key(method, url.replace(/\(.*?\)/g, ''))));

  it('registers every entry, with its name as the operation id', () => {
    const keys = registeredKeys();
    const missing = ENTRIES.filter(({ endpoint: entry }) => !keys.has(key(entry.method, `/rest${fastifyPath(entry.path)}`)));
    expect(missing.map(({ name }) => name)).toEqual([]);
    const ids = registered
      .filter(({ method }) => method !== 'HEAD')
      .map(({ operationId }) => operationId)
      .filter(Boolean);
    expect(ids.sort()).toEqual(ENTRIES.map(({ name }) => name).sort());
  });

  it('answers nothing under /rest outside the catalogue', () => {
    const entries = new Set(ENTRIES.map(({ endpoint: entry }) => key(entry.method, `/rest${fastifyPath(entry.path)}`)));
    const outside = [...registeredKeys()].filter((routeKey) => {
      const [method, url] = routeKey.split(' ');
      if (!url.startsWith('/rest/') || isDocs(url) || routeKey in NOT_ENTRIES) return false;
      // fastify's automatic HEAD of a GET route.
      if (method === 'HEAD' && (entries.has(key('GET', url)) || key('GET', url) in NOT_ENTRIES)) return false;
      return !entries.has(routeKey);
    });
    expect(outside).toEqual([]);
    // The listed exceptions still exist (a stale one would hide nothing, but misleads).
    for (const exception of Object.keys(NOT_ENTRIES)) expect(registeredKeys()).toContain(exception);
  });

  it('documents exactly the catalogue in OpenAPI: each entry with its tag, summary and session security', async () => {
    const document = (await t.client().get('/rest/docs/json')).json() as {
      paths: Record<
        string,
        Record<
          string,
          { operationId?: string; tags?: string[]; summary?: string; description?: string; security?: unknown[]; 'x-side-effects'?: boolean }
        >
      >;
    };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => key(method.toUpperCase(), path)),
    );
    expect(documented.sort()).toEqual(ENTRIES.map(({ endpoint: entry }) => keyOf(entry)).sort());
    for (const { name, endpoint: entry } of ENTRIES) {
      const operation = document.paths[`/rest${entry.path}`]?.[entry.method.toLowerCase()];
      expect({ name, ...operation, security: Boolean(operation?.security) }).toMatchObject({
        name,
        operationId: name,
        tags: [entry.tag],
        summary: entry.summary,
        security: entry.auth === 'login',
      });
      // A GET with side effects says so, as an extension and in words; no other operation does.
      expect([name, operation?.['x-side-effects'], operation?.description?.includes('X-Requested-With') ?? false]).toEqual(
        entry.sideEffects ? [name, true, true] : [name, undefined, false],
      );
    }
  });

  it.each(ENTRIES.filter(({ endpoint: entry }) => entry.auth === 'login'))('$name answers 401 without a session', async ({ endpoint: entry }) => {
    const response = await t.client().call(entry.method, sampleUrl(entry), { payload: entry.body ? {} : undefined });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 401,
      body: { code: '401', message: CommonMessage.NotLoggedIn },
    });
  });

  it.each(ENTRIES.filter(({ endpoint: entry }) => entry.auth === 'ingestKey'))('$name answers 401 without its key', async ({ endpoint: entry }) => {
    for (const headers of [{}, { [INGEST_KEY_HEADER]: 'not-a-key' }] as Array<Record<string, string>>) {
      const response = await t.client().call(entry.method, sampleUrl(entry), { payload: {}, headers });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 401,
        body: { code: '401', message: IngestMessage.KeyInvalid },
      });
    }
  });

  it('marks exactly the GETs that write data and call the CRM as having side effects', () => {
    const marked = ENTRIES.filter(({ endpoint: entry }) => entry.sideEffects).map(({ endpoint: entry }) => key(entry.method, entry.path));
    expect(marked.sort()).toEqual(SIDE_EFFECT_GETS.map((path) => key('GET', path)).sort());
  });

  it.each(GUARDED)('$name answers 403 without X-Requested-With, logged in or not, whatever the site', async ({ endpoint: entry }) => {
    const client = t.client();
    await client.login('demo2');
    // A GET has no body; fastify's HEAD of a marked GET runs the same handler, so it is refused too.
    const calls =
      entry.method === 'GET'
        ? [
            { method: 'GET', payload: undefined },
            { method: 'HEAD', payload: undefined },
          ]
        : [{ method: entry.method, payload: {} }];
    for (const caller of [client, t.client()]) {
      for (const { method, payload } of calls) {
        // No Sec-Fetch-Site (an old browser), a link or form from elsewhere, a sibling site, a typed address.
        for (const site of [undefined, 'cross-site', 'same-site', 'none']) {
          const response = await caller.call(method as typeof entry.method, sampleUrl(entry), {
            payload,
            withoutRequestedWith: true,
            headers: site ? { 'sec-fetch-site': site } : {},
          });
          expect({ method, site, status: response.statusCode, body: method === 'HEAD' ? null : response.json() }).toEqual({
            method,
            site,
            status: 403,
            body: method === 'HEAD' ? null : { code: '403', message: CommonMessage.MissingRequestedWith },
          });
        }
      }
    }
    // The refused call did nothing (a refused logout leaves the session).
    expect((await client.get('/rest/customer/user-info')).statusCode).toBe(200);
  });

  it.each(GUARDED)('$name passes the guard with Sec-Fetch-Site: same-origin instead of X-Requested-With', async ({ endpoint: entry }) => {
    // Logged out, so that nothing runs: the guard lets the call on to the session check (401) or the body's (400).
    const response = await t.client().call(entry.method, sampleUrl(entry), {
      payload: entry.method === 'GET' ? undefined : {},
      withoutRequestedWith: true,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect({ status: response.statusCode, body: response.json() }).not.toMatchObject({ status: 403 });
    if (entry.auth === 'login') expect(response.statusCode).toBe(401);
  });

  it('refuses to register a route that is not a catalogue entry', () => {
    const stray = endpoint({ method: 'GET', path: '/customer/stray', tag: 'x', summary: '未登记', answer: 'json' });
    expect(() => route(t.app, stray, async () => undefined as never)).toThrow('not an entry of the endpoint catalogue');
  });
});
