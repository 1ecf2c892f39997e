import { DIALOG_LINK_STATE, routesOwnPath, searchWithDialog } from '@portal/contracts';
import { useMemo } from 'react';
import { useLocation, type LinkProps } from 'react-router-dom';
import { SHELL_FRAME_PATHS } from '../app/framePages';
import type { RemoteCatalog } from './remoteCatalog';
import { useRemoteCatalog } from './RemoteCatalogContext';

/**
 * Every path this page serves: the shell's own framed pages and the routes each remote of the
 * catalog declares. The remotes get it at mount (`pageRoutes`), so that they too can leave out a
 * link to a page nobody serves (remote-kit's usePageServed).
 */
export const pageRoutesOf = (catalog: RemoteCatalog): string[] => [...SHELL_FRAME_PATHS, ...catalog.remotes.flatMap((remote) => remote.routes)];

/**
 * Whether this page serves `path` (one of `pageRoutesOf`). The frame's links to a remote's pages
 * (REMOTE_PAGES of the contracts) show only then: a link to a page that no remote declares yet is
 * hidden, and shows by itself once a remote of `/remotes.json` declares it.
 */
export function usePageServed(): (path: string) => boolean {
  const catalog = useRemoteCatalog();
  return useMemo(() => {
    const routes = pageRoutesOf(catalog);
    return (path: string) => routesOwnPath(routes, path);
  }, [catalog]);
}

/**
 * A link to a remote's dialog (REMOTE_DIALOGS) over the page shown, or null while no remote of the
 * page declares it: the address keeps its path and parameters and names the dialog, and the link's
 * state lets closing the dialog go back (see remote-kit's RemoteDialogOutlet).
 */
export function useDialogLink(): (name: string) => Pick<LinkProps, 'to' | 'state'> | null {
  const catalog = useRemoteCatalog();
  const { pathname, search } = useLocation();
  return useMemo(() => {
    const declared = new Set(catalog.remotes.flatMap((remote) => remote.dialogs ?? []));
    return (name: string) => (declared.has(name) ? { to: { pathname, search: searchWithDialog(search, name) }, state: DIALOG_LINK_STATE } : null);
  }, [catalog, pathname, search]);
}
