import { DesignSystemProvider } from '@portal/design-system';
import { configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PageRoutesProvider } from '../pageRoutes';

/** What a remote's RTK Query API gives its store. */
export interface StoreApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

/**
 * A page (or a part of one) as a remote's root renders it: the design system, a fresh store of the
 * remote's API, the browser's router at `path`; without the other pages and without animations.
 * `pageRoutes`: the paths the page serves, as the shell would pass them (default: none known, so
 * every link shows, as in the standalone harness).
 */
export function renderPage(element: ReactElement, api: StoreApi, path: string, { pageRoutes }: { pageRoutes?: readonly string[] } = {}) {
  window.history.pushState(null, '', path);
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return render(
    <DesignSystemProvider>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Provider store={store}>
          <PageRoutesProvider routes={pageRoutes}>
            <BrowserRouter>{element}</BrowserRouter>
          </PageRoutesProvider>
        </Provider>
      </ConfigProvider>
    </DesignSystemProvider>,
  );
}
