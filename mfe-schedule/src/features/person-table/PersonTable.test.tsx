import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { button, columnTitles, renderSchedule, SERVER_ERROR } from '../../test/renderSchedule';
import {
  bodies,
  byLabel,
  choose,
  installScheduleServer,
  openDialog,
  refuseSave,
  rowOf,
  type ScheduleServer,
  savedOrders,
  saveRoute,
  shownNames,
  TODAY,
} from '../schedule/testing';
import { PersonTable } from './PersonTable';

let server: ScheduleServer;
const SAVE = '/es/dailyarrange';
const SAVE_KEY = `POST ${SAVE}`;

const renderTable = async (date = TODAY) => {
  renderSchedule(<PersonTable crmCode="ec" itemId={11} date={date} />);
  if (date === TODAY) await screen.findByText('王五');
};
const input = (name: string) => byLabel<HTMLInputElement>(name);
const save = () => fireEvent.click(button('保存'));
const tick = (userId: number) => fireEvent.click(rowOf(userId).querySelector('input[type="checkbox"]') as HTMLInputElement);

// The first render in a worker compiles antd's table, selects and inputs: once here, so that each
// test's own time measures the test.
beforeAll(async () => {
  server = installScheduleServer();
  await renderTable();
  await choose(input('李四 接收组'), '销售一组');
  cleanup();
  server.http.restore();
}, 30_000);
beforeEach(() => {
  server = installScheduleServer();
});
afterEach(() => server.http.restore());

test("the day's people in their order, with their group, quantity, cap, time and leads given", async () => {
  await renderTable();
  expect(columnTitles()).toEqual(['排序', '姓名', '手机', '部门', '接收组', '每轮数量', '每日上限', '时间段', '已分配数量', '操作']);
  expect(shownNames()).toEqual(['张三', '李四', '王五']);
  expect(input('张三 每轮数量').value).toBe('2');
  expect(input('张三 每日上限').value).toBe('10');
  expect(input('张三 时间段1 开始').closest('.ant-select')).toHaveTextContent('09:00');
  expect(input('张三 时间段1 结束').closest('.ant-select')).toHaveTextContent('12:00');
  expect(input('张三 接收组').closest('.ant-select')).toHaveTextContent('销售一组');
  expect(rowOf(31)).toHaveTextContent('4');
  // Empty values say what they mean: no group is 不限, no time 全天, no quantity takes none in rounds.
  expect(input('李四 接收组').closest('.ant-select')).toHaveTextContent('不限');
  expect(rowOf(32)).toHaveTextContent('全天');
  expect(input('李四 每日上限').placeholder).toBe('不限');
  expect(input('王五 每轮数量').value).toBe('');
  expect(input('王五 每轮数量').placeholder).toBe('不参与');
  expect(input('王五 每日上限').value).toBe('0');
  expect(rowOf(33)).toHaveTextContent('-');
});

test('an end before its start is refused, and 保存 sends nothing until it is put right', async () => {
  await renderTable();
  fireEvent.click(byLabel('李四 添加时间段'));
  await choose(input('李四 时间段1 开始'), '18:00');
  await choose(input('李四 时间段1 结束'), '09:00');
  expect(await screen.findByText('结束时间不能小于开始时间')).toBeInTheDocument();
  expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

  save();
  await waitFor(() => expect(screen.getAllByText('结束时间不能小于开始时间')).toHaveLength(2));
  expect(server.http.requestsTo(SAVE, 'POST')).toHaveLength(0);

  await choose(input('李四 时间段1 结束'), '20:00');
  // The slot's own message goes (the toast of the refused save fades by itself).
  await waitFor(() => expect(rowOf(32)).not.toHaveTextContent('结束时间不能小于开始时间'));
});

test('quantities, caps and time slots are edited here and saved together', async () => {
  await renderTable();
  fireEvent.change(input('李四 每轮数量'), { target: { value: '3' } });
  fireEvent.change(input('张三 每日上限'), { target: { value: '' } });
  fireEvent.click(byLabel('李四 添加时间段'));
  await choose(input('李四 时间段1 开始'), '18:00');
  await choose(input('李四 时间段1 结束'), '20:00');
  // A second slot of 张三 over midnight's end.
  fireEvent.click(byLabel('张三 添加时间段'));
  await choose(input('张三 时间段2 开始'), '22:00');
  await choose(input('张三 时间段2 结束'), '24:00');
  expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  save();
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(bodies(server.http, SAVE)).toEqual([
    {
      crmCode: 'ec',
      itemId: 11,
      date: TODAY,
      list: [
        { userId: 31, acceptGroupId: 1, dataNum: 2, dataNumLimit: null, timeStr: '09:00-12:00 22:00-24:00' },
        { userId: 32, acceptGroupId: null, dataNum: 3, dataNumLimit: null, timeStr: '18:00-20:00' },
        { userId: 33, acceptGroupId: null, dataNum: null, dataNumLimit: 0, timeStr: '' },
      ],
    },
  ]);
  await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
});

test('a slot left without its end is named on 保存, and removing the slot makes the row all day', async () => {
  await renderTable();
  fireEvent.click(byLabel('王五 添加时间段'));
  await choose(input('王五 时间段1 开始'), '08:00');
  expect(screen.queryByText('请选择开始和结束时间')).toBeNull();
  save();
  expect(await screen.findAllByText('请选择开始和结束时间')).not.toHaveLength(0);
  expect(server.http.requestsTo(SAVE, 'POST')).toHaveLength(0);
  fireEvent.click(byLabel('王五 删除时间段1'));
  save();
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect((bodies(server.http, SAVE)[0] as { list: Array<{ timeStr: string }> }).list[2].timeStr).toBe('');
});

