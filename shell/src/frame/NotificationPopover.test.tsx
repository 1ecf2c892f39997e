import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { getEventBus, MessageArrivedEvent, resetUnreadCounters, setUnreadCounters } from '@portal/event-bus';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MessageCenterPage } from '../pages/message-center/MessageCenterPage';
import { actionResult, chinaTimeAgo, messageRow, paginationHeader } from '../pages/message-center/messageFixtures';
import { renderShell, setupUser } from '../testing/renderShell';
import { NotificationPopover } from './NotificationPopover';

const LIST = '/customer/message/messages';
const MINUTE = 60_000;

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
});
afterEach(() => {
  http.restore();
  resetUnreadCounters();
});

const bell = () => screen.getByRole('button', { name: /^消息通知/ });
const openPopover = async () => {
  await setupUser().click(bell());
  return screen.findByText('查看全部');
};

describe('the notification popover', () => {
  it('counts all unread notices (the customer counter), 99+ above the cap', async () => {
    renderShell(<NotificationPopover />);
    act(() => setUnreadCounters({ messages: { system: 3, user: 4, customer: 7 } }));
    expect(await within(bell()).findByText('7')).toBeInTheDocument();
    // Its name holds what it shows (WCAG 2.5.3).
    expect(bell()).toHaveAccessibleName('消息通知，7 条未读');
    act(() => setUnreadCounters({ messages: { customer: 200 } }));
    expect(await within(bell()).findByText('99+')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('消息通知，99+ 条未读');
    act(() => setUnreadCounters({ messages: { system: 0, user: 0, customer: 0 } }));
    await waitFor(() => expect(bell().querySelector('.ant-badge-count')).toBeNull());
    expect(bell()).toHaveAccessibleName('消息通知');
  });

  it('lists the newest unread titles with their age, each leading to its notice in the message centre', async () => {
    http.on(`GET ${LIST}`, {
      body: [
        messageRow({ id: 2, title: '新线索到达提醒', createTime: chinaTimeAgo(3 * MINUTE + 5000), type: 1 }),
        messageRow({ id: 1, title: '系统维护通知', createTime: chinaTimeAgo(2 * 60 * MINUTE + 5000) }),
      ],
    });
    renderShell(<NotificationPopover />, { path: '/work-bench' });
    await openPopover();
    const list = await screen.findByRole('list', { name: '未读消息' });
    // The first page of unread notices: the message centre's query under 只看未读, one cache entry for both.
    expect(http.requestsTo(LIST)[0].query).toEqual({ page: '1', pageSize: '10', onlyUnread: '1' });

    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['新线索到达提醒3 分钟前', '系统维护通知2 小时前']);
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/message-center?open=2', '/message-center?open=1']);
    expect(screen.getByRole('link', { name: '查看全部' })).toHaveAttribute('href', '/message-center');

    await setupUser().click(within(list).getByText('新线索到达提醒'));
    expect(screen.getByTestId('location')).toHaveTextContent('/message-center');
  });

  it("opens a bell item's notice: the message centre with its contents shown, and the notice read", async () => {
    const low = messageRow({
      id: 7,
      title: '余额不足提醒',
      contents: '您的项目“川味坊火锅连锁”当前余额 ¥2,925.00，按近7天日均消耗预计可用 1 天，为避免推广中断，请及时充值。',
      createTime: chinaTimeAgo(2 * 60 * MINUTE),
      type: 1,
    });
    http.on(`GET ${LIST}`, { body: [low], headers: paginationHeader(1) });
    http.on('GET /customer/message/unread-counts', { body: { code: '200', message: '成功', data: { system: 0, user: 1, customer: 1 } } });
    http.on('PUT /customer/message/messages/7/read', actionResult(1, { system: 0, user: 0, customer: 0 }));
    renderShell(
      <>
        <NotificationPopover />
        <Routes>
          <Route path="/message-center" element={<MessageCenterPage />} />
        </Routes>
      </>,
      { path: '/work-bench' },
    );
    await openPopover();
    await setupUser().click(within(await screen.findByRole('list', { name: '未读消息' })).getByText('余额不足提醒'));
    expect(screen.getByTestId('location')).toHaveTextContent('/message-center');
    // Its detail: the row expanded with the whole message, under 只看未读, and read.
    expect(await screen.findByText(low.contents)).toBeInTheDocument();
    expect(screen.getByLabelText('只看未读')).toBeChecked();
    await waitFor(() => expect(http.requestsTo('/customer/message/messages/7/read', 'PUT')).toHaveLength(1));
  });

  it('says when nothing is unread', async () => {
    http.on(`GET ${LIST}`, { body: [] });
    renderShell(<NotificationPopover />);
    await openPopover();
    expect(await screen.findByText('暂无未读消息')).toBeInTheDocument();
  });

  it('shows why the titles could not be loaded', async () => {
    http.on(`GET ${LIST}`, { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } });
    renderShell(<NotificationPopover />);
    await openPopover();
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
  });

  it('fetches the titles again when a notice arrives while it is open', async () => {
    const rows = [messageRow({ id: 1, title: '系统维护通知', createTime: chinaTimeAgo(10 * MINUTE) })];
    http.on(`GET ${LIST}`, () => ({ body: [...rows] }));
    renderShell(<NotificationPopover />);
    await openPopover();
    expect(await screen.findByText('系统维护通知')).toBeInTheDocument();
    const before = http.requestsTo(LIST).length;

    rows.unshift(messageRow({ id: 9, title: '您有一条新的用户通知', createTime: chinaTimeAgo(1000), type: 1 }));
    act(() => getEventBus().publish(new MessageArrivedEvent({ type: 'user', title: '您有一条新的用户通知' })));
    expect(await screen.findByText('您有一条新的用户通知')).toBeInTheDocument();
    expect(screen.getByText('几秒前')).toBeInTheDocument();
    expect(http.requestsTo(LIST)).toHaveLength(before + 1);
  });

  it('does not fetch while closed', async () => {
    http.on(`GET ${LIST}`, { body: [] });
    renderShell(<NotificationPopover />);
    act(() => getEventBus().publish(new MessageArrivedEvent({ type: 'system', title: '系统维护通知' })));
    await act(async () => undefined);
    expect(http.requestsTo(LIST)).toHaveLength(0);
  });
});
