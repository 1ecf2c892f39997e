import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { DesignSystemProvider } from '@portal/design-system';
import { configureStore } from '@reduxjs/toolkit';
import { render, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { reportsApi } from '../api/reportsApi';

/** The projects every report test's picker lists. */
export const ITEMS = [
  { id: 11, title: '全国加盟项目', status: 1, modeType: null },
  { id: 14, title: '华东推广项目', status: 1, modeType: null },
];

export const SERVER_ERROR = { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } };

/** Fake HTTP with the account's projects; restore it after each test. */
export function installReportHttp(): FakeHttp {
  const http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: ITEMS });
  return http;
}

/**
 * One page of the remote at `path`, as the remote's root renders it (design system, a fresh store
 * of the remote's API, the browser's router) but without the other pages, and without animations.
 */
export function renderReport(page: ReactElement, path: string) {
  window.history.pushState(null, '', path);
  const store = configureStore({
    reducer: { [reportsApi.reducerPath]: reportsApi.reducer },
    middleware: (getDefault) => getDefault().concat(reportsApi.middleware),
  });
  return render(
    <DesignSystemProvider>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Provider store={store}>
          <BrowserRouter>{page}</BrowserRouter>
        </Provider>
      </ConfigProvider>
    </DesignSystemProvider>,
  );
}

/** The button whose text is `text` (antd spaces out two-character labels: '导 出'). Role queries by name are slow on antd's DOM. */
export function button(text: string, container: ParentNode = document): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>('button, a.ant-btn')].filter(
    (element) => element.textContent?.replace(/\s/g, '') === text,
  );
  if (found.length === 0) throw new Error(`no button ${text}`);
  return found[found.length - 1];
}

/** The titles of the table's header cells, left to right (the last header row of a grouped header). */
export const columnTitles = (): string[] =>
  [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '').filter((text) => text !== '');

/** The cells of the body rows, as text. */
export const tableRows = (): string[][] =>
  [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  );

/** The cells of the 合计 row, as text. */
export const summaryCells = (): string[] => [...document.querySelectorAll('.ant-table-summary tr td')].map((cell) => cell.textContent ?? '');

/** The element matching `selector`, once it is there. */
export function findElement<E extends Element = HTMLElement>(selector: string): Promise<E> {
  return waitFor(() => {
    const found = document.querySelector<E>(selector);
    if (!found) throw new Error(`no ${selector}`);
    return found;
  });
}

/** The query of the last request to `path`. */
export const lastQuery = (http: FakeHttp, path: string): Record<string, string> => {
  const requests = http.requestsTo(path);
  if (requests.length === 0) throw new Error(`no request to ${path}`);
  return requests[requests.length - 1].query;
};
