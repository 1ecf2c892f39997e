import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { dialogOf } from '@portal/contracts';
import { pathToActiveWhen, registerApplication, unloadApplication } from 'single-spa';
import { pageRoutesOf } from './pageRoutes';
import { createManifestResolver, type CatalogRemote, type RemoteCatalog } from './remoteCatalog';
import { createRemoteApplication, type RemoteFallbackUi, type RemoteLoaderDeps, type RemoteProps } from './remoteApplication';
import { isOutletReady, remoteContainer } from './remoteContainers';
import { remoteFallbackUi } from './remoteFallbackUi';

export const browserRemoteDeps = (catalog: RemoteCatalog): RemoteLoaderDeps => ({
  manifestUrlOf: createManifestResolver(catalog),
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
  unloadApplication: (name) => unloadApplication(name),
  container: remoteContainer,
});

/** A registered remote's application: `preload` fetches it ahead of its mount (see remoteApplication.ts). */
export type RegisteredRemote = ReturnType<typeof createRemoteApplication>;

/**
 * Registers every remote of the page's catalog as a single-spa application. A remote is active on its
 * routes, and on any page whose address names one of its dialogs (`?dialog=<name>`), only while the
 * frame's outlet is on the page (that is, logged in with the frame shown),
 * and mounts into its container inside the frame's content area, told every path the page serves.
 * Returns the applications by name.
 */
export function registerRemoteApps(
  catalog: RemoteCatalog,
  deps: RemoteLoaderDeps = browserRemoteDeps(catalog),
  ui: RemoteFallbackUi = remoteFallbackUi,
): Map<string, RegisteredRemote> {
  const applications = new Map<string, RegisteredRemote>();
  const pageRoutes = pageRoutesOf(catalog);
  for (const remote of catalog.remotes as readonly CatalogRemote[]) {
    const application = createRemoteApplication(remote, deps, ui);
    applications.set(remote.name, application);
    const owns = remote.routes.map((route) => pathToActiveWhen(route));
    const dialogs: readonly string[] = remote.dialogs ?? [];
    registerApplication<RemoteProps>({
      name: remote.name,
      app: application.load,
      activeWhen: (location) => isOutletReady() && (owns.some((matches) => matches(location)) || dialogs.includes(dialogOf(location.search) ?? '')),
      customProps: { domElementGetter: () => deps.container(remote.name), pageRoutes },
    });
  }
  return applications;
}
