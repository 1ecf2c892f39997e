/**
 * Where each remote's `mf-manifest.json` lives, read at run time from `/remotes.json` served beside
 * the shell (`{ "reports": "/remotes/reports/mf-manifest.json" }`). A remote missing from it, or a
 * missing file, falls back to `/remotes/<name>/mf-manifest.json` on this origin.
 */
export type RemoteUrlMap = Readonly<Record<string, string>>;

export const REMOTES_JSON_URL = '/remotes.json';

export const defaultManifestUrl = (name: string): string => `/remotes/${name}/mf-manifest.json`;

/** Adds a cache-busting query so a retry fetches the manifest (and so the remote) again. */
export function withCacheBust(url: string, stamp: number = Date.now()): string {
  const [beforeHash, hash] = url.split('#', 2);
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}t=${stamp}${hash === undefined ? '' : `#${hash}`}`;
}

/** Reads `/remotes.json`; any failure gives an empty map, so every remote takes its default URL. */
export async function fetchRemoteUrls(fetchImpl: typeof fetch = fetch, bust = false): Promise<RemoteUrlMap> {
  try {
    const url = bust ? withCacheBust(REMOTES_JSON_URL) : REMOTES_JSON_URL;
    const response = await fetchImpl(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (!response.ok) return {};
    const body: unknown = await response.json();
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
    return Object.fromEntries(
      Object.entries(body as Record<string, unknown>).filter(
        (pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '',
      ),
    );
  } catch {
    return {};
  }
}

/** Resolves manifest URLs, reading `/remotes.json` once per page unless asked to read it again. */
export function createRemoteUrlResolver(fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  let urls: Promise<RemoteUrlMap> | null = null;
  return async function manifestUrlOf(name: string, refresh = false): Promise<string> {
    if (urls === null || refresh) urls = fetchRemoteUrls(fetchImpl, refresh);
    const map = await urls;
    return map[name] ?? defaultManifestUrl(name);
  };
}
