import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { DEFAULT_LEAD_RULES } from '@portal/contracts/leads';
import { setUnreadCounters } from '@portal/event-bus';
import { renderPage } from '@portal/remote-kit/testing';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { leadsApi } from '../api/leadsApi';
import { LeadsRoot } from '../app';
import { ITEMS } from './leadRows';

/** The page tests' DOM helpers (button, findElement, columnTitles, setupUser ...) are the remote kit's. */
export * from '@portal/remote-kit/testing';

/** The first render pays for loading antd and the lazily imported pages: load them before the tests (`beforeAll`). */
export const preloadListPages = () =>
  Promise.all([
    import('../features/resource/ResourcePage'),
    import('../features/feedback/FeedbackPage'),
    import('../features/feedback-detail/FeedbackDetailPage'),
  ]);

/**
 * Fake HTTP for a lead list's page: the projects, the smart-investment summary, the lead rules (the
 * defaults: no phone checker, so no 重新检测号码), and every unread counter at 0. Restore it after each test.
 */
export function installListHttp(): FakeHttp {
  const http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: ITEMS });
  http.on('GET /customer/lead-rules', { body: DEFAULT_LEAD_RULES });
  http.on('GET /customer/feedback/resource/summary', { body: { total: 30, unread: 5, todayTotal: 3, todayUnread: 2, assigned: 10, unassigned: 20 } });
  setUnreadCounters({ leads: { feedback: 0, infoList: 0, resource: 0, baiList: 0 } });
  return http;
}

/** The remote at `path`, as the shell mounts it, with a fresh store and without animations. */
export function renderLeads(path: string) {
  window.history.pushState(null, '', path);
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <LeadsRoot />
    </ConfigProvider>,
  );
}

/** A part of the remote (one list page, a dialog) at `path`: a fresh store of its API, without the other pages (see renderPage). */
export const renderLeadsPart = (element: ReactElement, path: string) => renderPage(element, leadsApi, path);

/** The body rows of the table as elements (the placeholder row of an empty table left out), to act inside one. */
export const rowElements = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];
