import { addErrorHandler, start } from 'single-spa';
import { findRemoteForPath } from './registry';
import { registerRemoteApps, type RegisteredRemote } from './registerRemoteApps';

let started = false;

/**
 * Registers the remotes with single-spa and starts it, once per page, and fetches the remote that
 * owns `pathname` at once, so that it is there when the frame's outlet mounts it (rather than
 * after user-info and the frame). For a page opened logged in only (bootstrap.tsx): remotes mount
 * in the frame alone, so the login page loads none of this, and a login always reloads the page.
 */
export function startRemoteApps(
  pathname: string = window.location.pathname,
  register: () => ReadonlyMap<string, Pick<RegisteredRemote, 'preload'>> = registerRemoteApps,
): void {
  if (started) return;
  started = true;
  // Remote failures are shown inside the frame by the loader; what reaches here is logged, never thrown at the page.
  addErrorHandler((error) => console.error('[shell] single-spa', error));
  const applications = register();
  start({ urlRerouteOnly: true });
  const owner = findRemoteForPath(pathname);
  if (owner) applications.get(owner.name)?.preload();
}
