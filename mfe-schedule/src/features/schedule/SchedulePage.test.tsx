import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { button, codeOk, formFields, lastRequest, renderSchedule, SERVER_ERROR } from '../../test/renderSchedule';
import { SchedulePage } from './SchedulePage';
import {
  byLabel,
  choose,
  dayButton,
  dayName,
  installScheduleServer,
  ITEMS,
  openDialog,
  openPopover,
  optionsOf,
  type ScheduleServer,
  TODAY,
} from './testing';

let server: ScheduleServer;
/** The project picker, found by its label. */
const picker = () => document.getElementById(document.querySelector('label')?.htmlFor ?? '') as HTMLInputElement;
const renderPage = async (crmCode: 'ec' | 'xbb' = 'ec') => {
  renderSchedule(<SchedulePage crmCode={crmCode} today={TODAY} />, `/${crmCode}/data-dispose`);
  await screen.findByText('王五');
};
/** Waits until the toast says `text` (the page may say it in place too). */
const said = (text: string) => waitFor(() => expect(document.querySelector('.ant-message')).toHaveTextContent(text));

// The first render in a worker compiles antd's styles for the page: once here, so that each test's
// own time measures the test.
beforeAll(async () => {
  server = installScheduleServer();
  await renderPage();
  fireEvent.click(button('删除'));
  await openPopover();
  cleanup();
  server.http.restore();
}, 30_000);
beforeEach(() => {
  server = installScheduleServer();
});
afterEach(() => server.http.restore());

test('the first on-air project and today by default; inactive projects disabled; another project, its own days', async () => {
  await renderPage('xbb');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('销帮帮排班');
  expect(lastRequest(server.http, '/es/dailyarrange/itemList').query).toEqual({ crmCode: 'xbb' });
  expect(picker().closest('.ant-select')).toHaveTextContent('全国加盟项目');
  expect(dayName('2026-03-05')).toBe('5日 已排班 今天');
  expect(dayButton('2026-03-05')).toHaveAttribute('aria-pressed', 'true');
  expect(dayName('2026-03-20')).toBe('20日 已排班');
  expect(screen.getByText('3月5日排班人员')).toBeInTheDocument();
  expect(await optionsOf(picker())).toEqual([
    { text: '全国加盟项目', disabled: false },
    { text: '华东推广项目', disabled: false },
    { text: '下架项目（已下架）', disabled: true },
  ]);

  await choose(picker(), '华东推广项目');
  expect(await screen.findByText('该日期尚未排班')).toBeInTheDocument();
  expect(lastRequest(server.http, '/es/dailyarrange/getDateExists').query).toEqual({ crmCode: 'xbb', itemId: '14', month: '2026-03' });
  expect(dayName('2026-03-05')).toBe('5日 今天');
});

test('a day chosen on the grid shows its people; 下个月 lands on the 1st with that month’s marks', async () => {
  await renderPage();
  fireEvent.click(dayButton('2026-03-20'));
  await waitFor(() => expect(screen.queryByText('王五')).toBeNull());
  expect(await screen.findByText('张三')).toBeInTheDocument();
  expect(screen.getByText('3月20日排班人员')).toBeInTheDocument();

  fireEvent.click(byLabel('下个月'));
  expect(await screen.findByText('该日期尚未排班')).toBeInTheDocument();
  expect(dayButton('2026-04-01')).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('4月1日排班人员')).toBeInTheDocument();
  await waitFor(() => expect(lastRequest(server.http, '/es/dailyarrange/getDateExists').query.month).toBe('2026-04'));
});

