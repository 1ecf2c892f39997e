import type { SigninState, Task } from '@portal/contracts/mall';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SUMMARY } from '../../test/fixtures';
import { button, codeOk, installMallHttp, refused, renderMall, SERVER_ERROR, type FakeHttp } from '../../test/renderMall';
import TaskWallPage from './TaskWallPage';

const POINTS = [10, 10, 10, 10, 10, 10, 100];

/** The sign-in state with `signed` days of the cycle signed; today's slot signed or the next one. */
const state = (signed: number, signedToday: boolean): SigninState => ({
  signedToday,
  continuityDay: signed,
  todaySlot: signedToday ? signed : signed + 1,
  total: signed,
  startTime: signed > 0 ? '2026-11-25' : null,
  days: POINTS.map((points, index) => ({ day: index + 1, points, signed: index < signed })),
});

const TASKS: Task[] = [
  { key: 'topup', content: '账户充值', award: '每充值1元奖励2积分', status: 1, top: true },
  { key: 'consumption', content: '推广消费', award: '每日消费奖励20积分', status: 0 },
  { key: 'reading', content: '阅读行业文章', award: '每日阅读奖励5积分', status: 0 },
  { key: 'activity', content: '参与平台活动', award: '每次参与奖励50积分', status: 0 },
  { key: 'share', content: '分享商品给好友', award: '每日分享奖励5积分', status: 0 },
  { key: 'official', content: '关注官方公众号', award: '关注奖励20积分', status: 0 },
];

let http: FakeHttp;
beforeEach(() => {
  http = installMallHttp();
  http.on('GET /customer/mall/points', codeOk(SUMMARY));
  http.on('GET /customer/mall/tasks', codeOk(TASKS));
});
afterEach(() => http.restore());

const strip = async () => within(await screen.findByRole('list', { name: '7天签到' })).getAllByRole('listitem');
const slotTexts = (slots: HTMLElement[]) => slots.map((slot) => slot.textContent);

test('shows the points, the 7-day strip with today highlighted and the reward tasks', async () => {
  http.on('GET /customer/mall/signin', codeOk(state(2, false)));
  renderMall(<TaskWallPage />, '/task-wall');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('任务墙');
  expect(await screen.findByText('12,480')).toBeInTheDocument();
  expect(screen.getByText('今日获得')).toBeInTheDocument();
  expect(screen.getByText('昨日获得')).toBeInTheDocument();

  const slots = await strip();
  expect(slotTexts(slots)).toEqual([
    '第1天+10积分已签到',
    '第2天+10积分已签到',
    '今天+10积分',
    '第4天+10积分',
    '第5天+10积分',
    '第6天+10积分',
    '第7天积分礼包 +100积分',
  ]);
  expect(slots.filter((slot) => slot.getAttribute('aria-current') === 'date')).toEqual([slots[2]]);
  expect(button('签到')).toBeEnabled();
  expect(screen.getByText('已连续签到2天')).toBeInTheDocument();

  const tasks = within(screen.getByRole('list', { name: '奖励任务' })).getAllByRole('listitem');
  expect(tasks.map((task) => task.textContent)).toEqual([
    '账户充值推荐每充值1元奖励2积分已完成',
    '推广消费每日消费奖励20积分去完成',
    '阅读行业文章每日阅读奖励5积分去完成',
    '参与平台活动每次参与奖励50积分去完成',
    '分享商品给好友每日分享奖励5积分去完成',
    '关注官方公众号关注奖励20积分去完成',
  ]);
});

test('签到 sends the sign-in, says what it gave, and shows the new state and points', async () => {
  http.on('GET /customer/mall/signin', codeOk(state(6, false)));
  renderMall(<TaskWallPage />, '/task-wall');
  await strip();
  http.on('POST /customer/mall/signin', { status: 201, body: { ...state(7, true), points: 100 } });
  http.on('GET /customer/mall/signin', codeOk(state(7, true)));
  http.on('GET /customer/mall/points', codeOk({ ...SUMMARY, currentScore: 12_580, todayScore: 110 }));
  fireEvent.click(button('签到'));
  expect(await screen.findByText('签到成功，获得100积分')).toBeInTheDocument();
  expect(http.requestsTo('/customer/mall/signin', 'POST')).toHaveLength(1);
  await waitFor(() => expect(button('今日已签到')).toBeDisabled());
  expect(await screen.findByText('12,580')).toBeInTheDocument();
  expect(slotTexts(await strip()).every((text) => text?.endsWith('已签到'))).toBe(true);
});

test('signed today: the button is disabled and says 今日已签到', async () => {
  http.on('GET /customer/mall/signin', codeOk(state(3, true)));
  renderMall(<TaskWallPage />, '/task-wall');
  await strip();
  expect(button('今日已签到')).toBeDisabled();
  expect(screen.queryByText(/^签\s*到$/)).not.toBeInTheDocument();
  expect((await strip())[2]).toHaveAttribute('aria-current', 'date');
});

test("a refused sign-in shows the server's reason and leaves the strip as it was", async () => {
  http.on('GET /customer/mall/signin', codeOk(state(0, false)));
  http.on('POST /customer/mall/signin', refused('今日已签到', 409));
  renderMall(<TaskWallPage />, '/task-wall');
  await strip();
  fireEvent.click(button('签到'));
  expect(await screen.findByText('今日已签到')).toBeInTheDocument();
  expect(slotTexts(await strip()).some((text) => text?.includes('已签到'))).toBe(false);
});

test('the sign-in and tasks fail: each block says so; no tasks: 暂无任务', async () => {
  http.on('GET /customer/mall/signin', SERVER_ERROR);
  http.on('GET /customer/mall/tasks', codeOk([]));
  renderMall(<TaskWallPage />, '/task-wall');
  expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  expect(await screen.findByText('暂无任务')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: '7天签到' })).not.toBeInTheDocument();
});
