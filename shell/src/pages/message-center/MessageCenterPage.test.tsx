import { installFakeHttp, type FakeHttp } from '@portal/api-client/testing';
import { getEventBus, getUnreadCounters, MessageArrivedEvent, resetUnreadCounters } from '@portal/event-bus';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonName, renderApp, renderShell, setLoginCookie, clearCookies, demoUser, setupUser } from '../../testing/renderShell';
import { MessageCenterPage } from './MessageCenterPage';
import { actionResult, messageRow, paginationHeader } from './messageFixtures';

const LIST = '/customer/message/messages';
const COUNTS = '/customer/message/unread-counts';

const ROWS = [
  messageRow({ id: 3, title: '新线索到达提醒', contents: '您有 5 条新线索，请及时跟进。', type: 1, status: 0, createTime: '2026-03-02 10:00:00' }),
  messageRow({ id: 2, title: '系统维护通知', contents: '本周六 02:00-04:00 系统维护。', type: 0, status: 0, createTime: '2026-03-01 09:30:00' }),
  messageRow({ id: 1, title: '春节放假安排', contents: '2月9日至2月17日放假。', type: 0, status: 1, createTime: '2026-02-01 08:00:00' }),
];

let http: FakeHttp;
beforeEach(() => {
  http = installFakeHttp();
  http.on(`GET ${COUNTS}`, { body: { code: '200', message: '成功', data: { system: 1, user: 1, customer: 2 } } });
});
afterEach(() => {
  http.restore();
  resetUnreadCounters();
  clearCookies();
});

/** The list answers `rows` (every call) with the pagination header. */
const listAnswers = (rows = ROWS, total = rows.length) => http.on(`GET ${LIST}`, { body: rows, headers: paginationHeader(total) });
const listQueries = () => http.requestsTo(LIST).map((request) => request.query);

const setup = async () => {
  renderShell(<MessageCenterPage />, { path: '/message-center' });
  await screen.findByText('春节放假安排');
};

// Role queries over the whole page are slow in jsdom (seconds each with antd's table): the
// first test checks the controls' accessible names once, the others find them by their text.
const control = (text: string | RegExp): HTMLElement => {
  const found = screen.getByText(text).closest<HTMLElement>('button, [role="tab"], label');
  if (!found) throw new Error(`no control ${String(text)}`);
  return found;
};
const deleteButton = () => control(buttonName('删除'));
const readAllButton = () => control('全部已读');
const tab = (name: '全部消息' | '系统消息') => control(name);
const onlyUnread = () => screen.getByLabelText('只看未读');
const searchBox = () => screen.getByLabelText('消息内容');
const searchButton = () => control(buttonName('查询'));

const confirmButton = async (text: '确定' | '取消'): Promise<HTMLElement> => {
  const popconfirm = (await screen.findByText('确定删除?')).closest<HTMLElement>('.ant-popover') as HTMLElement;
  return within(popconfirm).getByText(buttonName(text)).closest('button') as HTMLElement;
};

const tableRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const rowOf = (title: string): HTMLElement => {
  const row = tableRows().find((tr) => within(tr).queryByText(title));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

describe('the message centre', () => {
  it('lists the notices with type labels, a 新 badge on the unread ones, and the unread counts on the tabs', async () => {
    listAnswers();
    await setup();
    expect(listQueries()).toEqual([{ page: '1', pageSize: '10' }]);
    expect(
      Array.from(document.querySelectorAll('.ant-table-thead th'))
        .map((th) => th.textContent)
        .filter(Boolean),
    ).toEqual(['类型', '标题', '时间']);

    expect(within(rowOf('新线索到达提醒')).getByText('用户通知')).toBeInTheDocument();
    expect(within(rowOf('系统维护通知')).getByText('系统通知')).toBeInTheDocument();
    expect(within(rowOf('新线索到达提醒')).getByText('新')).toBeInTheDocument();
    expect(within(rowOf('春节放假安排')).queryByText('新')).not.toBeInTheDocument();
    expect(within(rowOf('春节放假安排')).getByText('2026-02-01 08:00:00')).toBeInTheDocument();

    // The counts come from the server at once, then follow the bus.
    await waitFor(() => expect(within(tab('全部消息')).getByText('2')).toBeInTheDocument());
    expect(within(tab('系统消息')).getByText('1')).toBeInTheDocument();
    expect(screen.getByText('共 3 条')).toBeInTheDocument();

    // The accessible names the end-to-end journeys use, each looked up in its own corner of the page.
    const tabs = document.querySelector('.ant-tabs-nav') as HTMLElement;
    expect(within(tabs).getByRole('tab', { name: /^全部消息/, selected: true })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: /^系统消息/, selected: false })).toBeInTheDocument();
    const search = searchButton().closest('form') as HTMLElement;
    expect(within(search).getByRole('textbox', { name: '消息内容' })).toHaveAttribute('placeholder', '请输入标题或内容');
    const toolbar = onlyUnread().closest('.ant-flex') as HTMLElement;
    expect(within(toolbar).getByRole('checkbox', { name: '只看未读' })).not.toBeChecked();
    expect(within(toolbar).getByRole('button', { name: '删 除' })).toBe(deleteButton());
    expect(within(toolbar).getByRole('button', { name: '全部已读' })).toBe(readAllButton());
    expect(within(rowOf('系统维护通知')).getByRole('button', { name: '展开行' })).toBeInTheDocument();
  });

  it('filters: the system tab sends type=0, 只看未读 onlyUnread=1, the search contents; each from page 1', async () => {
    listAnswers(ROWS, 35);
    await setup();
    const user = setupUser();

    fireEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    expect(listQueries()[1]).toEqual({ page: '2', pageSize: '10' });

    await user.click(tab('系统消息'));
    await waitFor(() => expect(listQueries()).toHaveLength(3));
    expect(listQueries()[2]).toEqual({ page: '1', pageSize: '10', type: '0' });

    await user.click(onlyUnread());
    await waitFor(() => expect(listQueries()).toHaveLength(4));
    expect(listQueries()[3]).toEqual({ page: '1', pageSize: '10', type: '0', onlyUnread: '1' });

    fireEvent.change(searchBox(), { target: { value: ' 维护 ' } });
    await user.click(searchButton());
    await waitFor(() => expect(listQueries()).toHaveLength(5));
    expect(listQueries()[4]).toEqual({ page: '1', pageSize: '10', type: '0', onlyUnread: '1', contents: '维护' });

    await user.click(tab('全部消息'));
    await waitFor(() => expect(listQueries()).toHaveLength(6));
    expect(listQueries()[5]).toEqual({ page: '1', pageSize: '10', onlyUnread: '1', contents: '维护' });
  });

  it('refuses a search longer than 50 characters', async () => {
    listAnswers();
    await setup();
    fireEvent.change(searchBox(), { target: { value: '长'.repeat(51) } });
    await setupUser().click(searchButton());
    expect(await screen.findByText('搜索内容不能超过50个字符')).toBeInTheDocument();
    expect(listQueries()).toHaveLength(1);
  });

  it('expanding an unread row shows its contents, reads it, drops the counters on the bus and reloads', async () => {
    listAnswers();
    http.on('PUT /customer/message/messages/2/read', actionResult(1, { system: 0, user: 1, customer: 1 }));
    await setup();
    await waitFor(() => expect(getUnreadCounters().messages).toEqual({ system: 1, user: 1, customer: 2 }));

    await setupUser().click(within(rowOf('系统维护通知')).getByRole('button', { name: '展开行' }));
    expect(await screen.findByText('本周六 02:00-04:00 系统维护。')).toBeInTheDocument();
    await waitFor(() => expect(getUnreadCounters().messages).toEqual({ system: 0, user: 1, customer: 1 }));
    expect(http.requestsTo('/customer/message/messages/2/read', 'PUT')).toHaveLength(1);
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    // The tabs follow the bus.
    expect(within(tab('全部消息')).getByText('1')).toBeInTheDocument();
    expect(within(rowOf('系统维护通知')).getByRole('button', { name: '关闭行' })).toBeInTheDocument();
  });

  it('under 只看未读, the notice being read stays on screen, shown as read, with no reload', async () => {
    listAnswers();
    http.on('PUT /customer/message/messages/2/read', actionResult(1, { system: 0, user: 1, customer: 1 }));
    await setup();
    const user = setupUser();
    await user.click(onlyUnread());
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    await screen.findByText('春节放假安排');
    expect(within(rowOf('系统维护通知')).getByText('新')).toBeInTheDocument();

    await user.click(within(rowOf('系统维护通知')).getByRole('button', { name: '展开行' }));
    expect(await screen.findByText('本周六 02:00-04:00 系统维护。')).toBeInTheDocument();
    await waitFor(() => expect(getUnreadCounters().messages).toEqual({ system: 0, user: 1, customer: 1 }));
    await waitFor(() => expect(within(rowOf('系统维护通知')).queryByText('新')).not.toBeInTheDocument());
    expect(screen.getByText('本周六 02:00-04:00 系统维护。')).toBeInTheDocument();
    expect(listQueries()).toHaveLength(2);
  });

  it('expanding a read row reads nothing', async () => {
    listAnswers();
    await setup();
    await setupUser().click(within(rowOf('春节放假安排')).getByRole('button', { name: '展开行' }));
    expect(await screen.findByText('2月9日至2月17日放假。')).toBeInTheDocument();
    expect(http.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    expect(listQueries()).toHaveLength(1);
  });

  it('asks to select first when deleting with nothing selected', async () => {
    listAnswers();
    await setup();
    await setupUser().click(deleteButton());
    expect(await screen.findByText('请先选择要删除的数据')).toBeInTheDocument();
    expect(screen.queryByText('确定删除?')).not.toBeInTheDocument();
    expect(http.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('deletes the selected notices after confirmation, then reloads with the new counters', async () => {
    listAnswers();
    http.on('PUT /customer/message/messages/deleteList', actionResult(2, { system: 0, user: 0, customer: 0 }));
    await setup();
    const user = setupUser();
    await user.click(within(rowOf('新线索到达提醒')).getByRole('checkbox'));
    await user.click(within(rowOf('系统维护通知')).getByRole('checkbox'));

    // Cancelling sends nothing.
    await user.click(deleteButton());
    await user.click(await confirmButton('取消'));
    expect(await screen.findByText('已取消删除')).toBeInTheDocument();
    expect(http.requestsTo('/customer/message/messages/deleteList')).toHaveLength(0);

    await user.click(deleteButton());
    await user.click(await confirmButton('确定'));
    expect(await screen.findByText('删除成功！')).toBeInTheDocument();
    expect(http.requestsTo('/customer/message/messages/deleteList').map((request) => request.body)).toEqual([{ ids: [3, 2] }]);
    expect(getUnreadCounters().messages).toEqual({ system: 0, user: 0, customer: 0 });
    await waitFor(() => expect(listQueries()).toHaveLength(2));
  });

  it('keeps notices chosen on other pages, deletes them all, and shows the last page left', async () => {
    const secondPage = [messageRow({ id: 9, title: '第二页通知', type: 0, status: 1 })];
    http.on(`GET ${LIST}`, (request) => ({
      body: request.query.page === '2' ? secondPage : ROWS,
      headers: paginationHeader(12, Number(request.query.page)),
    }));
    http.on('PUT /customer/message/messages/deleteList', actionResult(2, { system: 0, user: 0, customer: 0 }));
    await setup();
    const user = setupUser();
    await user.click(within(rowOf('新线索到达提醒')).getByRole('checkbox'));
    await user.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await screen.findByText('第二页通知');
    await user.click(within(rowOf('第二页通知')).getByRole('checkbox'));

    await user.click(deleteButton());
    await user.click(await confirmButton('确定'));
    expect(await screen.findByText('删除成功！')).toBeInTheDocument();
    expect(http.requestsTo('/customer/message/messages/deleteList').map((request) => request.body)).toEqual([{ ids: [3, 9] }]);
    // 10 notices are left: one page, so the list goes back to page 1.
    await waitFor(() => expect(listQueries().at(-1)?.page).toBe('1'));
    await screen.findByText('春节放假安排');
  });

  it("shows the server's message when deleting fails", async () => {
    listAnswers();
    http.on('PUT /customer/message/messages/deleteList', { status: 404, body: { code: '404', message: '消息不存在' } });
    await setup();
    const user = setupUser();
    await user.click(within(rowOf('春节放假安排')).getByRole('checkbox'));
    await user.click(deleteButton());
    await user.click(await confirmButton('确定'));
    expect(await screen.findByText('消息不存在')).toBeInTheDocument();
    expect(listQueries()).toHaveLength(1);
  });

  it('reads all (only the system notices on the system tab) and zeroes the counters', async () => {
    listAnswers();
    http.on('PUT /customer/message/messages/read-all', (request) =>
      actionResult(2, (request.body as { type?: number }).type === 0 ? { system: 0, user: 1, customer: 1 } : { system: 0, user: 0, customer: 0 }),
    );
    await setup();
    const user = setupUser();
    await user.click(tab('系统消息'));
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    await user.click(readAllButton());
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    expect(getUnreadCounters().messages).toEqual({ system: 0, user: 1, customer: 1 });

    await user.click(tab('全部消息'));
    await user.click(readAllButton());
    await waitFor(() => expect(getUnreadCounters().messages).toEqual({ system: 0, user: 0, customer: 0 }));
    expect(http.requestsTo('/customer/message/messages/read-all').map((request) => request.body)).toEqual([{ type: 0 }, {}]);
  });

  it('shows 暂无消息 when there is nothing', async () => {
    listAnswers([]);
    renderShell(<MessageCenterPage />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });

  it('shows the error with a retry when the list fails', async () => {
    let fail = true;
    http.on(`GET ${LIST}`, () => (fail ? { status: 500, body: { code: '500', message: '服务器开小差了，请稍后再试' } } : { body: ROWS }));
    renderShell(<MessageCenterPage />);
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    fail = false;
    await setupUser().click(control(buttonName('重试')));
    expect(await screen.findByText('春节放假安排')).toBeInTheDocument();
  });

  it('shows 消息加载失败 instead of rows that are not notices (the contract schema refuses them)', async () => {
    http.on(`GET ${LIST}`, { body: [{ id: 1, title: '系统维护通知' }], headers: paginationHeader(1) });
    renderShell(<MessageCenterPage />);
    expect(await screen.findByText('消息加载失败')).toBeInTheDocument();
    expect(screen.queryByText('系统维护通知')).not.toBeInTheDocument();
  });

  it('reloads when a notice arrives', async () => {
    listAnswers();
    await setup();
    act(() => getEventBus().publish(new MessageArrivedEvent({ type: 'system', title: '新通知' })));
    await waitFor(() => expect(listQueries()).toHaveLength(2));
  });

  it.each(['/message-center', '/messages'])('is the page at %s inside the frame', async (path) => {
    http.on('GET /customer/user-info', { body: { code: '200', message: '成功', data: demoUser } });
    listAnswers();
    setLoginCookie();
    renderApp(path);
    expect(await screen.findByText('春节放假安排')).toBeInTheDocument();
    expect(screen.getByText('消息中心')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });
});
