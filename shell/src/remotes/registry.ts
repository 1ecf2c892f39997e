import { pathToActiveWhen } from 'single-spa';

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

/** `pathname` as a Location-like value for single-spa's activity functions. */
const asLocation = (pathname: string): Location => new URL(pathname, 'http://shell.invalid') as unknown as Location;

/** Whether the remote owns a path, with single-spa's own matching (what `activeWhen` will do). */
export function remoteOwnsPath(remote: RemoteDefinition, pathname: string): boolean {
  const location = asLocation(pathname);
  return remote.routes.some((route) => pathToActiveWhen(route)(location));
}

/** The remote owning a path, if any. */
export function findRemoteForPath(
  pathname: string,
  remotes: readonly RemoteDefinition[] = REMOTES,
): RemoteDefinition | undefined {
  return remotes.find((remote) => remoteOwnsPath(remote, pathname));
}
