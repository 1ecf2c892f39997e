import { installFakeHttp, type FakeHttp, type FakeReply } from '@portal/api-client/testing';
import { DesignSystemProvider } from '@portal/design-system';
import { configureStore } from '@reduxjs/toolkit';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { crmApi } from '../../api/crmApi';

/**
 * Test helpers of the mapping and rule tabs: a tab rendered alone with a fresh store of the
 * remote's API, and ways to work antd's controls in jsdom without role queries (slow on antd's DOM).
 */

/** The account's projects: the last one is not on air (disabled in pickers). */
export const ITEMS = [
  { id: 11, title: '全国加盟项目', status: 1, modeType: null },
  { id: 14, title: '华东推广项目', status: 1, modeType: null },
  { id: 15, title: '下架项目', status: -1, modeType: null },
];
export const CHANNELS = [
  { id: 21, title: '百度竞价', channelType: 1 },
  { id: 22, title: '抖音信息流', channelType: 2 },
];
export const SERVER_ERROR: FakeReply = { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } };

/** A code-style success answer. */
export const code = (data: unknown, message = '成功'): FakeReply => ({ body: { code: '200', message, data } });

/** Fake HTTP with the account's projects and channels; restore it after each test. */
export function installCrmHttp(): FakeHttp {
  const http = installFakeHttp();
  http.on('GET /customer/platform/items/all', { body: ITEMS });
  http.on('GET /customer/platform/channels/listAll', { body: CHANNELS });
  return http;
}

/** A tab of the settings page alone: the design system, a fresh store, no animations. */
export function renderTab(tab: ReactElement) {
  const store = configureStore({
    reducer: { [crmApi.reducerPath]: crmApi.reducer },
    middleware: (getDefault) => getDefault().concat(crmApi.middleware),
  });
  return render(
    <DesignSystemProvider>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Provider store={store}>{tab}</Provider>
      </ConfigProvider>
    </DesignSystemProvider>,
  );
}

/** The last button whose text is `text` (antd spaces out two-character labels: '保 存'). */
export function button(text: string, container: ParentNode = document): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].filter((element) => element.textContent?.replace(/\s/g, '') === text);
  if (found.length === 0) throw new Error(`no button ${text}`);
  return found[found.length - 1];
}

/** The element matching `selector`, once it is there. */
export function findElement<E extends Element = HTMLElement>(selector: string, container: ParentNode = document): Promise<E> {
  return waitFor(() => {
    const found = container.querySelector<E>(selector);
    if (!found) throw new Error(`no ${selector}`);
    return found;
  });
}

/** The control named `name` (its aria-label). */
export const byLabel = <E extends Element = HTMLElement>(name: string, container: ParentNode = document): E => {
  const found = container.querySelector<E>(`[aria-label="${name}"]`);
  if (!found) throw new Error(`no control ${name}`);
  return found;
};

/** The dropdown of the select whose input is `input` (its listbox's, which the input names when open), else the one open last. */
function dropdownOf(input?: Element): Element | undefined {
  const listId = input?.getAttribute('aria-controls') ?? input?.getAttribute('aria-owns');
  const own = listId ? document.getElementById(listId)?.closest('.ant-select-dropdown') : null;
  return own ?? [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
}

/** The options of the select whose input is `input` (else of the one open now), as text, with whether each is disabled. */
export function openOptions(input?: Element): Array<{ text: string; disabled: boolean }> {
  const open = dropdownOf(input);
  if (!open) return [];
  return [...open.querySelectorAll('.ant-select-item-option')].map((option) => ({
    text: option.querySelector('.ant-select-item-option-content')?.textContent ?? '',
    disabled: option.classList.contains('ant-select-item-option-disabled'),
  }));
}

/** Opens the select whose input is `input` (its combobox). */
export const openSelect = (input: Element) => fireEvent.mouseDown(input);

/** Opens the select and picks the option shown as `text` (typed into a searchable select first: long lists are virtual). */
export async function choose(input: Element, text: string): Promise<void> {
  openSelect(input);
  if (input instanceof HTMLInputElement && !input.readOnly) fireEvent.change(input, { target: { value: text } });
  const option = await waitFor(() => {
    const found = [...(dropdownOf(input)?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
      (element) => element.querySelector('.ant-select-item-option-content')?.textContent === text,
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

/** The request bodies sent to `path` by `method`, in order. */
export const bodies = (http: FakeHttp, path: string, method = 'POST'): unknown[] => http.requestsTo(path, method).map((request) => request.body);