test('without projects the page cannot schedule, and its tools say so; with none on air it asks for a project', async () => {
  server.http.on('GET /es/dailyarrange/itemList', codeOk([]));
  renderSchedule(<SchedulePage crmCode="ec" today={TODAY} />);
  expect(await screen.findByText('当前没有项目，不能排班')).toBeInTheDocument();
  expect(picker()).toBeDisabled();
  fireEvent.click(button('复制'));
  await said('当前没有项目，不能排班');
  cleanup();

  server.http.on('GET /es/dailyarrange/itemList', codeOk([ITEMS[2]]));
  renderSchedule(<SchedulePage crmCode="ec" today={TODAY} />);
  expect(await screen.findByText('请先选择项目')).toBeInTheDocument();
  fireEvent.click(button('删除'));
  await said('请先选择项目');
  expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull();
  expect(server.http.requestsTo('/es/dailyarrange/getDateExists')).toHaveLength(0);
});

test('删除 asks first: 取消 says 已取消删除; 确定 unschedules the day; a day without people has nothing to delete', async () => {
  await renderPage();
  fireEvent.click(button('删除'));
  let popover = await openPopover();
  expect(popover).toHaveTextContent('确定要删除吗?');
  fireEvent.click(button('取消', popover));
  await said('已取消删除');
  expect(server.http.requestsTo(`/es/dailyarrange/${TODAY}/11`, 'DELETE')).toHaveLength(0);

  fireEvent.click(button('删除'));
  await waitFor(() => expect(document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)')).toHaveLength(1));
  popover = await openPopover();
  fireEvent.click(button('确定', popover));
  await said('删除成功！');
  expect(lastRequest(server.http, `/es/dailyarrange/${TODAY}/11`, 'DELETE').query).toEqual({ crmCode: 'ec' });
  expect(await screen.findByText('该日期尚未排班')).toBeInTheDocument();
  await waitFor(() => expect(dayName('2026-03-05')).toBe('5日 今天'));

  fireEvent.click(button('删除'));
  await said('暂无数据可删');
});

test('复制 needs a scheduled month and a scheduled day', async () => {
  await renderPage();
  await choose(picker(), '华东推广项目');
  await screen.findByText('该日期尚未排班');
  fireEvent.click(button('复制'));
  await said('暂未有已排班的日期，请先排班');

  await choose(picker(), '全国加盟项目');
  await screen.findByText('王五');
  fireEvent.click(dayButton('2026-03-06'));
  await screen.findByText('该日期尚未排班');
  fireEvent.click(button('复制'));
  await said('请在上面选择已排班的日期');
});

test('复制 of a scheduled day copies to the days picked and marks them', async () => {
  await renderPage();
  await choose(picker(), '全国加盟项目');
  await screen.findByText('王五');
  fireEvent.click(button('复制'));
  const dialog = await openDialog();
  expect(dialog).toHaveTextContent('将3月5日已保存的排班复制到：');
  expect(dayButton('2026-03-05', dialog)).toBeDisabled();
  await waitFor(() => expect(dayName('2026-03-20', dialog)).toBe('20日 已排班'));
  fireEvent.click(button('复制', dialog));
  await said('请选择要复制到的日期');

  fireEvent.click(dayButton('2026-03-07', dialog));
  fireEvent.click(dayButton('2026-03-06', dialog));
  expect(dayButton('2026-03-06', dialog)).toHaveAttribute('aria-pressed', 'true');
  expect(dialog).toHaveTextContent('已选 2 天');
  fireEvent.click(button('复制', dialog));
  await said('复制成功');
  expect(formFields(lastRequest(server.http, '/es/dailyarrange/copyList'))).toEqual({
    crmCode: 'ec',
    itemId: '11',
    date: TODAY,
    dates: '2026-03-06,2026-03-07',
  });
  await waitFor(() => expect(dayName('2026-03-06')).toBe('6日 已排班'));
  expect(dayName('2026-03-07')).toBe('7日 已排班');
});

test('the projects failing to load say why, with 重试', async () => {
  server.http.on('GET /es/dailyarrange/itemList', SERVER_ERROR);
  renderSchedule(<SchedulePage crmCode="ec" today={TODAY} />);
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  server.http.on('GET /es/dailyarrange/itemList', codeOk(ITEMS));
  fireEvent.click(button('重试'));
  expect(await screen.findByText('王五')).toBeInTheDocument();
});
