import { createRemoteUrlResolver, withCacheBust } from './remoteUrls';

const answer = (status: number, body: unknown) =>
  jest.fn(async () => ({ ok: status === 200, status, json: async () => body }) as unknown as Response);

describe('remote URLs from /remotes.json', () => {
  it('reads the map once and uses its URLs, with the default for remotes not in it', async () => {
    const fetchImpl = answer(200, { reports: 'https://cdn.example.com/reports/v7/mf-manifest.json', broken: 42 });
    const manifestUrlOf = createRemoteUrlResolver(fetchImpl);
    expect(await manifestUrlOf('reports', false)).toBe('https://cdn.example.com/reports/v7/mf-manifest.json');
    expect(await manifestUrlOf('leads', false)).toBe('/remotes/leads/mf-manifest.json');
    expect(await manifestUrlOf('broken', false)).toBe('/remotes/broken/mf-manifest.json');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });

  it('falls back to the defaults when the file is missing, and reads it again (busting caches) on refresh', async () => {
    const fetchImpl = answer(404, null);
    const manifestUrlOf = createRemoteUrlResolver(fetchImpl);
    expect(await manifestUrlOf('reports', false)).toBe('/remotes/reports/mf-manifest.json');
    await manifestUrlOf('reports', true);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(fetchImpl).toHaveBeenLastCalledWith(expect.stringMatching(/^\/remotes\.json\?t=\d+$/), expect.anything());
  });

  it('adds the cache-busting query to any URL', () => {
    expect(withCacheBust('/remotes/a/mf-manifest.json', 5)).toBe('/remotes/a/mf-manifest.json?t=5');
    expect(withCacheBust('https://cdn/x.json?v=1#h', 5)).toBe('https://cdn/x.json?v=1&t=5#h');
  });
});
