import type { FakeHttp } from '@portal/api-client/testing';
import { fireEvent, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { codeOk, installCrmHttp, renderCrm } from '../../test/renderCrm';

/**
 * Test helpers of the mapping and rule tabs, over the remote's own (src/test/renderCrm): the
 * account's projects and channels for the pickers, and ways to work antd's controls in jsdom
 * without role queries (slow on antd's DOM).
 */
export { button, codeOk as code, findDialog, findElement, findPopconfirm, openDialogs, SERVER_ERROR } from '../../test/renderCrm';

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

/** The path of the CRM's static field list: the product fields of 字段配置's pickers. */
export const STATIC_FIELDS_PATH = '/es/crmstaticfield/listByCrmCode';

/** The static field list as the server answers it for any CRM (the special choices among the lead's fields). */
export const STATIC_FIELDS = [
  { wyFCode: 'name', wyFName: '姓名', wyFType: 'text' },
  { wyFCode: 'mobile', wyFName: '电话', wyFType: 'phone' },
  { wyFCode: 'itemTitle', wyFName: '项目', wyFType: 'option' },
  { wyFCode: 'channel', wyFName: '渠道', wyFType: 'option' },
  { wyFCode: 'resType', wyFName: '资源类型', wyFType: 'option' },
  { wyFCode: 'province', wyFName: '省份', wyFType: 'text' },
  { wyFCode: 'city', wyFName: '城市', wyFType: 'text' },
  { wyFCode: 'remark', wyFName: '备注', wyFType: 'text' },
  { wyFCode: 'noSelect', wyFName: '找不到选项', wyFType: 'text' },
];

/** Fake HTTP with the account's projects and channels and the static field list; restore it after each test. */
export function installMappingHttp(): FakeHttp {
  const http = installCrmHttp();
  http.on('GET /customer/platform/items/all', { body: ITEMS });
  http.on('GET /customer/platform/channels/listAll', { body: CHANNELS });
  http.on(`GET ${STATIC_FIELDS_PATH}`, codeOk(STATIC_FIELDS));
  return http;
}

/** A tab of the settings page alone, with a fresh store. */
export const renderTab = (tab: ReactElement) => renderCrm(tab);

/** The control named `name` (its aria-label), in `container` or the page. */
export const byLabel = <E extends Element = HTMLElement>(name: string, container: ParentNode = document): E => {
  const found = container.querySelector<E>(`[aria-label="${name}"]`);
  if (!found) throw new Error(`no control ${name}`);
  return found;
};

/** The dropdown of the select whose input is `input` (its listbox's, which the input names when open), else the one open last. */
function dropdownOf(input?: Element): Element | undefined {
  const listId = input?.getAttribute('aria-controls');
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
