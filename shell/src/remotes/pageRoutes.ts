import { routesOwnPath } from '@portal/contracts';
import { useMemo } from 'react';
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
