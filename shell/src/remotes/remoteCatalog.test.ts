import { routePattern, routesOwnPath } from '@portal/contracts';
import { pathToActiveWhen } from 'single-spa';
import { LEADS, REPORTS, SUITE_CATALOG } from '../testing/catalog';
import { createManifestResolver, fetchRemoteCatalog, findRemoteForPath, withCacheBust } from './remoteCatalog';

const location = (path: string): Location => new URL(path, 'http://shell.invalid') as unknown as Location;

const ROUTES = [...SUITE_CATALOG.remotes.flatMap((remote) => remote.routes), '/orders/:id', '/orders/:id/items', 'reports', '/a.b/', '/x(1)'];
const PATHS = [
  '/',
  '/work-bench',
  '/work-bench/',
  '/work-bench/day/3',
  '/Work-Bench',
  '/work-benchx',
  '/work-bench?tab=1',
  '/work-bench#top',
  '/feedback',
  '/feedback-detail',
  '/feedback-detail/12',
  '/feedbackdetail',
  '/orders/7',
  '/orders/7/',
  '/orders/7/items',
  '/orders/7/items/2',
  '/orders',
  '/reports',
  '/a.b/c',
  '/axb/c',
  '/x(1)',
  '/x1',
  '/not-found',
];

describe('which remote owns a path', () => {
  it.each(ROUTES)("matches %s as single-spa's pathToActiveWhen does", (route) => {
    for (const path of PATHS) {
      expect([path, routesOwnPath([route], path)]).toEqual([path, pathToActiveWhen(route)(location(path))]);
    }
  });

  it('is case-insensitive and stops at a segment boundary', () => {
    expect(routePattern('/feedback').test('/Feedback/1')).toBe(true);
    expect(routePattern('/feedback').test('/feedback-detail')).toBe(false);
  });

  it('finds the remote of the catalog', () => {
    expect(findRemoteForPath('/work-bench', SUITE_CATALOG.remotes)?.name).toBe('reports');
    expect(findRemoteForPath('/feedback-detail/3', SUITE_CATALOG.remotes)?.name).toBe('leads');
    expect(findRemoteForPath('/account-info', SUITE_CATALOG.remotes)).toBeUndefined();
  });
});

/** A fetch answering from a table of URL -> [status, body]; anything else is a 404. */
function fakeFetch(files: Record<string, [number, unknown]>) {
  return jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input).replace(/[?&]t=\d+$/, '');
    const [status, body] = files[url] ?? [404, { code: '404' }];
    return { ok: status === 200, status, json: async () => body } as Response;
  });
}

const published = (remote: typeof REPORTS) => {
  const { manifestUrl: _manifest, ...declaration } = remote;
  return declaration;
};

describe('the catalog read from /remotes.json and the declarations', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads every remote /remotes.json points at, at its version', async () => {
    const fetchImpl = fakeFetch({
      '/remotes.json': [200, { reports: { version: '0.1.0' }, leads: { version: '0.1.0' } }],
      '/remotes/reports/0.1.0/remote.json': [200, published(REPORTS)],
      '/remotes/leads/0.1.0/remote.json': [200, published(LEADS)],
    });
    const catalog = await fetchRemoteCatalog(fetchImpl);
    expect(catalog.remotes).toEqual([REPORTS, LEADS]);
    expect(catalog.remotes[1].manifestUrl).toBe('/remotes/leads/0.1.0/mf-manifest.json');
  });

  it('takes a CDN folder from the pointer', async () => {
    const base = 'https://cdn.example.com/reports/0.2.0/';
    const fetchImpl = fakeFetch({
      '/remotes.json': [200, { reports: { version: '0.2.0', base } }],
      [`${base}remote.json`]: [200, { ...published(REPORTS), version: '0.2.0' }],
    });
    const catalog = await fetchRemoteCatalog(fetchImpl);
    expect(catalog.remotes.map((remote) => remote.manifestUrl)).toEqual([`${base}mf-manifest.json`]);
  });

  it('leaves out a remote whose pointer is malformed, whose declaration is missing, malformed, another remote or another version; the rest stand', async () => {
    const fetchImpl = fakeFetch({
      '/remotes.json': [
        200,
        {
          reports: { version: '0.1.0' },
          leads: { version: '0.1.0' },
          broken: 'v1',
          gone: { version: '1.0.0' },
          liar: { version: '1.0.0' },
          stale: { version: '2.0.0' },
        },
      ],
      '/remotes/reports/0.1.0/remote.json': [200, published(REPORTS)],
      // A menu entry leading outside its remote's routes fails the schema.
      '/remotes/leads/0.1.0/remote.json': [200, { ...published(LEADS), menu: [{ ...LEADS.menu[0], path: '/work-bench' }] }],
      '/remotes/liar/1.0.0/remote.json': [200, { ...published(REPORTS), version: '1.0.0' }],
      '/remotes/stale/2.0.0/remote.json': [200, { ...published(REPORTS), name: 'stale', version: '1.9.0' }],
    });
    const catalog = await fetchRemoteCatalog(fetchImpl);
    expect(catalog.remotes.map((remote) => remote.name)).toEqual(['reports']);
    const logged = (console.error as jest.Mock).mock.calls.map((call) => call.join(' ')).join('\n');
    for (const name of ['leads', 'broken', 'gone', 'liar', 'stale']) expect(logged).toContain(`"${name}"`);
  });

  it('has no remote when /remotes.json cannot be read', async () => {
    expect((await fetchRemoteCatalog(fakeFetch({}))).remotes).toEqual([]);
    expect((await fetchRemoteCatalog(fakeFetch({ '/remotes.json': [200, ['reports']] }))).remotes).toEqual([]);
  });

  it('on a retry, reads /remotes.json again past caches and follows a remote rolled to another version', async () => {
    const fetchImpl = fakeFetch({ '/remotes.json': [200, { reports: { version: '0.0.9' } }] });
    const manifestUrlOf = createManifestResolver(SUITE_CATALOG, fetchImpl);
    expect(await manifestUrlOf('reports', false)).toBe('/remotes/reports/0.1.0/mf-manifest.json');
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(await manifestUrlOf('reports', true)).toBe('/remotes/reports/0.0.9/mf-manifest.json');
    expect(fetchImpl).toHaveBeenCalledWith(expect.stringMatching(/^\/remotes\.json\?t=\d+$/), expect.anything());
    // A remote no longer listed keeps the version the page opened with.
    expect(await manifestUrlOf('leads', true)).toBe('/remotes/leads/0.1.0/mf-manifest.json');
  });

  it('adds the cache-busting query to any URL', () => {
    expect(withCacheBust('/remotes/a/mf-manifest.json', 5)).toBe('/remotes/a/mf-manifest.json?t=5');
    expect(withCacheBust('https://cdn/x.json?v=1#h', 5)).toBe('https://cdn/x.json?v=1&t=5#h');
  });
});
