import { DesignSystemProvider } from '@portal/design-system';
import { configureStore, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';

/** What a remote's RTK Query API gives its store. */
export interface StoreApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

/**
 * A page (or a part of one) as a remote's root renders it: the design system, a fresh store of the
 * remote's API, the browser's router at `path`; without the other pages and without animations.
 */
export function renderPage(element: ReactElement, api: StoreApi, path: string) {
  window.history.pushState(null, '', path);
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return render(
    <DesignSystemProvider>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Provider store={store}>
          <BrowserRouter>{element}</BrowserRouter>
        </Provider>
      </ConfigProvider>
    </DesignSystemProvider>,
  );
}