test('dragging a row by its handle onto another row puts it in that place; the save sends that order', async () => {
  await renderTable();
  fireEvent.dragStart(document.querySelector('[data-drag-handle="33"]') as HTMLElement);
  fireEvent.dragOver(rowOf(31));
  fireEvent.drop(rowOf(31));
  expect(shownNames()).toEqual(['王五', '张三', '李四']);
  // A drag that did not start on a handle (a file from the desktop) moves nothing.
  fireEvent.dragOver(rowOf(32));
  fireEvent.drop(rowOf(32));
  expect(shownNames()).toEqual(['王五', '张三', '李四']);
  save();
  await screen.findByText('保存成功！');
  expect(savedOrders(server.http)).toEqual([[33, 31, 32]]);
});

test('上移 and 下移 order from the keyboard: the focus stays with the moved row and the move is announced', async () => {
  await renderTable();
  expect(byLabel('张三 上移')).toBeDisabled();
  expect(byLabel('王五 下移')).toBeDisabled();
  fireEvent.click(byLabel('李四 上移'));
  expect(shownNames()).toEqual(['李四', '张三', '王五']);
  // 李四 is first now: 上移 is disabled, the focus goes to 下移.
  await waitFor(() => expect(document.activeElement).toBe(byLabel('李四 下移')));
  expect(screen.getByText('李四已移到第1位')).toBeInTheDocument();
  fireEvent.click(byLabel('张三 下移'));
  expect(shownNames()).toEqual(['李四', '王五', '张三']);
  await waitFor(() => expect(document.activeElement).toBe(byLabel('张三 上移')));
  save();
  await screen.findByText('保存成功！');
  expect(savedOrders(server.http)).toEqual([[32, 33, 31]]);
});

test('批量设置时间 and 批量设置分组 need chosen rows, then set every chosen row', async () => {
  await renderTable();
  fireEvent.click(button('批量设置时间'));
  expect(await screen.findByText('请先选择需要设置的数据')).toBeInTheDocument();
  fireEvent.click(button('批量设置分组'));
  await waitFor(() => expect(screen.getAllByText('请先选择需要设置的数据')).toHaveLength(2));
  expect(document.querySelector('.ant-modal')).toBeNull();

  tick(32);
  tick(33);
  expect(screen.getByText('已选 2 人')).toBeInTheDocument();
  fireEvent.click(button('批量设置时间'));
  let dialog = await openDialog();
  fireEvent.click(byLabel('批量 添加时间段', dialog));
  await choose(byLabel('批量 时间段1 开始', dialog), '13:00');
  await choose(byLabel('批量 时间段1 结束', dialog), '12:00');
  fireEvent.click(button('确定', dialog));
  await waitFor(() => expect(screen.getAllByText('结束时间不能小于开始时间').length).toBeGreaterThan(1));
  await choose(byLabel('批量 时间段1 结束', dialog), '17:30');
  fireEvent.click(button('确定', dialog));
  await waitFor(() => expect(input('王五 时间段1 结束').closest('.ant-select')).toHaveTextContent('17:30'));
  expect(input('李四 时间段1 开始').closest('.ant-select')).toHaveTextContent('13:00');

  fireEvent.click(button('批量设置分组'));
  dialog = await openDialog();
  await choose(byLabel('批量 接收组', dialog), '销售二组');
  fireEvent.click(button('确定', dialog));
  await waitFor(() => expect(input('王五 接收组').closest('.ant-select')).toHaveTextContent('销售二组'));

  save();
  await screen.findByText('保存成功！');
  expect((bodies(server.http, SAVE)[0] as { list: unknown[] }).list).toEqual([
    { userId: 31, acceptGroupId: 1, dataNum: 2, dataNumLimit: 10, timeStr: '09:00-12:00' },
    { userId: 32, acceptGroupId: 2, dataNum: 1, dataNumLimit: null, timeStr: '13:00-17:30' },
    { userId: 33, acceptGroupId: 2, dataNum: null, dataNumLimit: 0, timeStr: '13:00-17:30' },
  ]);
});

test('移除 takes a row off; a refused save keeps every edit; removing all and saving unschedules the day', async () => {
  refuseSave(server.http, '接收组不存在');
  await renderTable();
  fireEvent.click(byLabel('李四 移除'));
  fireEvent.change(input('张三 每轮数量'), { target: { value: '5' } });
  expect(shownNames()).toEqual(['张三', '王五']);
  save();
  expect(await screen.findByText('接收组不存在')).toBeInTheDocument();
  expect(shownNames()).toEqual(['张三', '王五']);
  expect(input('张三 每轮数量').value).toBe('5');

  server.http.on(SAVE_KEY, saveRoute(server.days));
  fireEvent.click(byLabel('张三 移除'));
  fireEvent.click(byLabel('王五 移除'));
  expect(await screen.findByText('已移除全部人员，保存后该日期将不再排班')).toBeInTheDocument();
  save();
  expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  expect(bodies(server.http, SAVE).at(-1)).toEqual({ crmCode: 'ec', itemId: 11, date: TODAY, list: [] });
  expect(await screen.findByText('该日期尚未排班')).toBeInTheDocument();
});

test('a day without people says 该日期尚未排班; a failed read says why, with 重试', async () => {
  server.http.on('GET /es/dailyarrange/2026-03-06/11', SERVER_ERROR);
  await renderTable('2026-03-06');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  server.http.on('GET /es/dailyarrange/2026-03-06/11', { body: { code: '200', message: '成功', data: [] } });
  fireEvent.click(button('重试'));
  expect(await screen.findByText('该日期尚未排班')).toBeInTheDocument();
  expect(button('保存')).toBeDisabled();
});
