import { createContext, use, useContext, type ReactNode } from 'react';
import { loadRemoteCatalog, type CatalogPromise, type RemoteCatalog } from './remoteCatalog';

const CatalogContext = createContext<CatalogPromise | null>(null);

/** Gives the tree below another catalog than the page's (tests, Storybook). */
export function RemoteCatalogProvider({ catalog, children }: { catalog: CatalogPromise; children: ReactNode }) {
  return <CatalogContext.Provider value={catalog}>{children}</CatalogContext.Provider>;
}

/** The remotes of this page; suspends while `/remotes.json` and the declarations are read. */
export function useRemoteCatalog(): RemoteCatalog {
  const catalog = useContext(CatalogContext) ?? loadRemoteCatalog();
  // Known already (as on every render but the first): no `use`, which would count as suspending.
  const settled = catalog as { status?: string; value?: RemoteCatalog };
  return settled.status === 'fulfilled' && settled.value ? settled.value : use(catalog);
}
