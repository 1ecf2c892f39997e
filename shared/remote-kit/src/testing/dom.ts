import type { FakeHttp, FakeReply, SeenRequest } from '@portal/api-client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/*
 * What the remotes' page tests repeat: code-style answers for the fake HTTP, and finding and
 * working antd's buttons, forms, selects and tables the way a user sees them.
 */

/**
 * A user-event instance for antd in jsdom: no delay between keys, and no pointer-events check
 * (DOM tests render antd without its style sheets, see jest.setup-dom.js, so the check could not see antd's rules anyway).
 */
export const setupUser = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** A button's accessible name as antd renders it: a space between the two characters of a two-character Chinese label ('登 录'). */
export const buttonName = (text: string): RegExp => new RegExp(`^${[...text].join('\\s*')}$`);

/** A code-style success answer. */
export const codeOk = (data: unknown, message = '成功'): FakeReply => ({ status: 200, body: { code: '200', message, data } });

/** A refusal with the server's Chinese reason. */
export const refused = (message: string, status = 400): FakeReply => ({ status, body: { code: String(status), message } });

export const SERVER_ERROR = refused('服务器开小差了，请稍后再试', 500);

/**
 * The button whose text is `text` (antd spaces out two-character labels: '保 存'), a link drawn as a
 * button (antd's `<Button href>`: a download) included. Role queries by name are slow on antd's DOM.
 */
export function button(text: string, container: ParentNode = document): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>('button, a.ant-btn')].filter(
    (element) => element.textContent?.replace(/\s/g, '') === text,
  );
  if (found.length === 0) throw new Error(`no button ${text}`);
  return found[found.length - 1];
}

/** The element matching `selector`, once it is there. */
export function findElement<E extends Element = HTMLElement>(selector: string): Promise<E> {
  return waitFor(() => {
    const found = document.querySelector<E>(selector);
    if (!found) throw new Error(`no ${selector}`);
    return found;
  });
}

/** The open dialog (a Modal, a confirm, a Popconfirm's popover excluded) whose text contains `text`, once it is there. */
export function findDialog(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = openDialogs(text)[0];
    if (!found) throw new Error(`no dialog saying ${text}`);
    return found;
  });
}

/** The open dialogs whose text contains `text` (none: []). */
export const openDialogs = (text: string): HTMLElement[] => screen.queryAllByRole('dialog').filter((dialog) => dialog.textContent?.includes(text));

/**
 * The option `text` of the select's open dropdown, once it is there (antd keeps an accessible
 * copy of the options apart from the ones a user clicks: this is the clickable one).
 */
export function findOption(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = shownOptions().find((candidate) => candidate.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
}

/** The options of the selects' open dropdowns, as a user sees them (each with aria-disabled). */
export const shownOptions = (): HTMLElement[] => [
  ...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
];

/** The Popconfirm open now (its question and buttons), once it is there. */
export function findPopconfirm(question: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.queryAllByRole('tooltip').find((tip) => tip.textContent?.includes(question));
    if (!found) throw new Error(`no popconfirm ${question}`);
    return found;
  });
}

/** The form's error messages shown, top to bottom. */
export const formErrors = (): string[] => [...document.querySelectorAll('.ant-form-item-explain-error')].map((element) => element.textContent ?? '');

/** The labels of the form's items, top to bottom. */
export const formLabels = (): string[] => [...document.querySelectorAll('.ant-form-item-label label')].map((element) => element.textContent ?? '');

/** Types `value` into the form field labelled `label`. */
export function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Opens the select labelled `label` (its aria-label or its form item's label) and picks the option shown as `option`. */
export async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await findOption(option));
}

/** The rows of the (last) table, as the cells' text. */
export const tableRows = (container: ParentNode = document): string[][] =>
  [...container.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  );

/** The cells of the table's summary row (合计), as text. */
export const summaryCells = (container: ParentNode = document): string[] =>
  [...container.querySelectorAll('.ant-table-summary tr td')].map((cell) => cell.textContent ?? '');

/** The titles of the table's header cells, left to right. */
export const columnTitles = (container: ParentNode = document): string[] =>
  [...container.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '').filter((text) => text !== '');

/** The fields of a form-encoded request (and checks it was sent form-encoded). */
export function formFields(request: SeenRequest): Record<string, string> {
  expect(request.headers['Content-Type'] ?? request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  expect(typeof request.body).toBe('string');
  return Object.fromEntries(new URLSearchParams(request.body as string));
}

/** The last request to `path` with `method`. */
export function lastRequest(http: FakeHttp, path: string, method?: string): SeenRequest {
  const requests = http.requestsTo(path, method);
  if (requests.length === 0) throw new Error(`no request to ${path}`);
  return requests[requests.length - 1];
}
