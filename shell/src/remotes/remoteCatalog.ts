import { dialogOf, REMOTES_INDEX_URL, routesOwnPath, type PublishedDeclaration, type RemotePointer } from '@portal/contracts';

/**
 * The schemas of `/remotes.json` and of a declaration, loaded with the first read of the remotes:
 * the login page, which reads none, does not carry them.
 */
const remoteSchemas = () => import('@portal/contracts/remotes');

/**
 * The remotes this page runs, read at run time: `/remotes.json` names each remote's version, and
 * each version's `remote.json` (its declaration) says the paths it owns and the side-menu entries
 * it contributes. Nothing about a remote is built into the shell. A remote missing from
 * `/remotes.json`, or whose declaration cannot be read or fails its schema, is left out (its pages
 * are not found, its entries absent) and the others work.
 */
export interface CatalogRemote extends PublishedDeclaration {
  /** Its federation manifest, in the same version's folder. */
  manifestUrl: string;
}

export interface RemoteCatalog {
  remotes: readonly CatalogRemote[];
}

export const EMPTY_CATALOG: RemoteCatalog = { remotes: [] };

type Fetch = typeof fetch;

/** Adds a cache-busting query so a retry fetches the file (and so the remote) again. */
export function withCacheBust(url: string, stamp: number = Date.now()): string {
  const [beforeHash, hash] = url.split('#', 2);
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}t=${stamp}${hash === undefined ? '' : `#${hash}`}`;
}

const browserFetch: Fetch = (...args) => fetch(...args);

async function fetchJson(fetchImpl: Fetch, url: string): Promise<unknown> {
  const response = await fetchImpl(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The pointers of `/remotes.json` (`bust`: past every cache); none when it cannot be read. */
export async function fetchRemotePointers(fetchImpl: Fetch = browserFetch, bust = false): Promise<Record<string, RemotePointer>> {
  try {
    const { parseRemotesIndex } = await remoteSchemas();
    const { pointers, rejected } = parseRemotesIndex(await fetchJson(fetchImpl, bust ? withCacheBust(REMOTES_INDEX_URL) : REMOTES_INDEX_URL));
    for (const [name, why] of Object.entries(rejected)) console.error(`[shell] ${REMOTES_INDEX_URL}: remote "${name}" left out: ${why}`);
    return pointers;
  } catch (error) {
    console.error(`[shell] ${REMOTES_INDEX_URL} could not be read: every remote is left out`, error);
    return {};
  }
}

/** One remote's declaration, or null (logged) when it cannot be read or is not what it should be. */
async function fetchDeclaration(fetchImpl: Fetch, name: string, pointer: RemotePointer): Promise<CatalogRemote | null> {
  const { publishedDeclarationSchema, remoteFiles } = await remoteSchemas();
  const files = remoteFiles(name, pointer);
  try {
    const parsed = publishedDeclarationSchema.safeParse(await fetchJson(fetchImpl, files.declaration));
    if (!parsed.success)
      throw new Error(`it fails its schema: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    if (parsed.data.name !== name) throw new Error(`it declares "${parsed.data.name}"`);
    if (parsed.data.version !== pointer.version) throw new Error(`it is version ${parsed.data.version}, not ${pointer.version}`);
    return { ...parsed.data, manifestUrl: files.manifest };
  } catch (error) {
    console.error(`[shell] remote "${name}" left out: ${files.declaration}:`, error instanceof Error ? error.message : error);
    return null;
  }
}

/** Reads `/remotes.json` and every declaration it points at (side by side). */
export async function fetchRemoteCatalog(fetchImpl: Fetch = browserFetch): Promise<RemoteCatalog> {
  const pointers = await fetchRemotePointers(fetchImpl);
  const remotes = await Promise.all(Object.entries(pointers).map(([name, pointer]) => fetchDeclaration(fetchImpl, name, pointer)));
  return { remotes: remotes.filter((remote): remote is CatalogRemote => remote !== null) };
}

/**
 * The catalog as React's `use` reads it. Once settled it carries `status` and `value`, React's
 * own marks of a fulfilled promise, so that `use` returns it at once instead of suspending.
 */
export type CatalogPromise = Promise<RemoteCatalog>;

const markFulfilled = (promise: CatalogPromise, catalog: RemoteCatalog): CatalogPromise =>
  Object.assign(promise, { status: 'fulfilled', value: catalog });

/** An already known catalog, for `use` without suspending. */
export function knownCatalog(catalog: RemoteCatalog): CatalogPromise {
  return markFulfilled(Promise.resolve(catalog), catalog);
}

let pageCatalog: CatalogPromise | null = null;

/** The page's catalog, read once per page (a login reloads the page). */
export function loadRemoteCatalog(): CatalogPromise {
  if (!pageCatalog) {
    const promise: CatalogPromise = fetchRemoteCatalog();
    pageCatalog = promise;
    void promise.then((catalog) => markFulfilled(promise, catalog));
  }
  return pageCatalog;
}

/** The remote that draws the dialog an address's query names (`?dialog=<name>`), if any. */
export function findRemoteForDialog<R extends Pick<CatalogRemote, 'dialogs'>>(search: string, remotes: readonly R[]): R | undefined {
  const name = dialogOf(search);
  return name === null ? undefined : remotes.find((remote) => remote.dialogs?.includes(name));
}

/** The remote owning a path, if any. */
export function findRemoteForPath<R extends Pick<CatalogRemote, 'routes'>>(pathname: string, remotes: readonly R[]): R | undefined {
  return remotes.find((remote) => routesOwnPath(remote.routes, pathname));
}

/**
 * Manifest URLs for the loader: the catalog's; on a retry (`refresh`) `/remotes.json` is read again,
 * so that a remote rolled forward or back since the page opened loads at its new version.
 */
export function createManifestResolver(catalog: RemoteCatalog, fetchImpl: Fetch = browserFetch) {
  const known = new Map(catalog.remotes.map((remote) => [remote.name, remote.manifestUrl]));
  return async function manifestUrlOf(name: string, refresh: boolean): Promise<string> {
    if (refresh) {
      const pointer = (await fetchRemotePointers(fetchImpl, true))[name];
      if (pointer) known.set(name, (await remoteSchemas()).remoteFiles(name, pointer).manifest);
    }
    const url = known.get(name);
    if (!url) throw new Error(`remote "${name}" is not in the catalog`);
    return url;
  };
}
