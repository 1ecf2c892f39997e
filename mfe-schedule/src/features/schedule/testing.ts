import type { FakeHttp, SeenRequest } from '@portal/api-client/testing';
import type { DailyArrangement } from '@portal/contracts/schedule';
import { fireEvent, waitFor } from '@testing-library/react';
import { codeOk, installScheduleHttp, refused } from '../../test/renderSchedule';
import { datesOf } from '../day-grid/month';

/**
 * The schedule page's tests: a small schedule server behind the fake HTTP (projects, accept groups,
 * and the days of February to April 2026 of two projects, kept in memory so that saves, deletes
 * and copies are read back), and ways to work antd's controls without role queries (slow on
 * antd's DOM).
 */

/** The customer's projects: two on air, one taken down (disabled in the picker). */
export const ITEMS = [
  { itemId: 11, itemTitle: '全国加盟项目', status: 1, scheduledDays: 2 },
  { itemId: 14, itemTitle: '华东推广项目', status: 1, scheduledDays: 0 },
  { itemId: 15, itemTitle: '下架项目', status: -1, scheduledDays: 0 },
];
export const GROUPS = [
  { id: 1, name: '销售一组' },
  { id: 2, name: '销售二组' },
];
/** The staff of the customer's CRM. */
export const STAFF = [
  { userId: 31, userName: '张三', phone: '13900000031', deptName: '销售一部' },
  { userId: 32, userName: '李四', phone: '13900000032', deptName: '销售一部' },
  { userId: 33, userName: '王五', phone: '', deptName: '' },
];
/** The tests' today: a Thursday of a 31-day month. */
export const TODAY = '2026-03-05';

let nextId = 1000;
/** A row as the server answers it. */
export function arrangement(userId: number, date: string, itemId: number, change: Partial<DailyArrangement> = {}): DailyArrangement {
  const staff = STAFF.find((person) => person.userId === userId) ?? STAFF[0];
  nextId += 1;
  return {
    id: nextId,
    createTime: `${date} 09:00:00`,
    creater: 'demo',
    crmCode: 'ec',
    dataNum: 1,
    dataNumLimit: null,
    date,
    deptId: '',
    deptName: staff.deptName,
    itemsId: itemId,
    itemsTitle: ITEMS.find((item) => item.itemId === itemId)?.itemTitle ?? '',
    phone: staff.phone,
    sort: 0,
    userId,
    userName: staff.userName,
    wyCustomerId: 1,
    timeStr: '',
    status: 1,
    acceptGroupId: null,
    distributedNum: 0,
    ...change,
  };
}

/** Today's three people on project 11: 张三 (2 per round, cap 10, 09:00-12:00, 销售一组), 李四, 王五. */
export const todayRows = (): DailyArrangement[] => [
  arrangement(31, TODAY, 11, { dataNum: 2, dataNumLimit: 10, timeStr: '09:00-12:00', acceptGroupId: 1, distributedNum: 4, sort: 0 }),
  arrangement(32, TODAY, 11, { sort: 1, distributedNum: 1 }),
  arrangement(33, TODAY, 11, { dataNum: null, dataNumLimit: 0, sort: 2 }),
];

export interface ScheduleServer {
  http: FakeHttp;
  /** The rows of each day, by '{itemId}/{date}'. */
  days: Map<string, DailyArrangement[]>;
}

const MONTHS = ['2026-02', '2026-03', '2026-04'];

/**
 * Fake HTTP answering the schedule calls from `days` ('{itemId}/{date}' → rows; by default today's
 * three people on project 11 and one on the 20th), the projects and the accept groups.
 */
export function installScheduleServer(initial?: Record<string, DailyArrangement[]>): ScheduleServer {
  const http = installScheduleHttp();
  const days = new Map(Object.entries(initial ?? { [`11/${TODAY}`]: todayRows(), '11/2026-03-20': [arrangement(31, '2026-03-20', 11)] }));
  http.on('GET /es/dailyarrange/itemList', codeOk(ITEMS));
  http.on('GET /es/acceptgroup/listByWyCustomerId', codeOk(GROUPS));
  http.on('GET /es/dailyarrange/getDateExists', ({ query }) =>
    codeOk(
      [...days.entries()]
        .filter(([key, rows]) => rows.length > 0 && key.startsWith(`${query.itemId}/${query.month}-`))
        .map(([key]) => key.split('/')[1])
        .sort(),
    ),
  );
  for (const itemId of [11, 14]) {
    for (const date of MONTHS.flatMap(datesOf)) {
      const key = `${itemId}/${date}`;
      http.on(`GET /es/dailyarrange/${date}/${itemId}`, () => codeOk(days.get(key) ?? []));
      http.on(`DELETE /es/dailyarrange/${date}/${itemId}`, () => {
        const count = days.get(key)?.length ?? 0;
        days.delete(key);
        return codeOk({ count }, '删除成功！');
      });
    }
  }
  http.on('POST /es/dailyarrange', saveRoute(days));
  http.on('POST /es/dailyarrange/copyList', ({ body }) => {
    const fields = new URLSearchParams(body as string);
    const source = days.get(`${fields.get('itemId')}/${fields.get('date')}`) ?? [];
    const targets = (fields.get('dates') ?? '').split(',');
    for (const date of targets)
      days.set(
        `${fields.get('itemId')}/${date}`,
        source.map((row) => ({ ...row, date })),
      );
    return codeOk({ count: source.length * targets.length }, '复制成功');
  });
  return { http, days };
}

