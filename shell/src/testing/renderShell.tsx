import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fireEvent, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ShellProviders } from '../app/ShellProviders';
import { ShellRoutes } from '../app/ShellRoutes';
import { ShellDataProvider } from '../store/ShellDataProvider';
import { createShellStore, type ShellStore } from '../store/store';
import { BRANDS, type Brand } from '@portal/contracts';
import { knownCatalog, type RemoteCatalog } from '../remotes/remoteCatalog';
import { RemoteCatalogProvider } from '../remotes/RemoteCatalogContext';
import { SUITE_CATALOG } from './catalog';

/** The path and query the router is at, for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderShellOptions {
  path?: string;
  brand?: Brand;
  /** The route pattern `ui` is mounted at; default '*'. */
  route?: string;
  /** The remotes of the page; default the suite's two (testing/catalog.ts). */
  catalog?: RemoteCatalog;
  /** The shell's store (server data); default a new one, so that no test sees another's cache. */
  store?: ShellStore;
}

/** Renders shell UI as on the page: antd provider, brand, the remotes, the shell's store, a memory router at `path`. */
export function renderShell(
  ui: ReactElement,
  { path = '/', brand = BRANDS.full, route = '*', catalog = SUITE_CATALOG, store = createShellStore() }: RenderShellOptions = {},
): RenderResult {
  return render(
    <ShellProviders brand={brand}>
      <RemoteCatalogProvider catalog={knownCatalog(catalog)}>
        <ShellDataProvider store={store}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </ShellDataProvider>
      </RemoteCatalogProvider>
    </ShellProviders>,
  );
}

export const setLoginCookie = (): void => {
  document.cookie = 'portal_login=1; Path=/';
};

export const clearCookies = (): void => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
};

export const fieldErrors = (): string[] =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((element) => element.textContent ?? '');

/** antd puts a space between the two characters of a two-character Chinese button ('登 录'). */
export const buttonName = (text: string): RegExp => new RegExp(`^${[...text].join('\\s*')}$`);

/** Sets an input's value in one change event (typing key by key through antd is slow in jsdom). */
export function fill(input: HTMLElement, value: string): void {
  fireEvent.change(input, { target: { value } });
}

/**
 * A user-event instance for antd in jsdom: no delay between keys, and no pointer-events check
 * (DOM tests render antd without its style sheets, see jest.setup-dom.js, so the check could not see antd's rules anyway).
 */
export const setupUser = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The whole shell (routes, guard, frame) at `path`, with a fresh store (so the user is loaded anew). */
export function renderApp(
  path: string,
  { brand = BRANDS.full, catalog = SUITE_CATALOG }: { brand?: Brand; catalog?: RemoteCatalog } = {},
): RenderResult {
  return render(
    <ShellProviders brand={brand}>
      <RemoteCatalogProvider catalog={knownCatalog(catalog)}>
        <ShellDataProvider store={createShellStore()}>
          <MemoryRouter initialEntries={[path]}>
            <ShellRoutes />
            <LocationProbe />
          </MemoryRouter>
        </ShellDataProvider>
      </RemoteCatalogProvider>
    </ShellProviders>,
  );
}

/** A session user as user-info returns it. */
export const demoUser = {
  id: 1,
  type: 1,
  whetherVoice: 0,
  thumbnail: null,
  headPic: null,
  loginAccount: 'demo',
  registerTime: '2024-03-01 09:30:00',
  firstLoginStutes: 0,
};
