import { routesOwnPath } from '@portal/contracts';
import { createContext, useCallback, useContext, type ReactNode } from 'react';

/** The paths the page serves, as the shell passed them at mount; undefined when no shell did. */
const PageRoutesContext = createContext<readonly string[] | undefined>(undefined);

export function PageRoutesProvider({ routes, children }: { routes: readonly string[] | undefined; children: ReactNode }) {
  return <PageRoutesContext.Provider value={routes}>{children}</PageRoutesContext.Provider>;
}

/**
 * Whether a page of the portal is served on this page: one of the shell's own pages or a route a
 * remote of the page declares (the shell passes them at mount as `pageRoutes`). A link to a portal
 * page nobody serves is left out, and shows again once a remote declares the page. Alone (the
 * standalone harness, a test that passes none) the other apps are unknown: every path counts as
 * served.
 */
export function usePageServed(): (path: string) => boolean {
  const routes = useContext(PageRoutesContext);
  return useCallback((path: string) => routes === undefined || routesOwnPath(routes, path), [routes]);
}
