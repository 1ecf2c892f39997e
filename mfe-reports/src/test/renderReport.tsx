import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { renderPage } from '@portal/remote-kit/testing';
import type { ReactElement } from 'react';
import { reportsApi } from '../api/reportsApi';

/** The page tests' DOM helpers and code-style answers. */
export * from '@portal/remote-kit/testing';

/** The projects every report test's picker lists. */
export const ITEMS = [
  { id: 11, title: '全国加盟项目', status: 1, modeType: null },
  { id: 14, title: '华东推广项目', status: 1, modeType: null },
];

/** Fake HTTP with the account's projects; restore it after each test. */
export function installReportHttp(): FakeHttp {
  const http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: ITEMS });
  return http;
}

/** One page of the remote at `path`, with a fresh store of its API (see renderPage). */
export const renderReport = (page: ReactElement, path: string) => renderPage(page, reportsApi, path);
