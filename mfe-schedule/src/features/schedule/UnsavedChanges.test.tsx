import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { button, buttonName, renderSchedule } from '../../test/renderSchedule';
import { SchedulePage } from './SchedulePage';
import { bodies, byLabel, dayButton, installScheduleServer, type ScheduleServer, TODAY } from './testing';

/**
 * Work is never lost on the schedule page (issue 27, "No work is lost"): leaving the day's unsaved
 * edits asks first, wherever the navigation comes from, and numbers the server would refuse are
 * refused here with the same message, never coerced.
 */

let server: ScheduleServer;
const SAVE = '/es/dailyarrange';
const input = (name: string) => byLabel<HTMLInputElement>(name);

/**
 * The page as the shell shows it: the remote's route under its own BrowserRouter, and beside it
 * the shell's menu under another one (as in the portal: one router per app on one history).
 */
async function renderPortal() {
  renderSchedule(
    <Routes>
      <Route path="/ec/data-dispose" element={<SchedulePage crmCode="ec" today={TODAY} />} />
      <Route path="*" element={null} />
    </Routes>,
    '/ec/data-dispose',
  );
  render(
    <BrowserRouter>
      <nav>
        <Link to="/ec-setting">推送设置</Link>
      </nav>
    </BrowserRouter>,
  );
  await screen.findByText('王五');
}
const menuEntry = () => screen.getByRole('link', { name: '推送设置' });
const leaveDialog = () => screen.findByRole('dialog');
const editQuantity = (value: string) => fireEvent.change(input('李四 每轮数量'), { target: { value } });

// The first render in a worker compiles antd's styles: once here, so that each test's own time measures the test.
beforeAll(async () => {
  server = installScheduleServer();
  await renderPortal();
  cleanup();
  server.http.restore();
}, 30_000);
beforeEach(() => {
  server = installScheduleServer();
});
afterEach(() => server.http.restore());

test('a menu click with unsaved edits asks; 取消 keeps the edit and the page, 离开 leaves', async () => {
  await renderPortal();
  editQuantity('3');
  expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  // The edited project and day are pinned in the URL, so back returns to them.
  expect(window.location.search).toBe('?item=11&date=2026-03-05');

  fireEvent.click(menuEntry());
  const dialog = await leaveDialog();
  expect(dialog).toHaveTextContent('离开后，未保存的修改将丢失。确定要离开吗？');
  expect(window.location.pathname).toBe('/ec/data-dispose');

  fireEvent.click(within(dialog).getByRole('button', { name: buttonName('取消') }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(window.location.pathname).toBe('/ec/data-dispose');
  expect(input('李四 每轮数量').value).toBe('3');
  expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

  fireEvent.click(menuEntry());
  fireEvent.click(within(await leaveDialog()).getByRole('button', { name: buttonName('离开') }));
  await waitFor(() => expect(window.location.pathname).toBe('/ec-setting'));
  // The remote's own router heard the move: the schedule page is gone.
  await waitFor(() => expect(screen.queryByText('王五')).toBeNull());
  expect(bodies(server.http, SAVE)).toEqual([]);
});

test('after 保存 nothing is unsaved: the menu leaves at once and a reload is not held', async () => {
  await renderPortal();
  editQuantity('4');
  const unload = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
  expect(unload()).toBe(false);

  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
  expect(unload()).toBe(true);

  fireEvent.click(menuEntry());
  await waitFor(() => expect(window.location.pathname).toBe('/ec-setting'));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('browser back and another day ask too; the edit stays after 取消', async () => {
  await renderPortal();
  editQuantity('5');

  act(() => window.history.back());
  fireEvent.click(within(await leaveDialog()).getByRole('button', { name: buttonName('取消') }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(window.location.pathname).toBe('/ec/data-dispose');
  expect(window.location.search).toBe('?item=11&date=2026-03-05');
  expect(input('李四 每轮数量').value).toBe('5');

  fireEvent.click(dayButton('2026-03-20'));
  fireEvent.click(within(await leaveDialog()).getByRole('button', { name: buttonName('取消') }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(window.location.search).toBe('?item=11&date=2026-03-05');
  expect(input('李四 每轮数量').value).toBe('5');

  fireEvent.click(dayButton('2026-03-20'));
  fireEvent.click(within(await leaveDialog()).getByRole('button', { name: buttonName('离开') }));
  await waitFor(() => expect(window.location.search).toBe('?item=11&date=2026-03-20'));
  expect(await screen.findByText('3月20日排班人员')).toBeInTheDocument();
});

test('每轮数量 -3 and 每日上限 1.5 are kept as typed, said wrong, and never sent', async () => {
  await renderPortal();
  editQuantity('-3');
  fireEvent.blur(input('李四 每轮数量'));
  expect(input('李四 每轮数量').value).toBe('-3');
  expect(input('李四 每轮数量')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('每轮数量须为0至999的整数')).toBeInTheDocument();

  fireEvent.change(input('张三 每日上限'), { target: { value: '1.5' } });
  fireEvent.blur(input('张三 每日上限'));
  expect(input('张三 每日上限').value).toBe('1.5');
  expect(screen.getByText('每日上限须为0至99999的整数')).toBeInTheDocument();

  // 保存 names the first (张三 comes first) and sends nothing.
  fireEvent.click(button('保存'));
  // The message pops up beside the one under the field.
  await waitFor(() => expect(screen.getAllByText('每日上限须为0至99999的整数')).toHaveLength(2));
  expect(bodies(server.http, SAVE)).toEqual([]);

  // Put right, the day saves.
  editQuantity('0');
  fireEvent.change(input('张三 每日上限'), { target: { value: '' } });
  expect(screen.queryByText('每轮数量须为0至999的整数')).toBeNull();
  fireEvent.click(button('保存'));
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  const sent = bodies(server.http, SAVE) as Array<{ list: Array<{ userId: number; dataNum: number | null; dataNumLimit: number | null }> }>;
  expect(sent).toHaveLength(1);
  expect(sent[0].list.find((row) => row.userId === 32)?.dataNum).toBe(0);
  expect(sent[0].list.find((row) => row.userId === 31)?.dataNumLimit).toBeNull();
});

test('已分配数量 is shown, not editable; 保存 says what it saves', async () => {
  await renderPortal();
  expect(screen.getByRole('columnheader', { name: '已分配数量' })).toBeInTheDocument();
  expect(document.querySelector('[aria-label$="已分配数量"]')).toBeNull();
  const save = button('保存');
  expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
    '保存提交3月5日本项目的全部排班人员（顺序、接收组、数量和时间段）',
  );
  expect(screen.getAllByRole('button', { name: buttonName('保存') })).toHaveLength(1);
});
