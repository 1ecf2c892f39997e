import { addErrorHandler, start } from 'single-spa';
import { findRemoteForDialog, findRemoteForPath, loadRemoteCatalog, type RemoteCatalog } from './remoteCatalog';
import { registerRemoteApps, type RegisteredRemote } from './registerRemoteApps';

let started = false;

/**
 * Reads the page's remote catalog, registers its remotes with single-spa and starts it, once per
 * page, and fetches the remote that owns `pathname` at once, so that it is there when the frame's
 * outlet mounts it (rather than after user-info and the frame), and the remote of a dialog the
 * address names (`search`). For a page opened logged in only
 * (bootstrap.tsx): remotes mount in the frame alone, so the login page loads none of this, and a
 * login always reloads the page.
 */
export async function startRemoteApps(
  pathname: string = window.location.pathname,
  search: string = window.location.search,
  catalog: Promise<RemoteCatalog> = loadRemoteCatalog(),
  register: (catalog: RemoteCatalog) => ReadonlyMap<string, Pick<RegisteredRemote, 'preload'>> = registerRemoteApps,
): Promise<void> {
  if (started) return;
  started = true;
  // Remote failures are shown inside the frame by the loader; what reaches here is logged, never thrown at the page.
  addErrorHandler((error) => console.error('[shell] single-spa', error));
  const known = await catalog;
  const applications = register(known);
  start({ urlRerouteOnly: true });
  const owner = findRemoteForPath(pathname, known.remotes);
  if (owner) applications.get(owner.name)?.preload();
  const dialogOwner = findRemoteForDialog(search, known.remotes);
  if (dialogOwner && dialogOwner !== owner) applications.get(dialogOwner.name)?.preload();
}
