import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { setUnreadCounters } from '@portal/event-bus';
import { render, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { LeadsRoot } from '../app';
import { ITEMS } from './leadRows';

/** The first render pays for loading antd and the lazily imported pages: load them before the tests (`beforeAll`). */
export const preloadListPages = () =>
  Promise.all([
    import('../features/resource/ResourcePage'),
    import('../features/feedback/FeedbackPage'),
    import('../features/feedback-detail/FeedbackDetailPage'),
  ]);

/**
 * Fake HTTP for a lead list's page: the projects, the smart-investment summary, and every unread
 * counter at 0. Restore it after each test.
 */
export function installListHttp(): FakeHttp {
  const http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: ITEMS });
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

/** user-event for antd in jsdom: no delay, no pointer-events check (DOM tests render antd without its style sheets, see jest.setup-dom.js, so the check could not see antd's rules anyway). */
export const setupUser = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** antd spaces out two-character Chinese button labels ('导 出'). */
export const buttonName = (text: string): RegExp => new RegExp(`^${[...text].join('\\s*')}$`);

/**
 * The button whose text is `text` (antd's spacing ignored), in `container` or the page. Role
 * queries by name walk the accessibility tree of antd's whole DOM: seconds per query in jsdom.
 */
export function button(text: string, container: ParentNode = document): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].filter((element) => element.textContent?.replace(/\s/g, '') === text);
  if (found.length === 0) throw new Error(`no button ${text}`);
  return found[found.length - 1];
}

/** The titles of the table's columns, as the user reads them left to right (selection column left out). */
export const columnTitles = (): string[] =>
  [...document.querySelectorAll('.ant-table-thead th')]
    .filter((th) => !th.classList.contains('ant-table-selection-column'))
    .map((th) => th.textContent ?? '')
    .filter((text) => text !== '');

/** The body rows of the table (the placeholder row of an empty table left out). */
export const tableRows = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];

/** The element matching `selector`, once it is there. */
export function findElement<E extends Element = HTMLElement>(selector: string): Promise<E> {
  return waitFor(() => {
    const found = document.querySelector<E>(selector);
    if (!found) throw new Error(`no ${selector}`);
    return found;
  });
}
