/**
 * The one list of the remotes the shell loads. Each is a module-federation remote exposing `./app`
 * (single-spa lifecycles) and a single-spa application of the same name. Its URL is not here: it
 * comes at run time from `/remotes.json` (see remoteUrls.ts), so a remote is redeployed without
 * rebuilding the shell.
 *
 * Side-menu entries come from these routes: an entry of `frame/menuGroups.ts` shows when a remote
 * here owns its path. Adding a remote = one object below.
 */
export interface RemoteDefinition {
  /** Federation name and single-spa application name. */
  name: string;
  /** What users call this part of the portal; shown when it fails to load. */
  label: string;
  /** single-spa path patterns it owns (`activeWhen`): prefix match, `:param` for one segment. */
  routes: readonly string[];
}

export const REMOTES: readonly RemoteDefinition[] = [
  { name: 'reports', label: '工作台', routes: ['/work-bench'] },
  { name: 'leads', label: '线索', routes: ['/feedback', '/info-list', '/bai-list', '/resource', '/form-list', '/feedback-detail'] },
];

const escapeRegExp = (text: string): string => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&');

/**
 * The pattern single-spa's `pathToActiveWhen(route)` builds (what `activeWhen` does, see
 * registerRemoteApps.ts): the route as a prefix ending at a segment boundary, `:param` for one
 * segment, case-insensitive. Ported so that the login page, which decides with it whether a path
 * is framed, does not load single-spa; registry.test.ts holds it to single-spa's own.
 */
export function routePattern(route: string): RegExp {
  const path = route.startsWith('/') ? route : `/${route}`;
  let source = '^';
  let lastIndex = 0;
  let inDynamic = false;
  const append = (index: number) => {
    source += inDynamic ? '[^/]+/?' : escapeRegExp(path.slice(lastIndex, index));
    if (index === path.length && !inDynamic) source = source.endsWith('/') ? `${source}.*$` : `${source}(/.*)?(#.*)?$`;
    inDynamic = !inDynamic;
    lastIndex = index;
  };
  for (let index = 0; index < path.length; index += 1) {
    if ((!inDynamic && path[index] === ':') || (inDynamic && path[index] === '/')) append(index);
  }
  append(path.length);
  return new RegExp(source, 'i');
}

/** Whether the remote owns a path, with single-spa's own matching (what `activeWhen` will do). */
export function remoteOwnsPath(remote: RemoteDefinition, pathname: string): boolean {
  // What single-spa tests: the URL without origin and query.
  const url = new URL(pathname, 'http://shell.invalid');
  const tested = `${url.pathname}${url.hash}`.split('?')[0];
  return remote.routes.some((route) => routePattern(route).test(tested));
}

/** The remote owning a path, if any. */
export function findRemoteForPath(
  pathname: string,
  remotes: readonly RemoteDefinition[] = REMOTES,
): RemoteDefinition | undefined {
  return remotes.find((remote) => remoteOwnsPath(remote, pathname));
}
