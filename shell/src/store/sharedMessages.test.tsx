import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { getEventBus, MessageArrivedEvent, resetUnreadCounters, setUnreadCounters } from '@portal/event-bus';
import { act, screen, waitFor, within } from '@testing-library/react';
import { NotificationPopover } from '../frame/NotificationPopover';
import { chinaTimeAgo, messageRow, paginationHeader } from '../pages/message-center/messageFixtures';
import { MessageCenterPage } from '../pages/message-center/MessageCenterPage';
import { renderShell, setupUser } from '../testing/renderShell';

const LIST = '/customer/message/messages';
const MINUTE = 60_000;

let http: FakeHttp;
afterEach(() => {
  http.restore();
  resetUnreadCounters();
});

/** The server's notices, newest first; the list answers them as the server filters them. */
let notices: ReturnType<typeof messageRow>[];

const listRequests = () => http.requestsTo(LIST, 'GET');

const setup = async () => {
  notices = [
    messageRow({ id: 2, title: '系统维护通知', createTime: chinaTimeAgo(30 * MINUTE), status: 0 }),
    messageRow({ id: 1, title: '春节放假安排', createTime: chinaTimeAgo(90 * MINUTE), status: 1 }),
  ];
  http = installFakeHttp();
  http.on(`GET ${LIST}`, ({ query }) => {
    const rows = query.onlyUnread === '1' ? notices.filter((row) => row.status === 0) : notices;
    return { body: [...rows], headers: paginationHeader(rows.length) };
  });
  http.on('GET /customer/message/unread-counts', { body: { code: '200', message: '成功', data: { system: 1, user: 0, customer: 1 } } });
  // The frame's bell and the page, on one page: one store, as in the portal.
  renderShell(
    <>
      <NotificationPopover />
      <MessageCenterPage />
    </>,
    { path: '/message-center' },
  );
  await screen.findByText('春节放假安排');
};

// Role queries over a page with antd's table are slow in jsdom: the popover's parts are found by their attributes.
const unreadList = () => {
  const list = document.querySelector<HTMLElement>('ul[aria-label="未读消息"]');
  if (!list) throw new Error('the popover lists no unread notices');
  return list;
};
const bell = () => document.querySelector<HTMLElement>('button[title="消息通知"]') as HTMLElement;
const tableTitles = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row td:nth-child(4)'), (cell) => cell.textContent);

describe('the message centre and the notification popover', () => {
  it('share one cached list: one bus event refreshes both with one request', async () => {
    await setup();
    const user = setupUser();
    await user.click(screen.getByLabelText('只看未读'));
    await waitFor(() => expect(tableTitles()).toEqual(['系统维护通知新']));
    await user.click(bell());
    await waitFor(() => expect(within(unreadList()).getByText('系统维护通知')).toBeInTheDocument());
    const before = listRequests().length;
    // Opening the popover asked nothing: the centre's answer under 只看未读 is the popover's.
    expect(
      listRequests()
        .map((request) => request.query)
        .filter((query) => query.onlyUnread === '1'),
    ).toHaveLength(1);

    notices.unshift(messageRow({ id: 3, title: '您有一条新的用户通知', createTime: chinaTimeAgo(1000), type: 1, status: 0 }));
    // What the socket does for a new notice: the counters rise, then the notice is announced.
    act(() => {
      setUnreadCounters({ messages: { user: 1, customer: 2 } });
      getEventBus().publish(new MessageArrivedEvent({ type: 'user', title: '您有一条新的用户通知' }));
    });

    await waitFor(() => expect(tableTitles()).toEqual(['您有一条新的用户通知新', '系统维护通知新']));
    expect(within(unreadList()).getByText('您有一条新的用户通知')).toBeInTheDocument();
    expect(within(unreadList()).getByText('几秒前')).toBeInTheDocument();
    await act(async () => undefined);
    expect(listRequests()).toHaveLength(before + 1);
  });

  it('a notice read in the centre leaves the popover at once, and 只看未读 keeps it listed there', async () => {
    await setup();
    http.on('PUT /customer/message/messages/2/read', {
      body: { code: '200', message: '操作成功', data: { count: 1, unread: { system: 0, user: 0, customer: 0 } } },
    });
    const user = setupUser();
    await user.click(screen.getByLabelText('只看未读'));
    await waitFor(() => expect(tableTitles()).toEqual(['系统维护通知新']));
    await user.click(bell());
    await waitFor(() => expect(within(unreadList()).getByText('系统维护通知')).toBeInTheDocument());
    const before = listRequests().length;

    await user.click(document.querySelector('.ant-table-tbody tr.ant-table-row button[aria-label="展开行"]') as HTMLElement);
    await waitFor(() => expect(tableTitles()).toEqual(['系统维护通知']));
    // Clicking in the page closed the popover; opened again, it shows the cache as read.
    await user.click(bell());
    expect(await screen.findByText('暂无未读消息')).toBeInTheDocument();
    expect(listRequests()).toHaveLength(before);
  });
});
