import { AppErrorBoundary, DesignSystemProvider } from '@portal/design-system';
import { useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PageRoutesProvider } from './pageRoutes';
import { RemoteDialogOutlet, type RemoteDialogs } from './remoteDialogs';
import { remoteLifecycles } from './remoteLifecycles';
import { createRemoteStore, type ApiSlice, type RemoteStore } from './remoteStore';

export interface RemoteOptions<A extends readonly ApiSlice[]> {
  /** The single-spa app name the shell registers the remote under ('leads', 'reports'). */
  name: string;
  /** The remote's pages: a component rendering its <Routes>, nothing outside its own paths. */
  routes: ComponentType;
  /** The remote's RTK Query api slices; each mount gets a fresh store of them. */
  apis: A;
  /** The remote's own words: `pageFailed` when a page fails, `rootFailed` when even the root does. */
  texts: { pageFailed: string; rootFailed: string };
  /** The page the standalone harness opens at '/' (alone, no shell picks one). */
  standaloneHome: string;
  /**
   * Dialogs drawn over any page while the address names them (`?dialog=<name>`); each name is
   * also in the remote's declaration (`dialogs`), which is how the shell knows to mount it.
   */
  dialogs?: RemoteDialogs;
}

export interface RootProps<S> {
  /** Tests pass their own; by default each mount makes a fresh store. */
  store?: S;
  /** The paths the page serves, as the shell passes them at mount (see usePageServed); none alone. */
  pageRoutes?: readonly string[];
}

/**
 * One remote of the suite: its root (design system, store, the browser's router, error boundary
 * around its pages), the single-spa lifecycles the shell drives (the remote exposes them as
 * `./app`) and the standalone harness. A remote's entry stays its own async boundary
 * (`import('./app')`), so nothing runs before the shared modules are negotiated.
 */
export function defineRemote<A extends readonly ApiSlice[]>({ name, routes: Pages, apis, texts, standaloneHome, dialogs }: RemoteOptions<A>) {
  // One store per mount, so that a new login never sees the cache of the previous account.
  const createStore = (): RemoteStore<A> => createRemoteStore(apis);

  function Root({ store: givenStore, pageRoutes }: RootProps<RemoteStore<A>>) {
    const [store] = useState(() => givenStore ?? createStore());
    return (
      <DesignSystemProvider>
        <Provider store={store}>
          <PageRoutesProvider routes={pageRoutes}>
            {/* The browser's own history, shared with the shell and single-spa. */}
            <BrowserRouter>
              <AppErrorBoundary appName={name} subTitle={texts.pageFailed}>
                <Pages />
                {dialogs ? <RemoteDialogOutlet dialogs={dialogs} /> : null}
              </AppErrorBoundary>
            </BrowserRouter>
          </PageRoutesProvider>
        </Provider>
      </DesignSystemProvider>
    );
  }

  /** The standalone harness (`npm run start:standalone -w mfe-<name>`): the remote alone in #root. */
  function renderStandalone() {
    if (window.location.pathname === '/') window.history.replaceState(null, '', standaloneHome);
    document.body.style.margin = '0';
    const container = document.getElementById('root');
    if (!container) throw new Error('#root is missing from the standalone page');
    createRoot(container).render(
      <div style={{ padding: 16, background: '#f5f5f5', minHeight: '100vh', boxSizing: 'border-box' }}>
        <Root />
      </div>,
    );
  }

  return { ...remoteLifecycles(Root, texts.rootFailed), Root, createStore, renderStandalone };
}