/** POST /es/dailyarrange: the list becomes the day's rows, in its order. */
export const saveRoute =
  (days: Map<string, DailyArrangement[]>) =>
  ({ body }: SeenRequest) => {
    const { itemId, date, list } = body as { itemId: number; date: string; list: Array<Partial<DailyArrangement> & { userId: number }> };
    const rows = list.map((row, sort) => arrangement(row.userId, date, itemId, { ...row, sort }));
    days.set(`${itemId}/${date}`, rows);
    return codeOk(rows, '保存成功！');
  };

/** A refusal of the save with the server's reason. */
export const refuseSave = (http: FakeHttp, reason: string) => http.on('POST /es/dailyarrange', refused(reason));

/** The bodies POSTed to `path`, in order. */
export const bodies = (http: FakeHttp, path: string, method = 'POST'): unknown[] =>
  http.requestsTo(path, method).map((request: SeenRequest) => request.body);

/** The saved lists' people, in order: the order the server was sent. */
export const savedOrders = (http: FakeHttp): number[][] =>
  bodies(http, '/es/dailyarrange').map((body) => (body as { list: Array<{ userId: number }> }).list.map((row) => row.userId));

/** The control named `name` (its aria-label), in `container` or the page. */
export function byLabel<E extends Element = HTMLElement>(name: string, container: ParentNode = document): E {
  const found = container.querySelector<E>(`[aria-label="${name}"]`);
  if (!found) throw new Error(`no control ${name}`);
  return found;
}

/** The day button of `date` ('2026-03-05'), in `container` or the page. */
export function dayButton(date: string, container: ParentNode = document): HTMLButtonElement {
  const found = container.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
  if (!found) throw new Error(`no day ${date}`);
  return found;
}

/** A day button's accessible name (its content, the 日 hidden on screen): '5日 已排班 今天'. */
export const dayName = (date: string, container: ParentNode = document): string => dayButton(date, container).textContent ?? '';

/** The day buttons' accessible names, in order. */
export const dayNames = (container: ParentNode = document): string[] =>
  [...container.querySelectorAll('button[data-date]')].map((day) => day.textContent ?? '');

/** The dropdown the select `input` opened: the open one (in tests every rc-select id is 'test-id', so its aria-controls cannot tell). */
function dropdownOf(input: Element): Element | undefined {
  const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
  const listId = input.getAttribute('aria-controls');
  return open.find((dropdown) => listId !== null && dropdown.querySelector(`[id="${listId}"]`)) ?? open.at(-1);
}

/** The options of the select `input`, opened first: text and whether disabled. */
export async function optionsOf(input: Element): Promise<Array<{ text: string; disabled: boolean }>> {
  fireEvent.mouseDown(input);
  return waitFor(() => {
    const found = [...(dropdownOf(input)?.querySelectorAll('.ant-select-item-option') ?? [])];
    if (found.length === 0) throw new Error('no options');
    return found.map((option) => ({
      text: option.querySelector('.ant-select-item-option-content')?.textContent ?? '',
      disabled: option.classList.contains('ant-select-item-option-disabled'),
    }));
  });
}

/** Opens the select `input` and picks the option shown as `text` (typed first when it searches: long lists are virtual). */
export async function choose(input: Element, text: string): Promise<void> {
  fireEvent.mouseDown(input);
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

/** The table row of `userId`. */
export function rowOf(userId: number): HTMLElement {
  const found = document.querySelector<HTMLElement>(`tr[data-row-key="${userId}"]`);
  if (!found) throw new Error(`no row ${userId}`);
  return found;
}

/** The names shown in the person table, top to bottom. */
export const shownNames = (): string[] =>
  [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => row.querySelectorAll('td')[2]?.textContent ?? '');

/** The popover (Popconfirm) open now. */
export const openPopover = (): Promise<HTMLElement> =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')].at(-1);
    if (!found) throw new Error('no popover');
    return found;
  });

/** The dialog open now. */
export const openDialog = (): Promise<HTMLElement> =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')].at(-1);
    if (!found) throw new Error('no dialog');
    return found;
  });
