import type { FakeHttp } from '@portal/api-client/testing';
import { CHAT_MESSAGE_MAX, type ChatConversation, type ChatMessageView } from '@portal/contracts/chat';
import { ChatMessageEvent, ChatViewingEvent, getEventBus, getUnreadCounters, setChatUnread } from '@portal/event-bus';
import { act, screen, waitFor, within } from '@testing-library/react';
import { paginationHeader } from '../../test/leadRows';
import { button, installListHttp, refused, renderLeads, setupUser } from '../../test/renderLeads';

const CONVERSATIONS = '/customer/chat/conversations';

const conversation = (id: number, changes: Partial<ChatConversation> = {}): ChatConversation => ({
  id,
  visitorName: `访客000${id}`,
  status: 'open',
  itemId: 1,
  itemTitle: '装修项目',
  pageUrl: 'https://lp.example.cn/a',
  referrer: null,
  phone: null,
  leadId: null,
  lastActivityView: '2020-01-02 10:00:00',
  lastMessage: `第${id}位访客的留言`,
  unread: 0,
  replyEnabled: true,
  createTimeView: '2020-01-02 09:58:00',
  ...changes,
});

const message = (id: number, text: string, className: 'visitor' | 'customer' = 'visitor', targetId = 1): ChatMessageView => ({
  id,
  message: text,
  publishTimeView: `2020-01-02 10:${String(id % 60).padStart(2, '0')}:00`,
  className,
  targetId,
  targetGenre: 'visitor',
  avatar: className === 'customer' ? '/rest/files/avatar.png' : null,
  replyEnabled: true,
});

let http: FakeHttp;
/** The conversations the list answers (page 1). */
let rows: ChatConversation[];
/** The newest messages of conversation 1 (no `before`), and its earlier pages by `before`. */
let newest: { messages: ChatMessageView[]; hasMore: boolean; replyEnabled: boolean };
let earlier: Record<string, { messages: ChatMessageView[]; hasMore: boolean; replyEnabled: boolean }>;

beforeAll(() => import('./ChatPage'), 60_000);

beforeEach(() => {
  http = installListHttp();
  setChatUnread(0);
  rows = [conversation(1, { unread: 2 }), conversation(2, { unread: 0, lastMessage: '谢谢' }), conversation(3, { unread: 120 })];
  newest = { messages: [message(11, '你好，想咨询一下'), message(12, '您好，请讲', 'customer')], hasMore: false, replyEnabled: true };
  earlier = {};
  http.on(`GET ${CONVERSATIONS}`, () => ({ body: rows, headers: paginationHeader(rows.length, 1, 20) }));
  http.on(`GET ${CONVERSATIONS}/1`, () => ({ body: rows.find((row) => row.id === 1) ?? conversation(1) }));
  http.on(`GET ${CONVERSATIONS}/2`, () => ({ body: rows.find((row) => row.id === 2) ?? conversation(2) }));
  http.on(`GET ${CONVERSATIONS}/1/messages`, (request) => ({
    body: request.query.before === undefined ? newest : earlier[request.query.before],
  }));
  http.on(`GET ${CONVERSATIONS}/2/messages`, { body: { messages: [message(21, '谢谢', 'visitor', 2)], hasMore: false, replyEnabled: true } });
  http.on(`POST ${CONVERSATIONS}/1/read`, () => {
    rows = rows.map((row) => (row.id === 1 ? { ...row, unread: 0 } : row));
    return { body: { unread: 0, totalUnread: 120 } };
  });
  http.on(`POST ${CONVERSATIONS}/2/read`, { body: { unread: 0, totalUnread: 120 } });
});
afterEach(() => {
  http.restore();
  setChatUnread(0);
});

const replyBox = () => screen.getByRole('textbox', { name: '回复内容' });
const sendButton = () => button('发送');
const messageTexts = () =>
  within(screen.getByRole('list', { name: '消息记录' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const targets = () => within(screen.getByRole('list', { name: '对话列表' })).getAllByRole('button');

describe('the chat panel', () => {
  it('lists the targets newest activity first with their last message and unread counts; opening one marks it read', async () => {
    setChatUnread(122);
    renderLeads('/online-chat');
    expect(await screen.findByRole('heading', { name: '在线对话', level: 1 })).toBeInTheDocument();
    await screen.findByText('访客0001');
    // The server's order (newest activity first) is kept.
    expect(targets().map((target) => within(target).getByText(/^访客/).textContent)).toEqual(['访客0001', '访客0002', '访客0003']);
    expect(within(targets()[0]).getByText('2条未读')).toBeInTheDocument();
    expect(within(targets()[0]).getByText('第1位访客的留言')).toBeInTheDocument();
    expect(within(targets()[1]).queryByText(/条未读/)).not.toBeInTheDocument();
    expect(within(targets()[2]).getByText('120条未读')).toBeInTheDocument();
    expect(screen.getByText('请从左侧选择一个对话')).toBeInTheDocument();

    const user = setupUser();
    await user.click(targets()[0]);
    expect(await screen.findByText('你好，想咨询一下')).toBeInTheDocument();
    expect(window.location.search).toBe('?id=1');
    await waitFor(() => expect(http.requestsTo(`${CONVERSATIONS}/1/read`, 'POST')).toHaveLength(1));
    // The read's total moves the menu's counter on the event channel; the list reloads without the badge.
    await waitFor(() => expect(getUnreadCounters().chat).toBe(120));
    await waitFor(() => expect(within(targets()[0]).queryByText(/条未读/)).not.toBeInTheDocument());
    expect(targets()[0]).toHaveAttribute('aria-current', 'true');
  });

  it('shows the messages of a conversation, the visitor left and the customer right, with their times and the reply avatar', async () => {
    renderLeads('/online-chat?id=1');
    await screen.findByText('你好，想咨询一下');
    const items = within(screen.getByRole('list', { name: '消息记录' })).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.side)).toEqual(['left', 'right']);
    expect(items[0]).toHaveTextContent('访客2020-01-02 10:11:00你好，想咨询一下');
    expect(items[1]).toHaveTextContent('我2020-01-02 10:12:00您好，请讲');
    expect(items[1].querySelector('img')).toHaveAttribute('src', '/rest/files/avatar.png');
    expect(screen.getByRole('heading', { name: '访客0001', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('装修项目')).toBeInTheDocument();
  });

  it('keeps 发送 disabled while the message is empty or only spaces, and enables it with text', async () => {
    renderLeads('/online-chat?id=1');
    await screen.findByText('你好，想咨询一下');
    await waitFor(() => expect(replyBox()).toBeEnabled());
    expect(sendButton()).toBeDisabled();
    const user = setupUser();
    await user.type(replyBox(), '   ');
    expect(sendButton()).toBeDisabled();
    // Enter on blank text sends nothing.
    await user.keyboard('{Enter}');
    await user.type(replyBox(), '{Shift>}{Enter}{/Shift}');
    expect(sendButton()).toBeDisabled();
    await user.type(replyBox(), '好的');
    expect(sendButton()).toBeEnabled();
    expect(http.requestsTo(`${CONVERSATIONS}/1/messages`, 'POST')).toHaveLength(0);
  });

  it('shows and enforces the 500-character limit', async () => {
    renderLeads('/online-chat?id=1');
    await screen.findByText('你好，想咨询一下');
    await waitFor(() => expect(replyBox()).toBeEnabled());
    const user = setupUser();
    await user.click(replyBox());
    await user.paste('字'.repeat(CHAT_MESSAGE_MAX + 20));
    expect(replyBox()).toHaveValue('字'.repeat(CHAT_MESSAGE_MAX));
    expect(screen.getByText(`${CHAT_MESSAGE_MAX} / ${CHAT_MESSAGE_MAX}`)).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it('posts a reply (trimmed) with 发送 or Enter, empties the box and shows the reply; Shift+Enter starts a new line', async () => {
    renderLeads('/online-chat?id=1');
    await screen.findByText('你好，想咨询一下');
    await waitFor(() => expect(replyBox()).toBeEnabled());
    http.on(`POST ${CONVERSATIONS}/1/messages`, (request) => {
      const sent = message(13 + newest.messages.length, (request.body as { message: string }).message, 'customer');
      newest = { ...newest, messages: [...newest.messages, sent] };
      return { status: 201, body: sent };
    });
    const user = setupUser();
    await user.type(replyBox(), '  价格是每平米300元  ');
    await user.click(sendButton());
    expect(await screen.findByText('价格是每平米300元')).toBeInTheDocument();
    expect(http.requestsTo(`${CONVERSATIONS}/1/messages`, 'POST')[0].body).toEqual({ message: '价格是每平米300元' });
    expect(replyBox()).toHaveValue('');
    expect(sendButton()).toBeDisabled();

    await user.type(replyBox(), '第一行{Shift>}{Enter}{/Shift}第二行');
    expect(replyBox()).toHaveValue('第一行\n第二行');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(http.requestsTo(`${CONVERSATIONS}/1/messages`, 'POST')).toHaveLength(2));
    expect(http.requestsTo(`${CONVERSATIONS}/1/messages`, 'POST')[1].body).toEqual({ message: '第一行\n第二行' });
    await waitFor(() => expect(messageTexts().at(-1)).toContain('第一行\n第二行'));
    expect(replyBox()).toHaveValue('');
  });

  it('loads earlier messages by `before` until there are none, above the newest', async () => {
    newest = { messages: [message(30, '第三十条'), message(31, '第三十一条', 'customer')], hasMore: true, replyEnabled: true };
    earlier['30'] = { messages: [message(28, '第二十八条'), message(29, '第二十九条', 'customer')], hasMore: true, replyEnabled: true };
    earlier['28'] = { messages: [message(27, '第二十七条')], hasMore: false, replyEnabled: true };
    renderLeads('/online-chat?id=1');
    await screen.findByText('第三十条');
    const user = setupUser();
    await user.click(button('加载更早的消息'));
    await screen.findByText('第二十八条');
    const bubbles = () => messageTexts().map((text) => text?.replace(/^.*:00/, ''));
    expect(bubbles()).toEqual(['第二十八条', '第二十九条', '第三十条', '第三十一条']);
    await user.click(button('加载更早的消息'));
    await screen.findByText('第二十七条');
    expect(http.requestsTo(`${CONVERSATIONS}/1/messages`, 'GET').map((request) => request.query.before)).toEqual([undefined, '30', '28']);
    expect(screen.queryByRole('button', { name: /加载更早的消息/ })).not.toBeInTheDocument();
    expect(screen.getByText('没有更早的消息了')).toBeInTheDocument();
    expect(bubbles()).toEqual(['第二十七条', '第二十八条', '第二十九条', '第三十条', '第三十一条']);
  });

  it('disables the reply box and says why once the conversation is closed or the visitor has gone', async () => {
    rows = [conversation(1, { status: 'closed', replyEnabled: false }), conversation(2, { replyEnabled: false })];
    newest = { ...newest, replyEnabled: false };
    http.on(`GET ${CONVERSATIONS}/2/messages`, { body: { messages: [message(21, '还在吗', 'visitor', 2)], hasMore: false, replyEnabled: false } });
    renderLeads('/online-chat?id=1');
    expect(await screen.findByText('会话已结束，无法回复')).toBeInTheDocument();
    expect(replyBox()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(button('结束对话')).toBeDisabled();

    const user = setupUser();
    await user.click(targets()[1]);
    expect(await screen.findByText('访客已离开，无法回复')).toBeInTheDocument();
    expect(replyBox()).toBeDisabled();
  });

  it('shows the server refusal of a reply (409) and then the reason from the reloaded conversation', async () => {
    renderLeads('/online-chat?id=1');
    await screen.findByText('你好，想咨询一下');
    await waitFor(() => expect(replyBox()).toBeEnabled());
    http.on(`POST ${CONVERSATIONS}/1/messages`, () => {
      rows = rows.map((row) => (row.id === 1 ? { ...row, replyEnabled: false } : row));
      newest = { ...newest, replyEnabled: false };
      return refused('访客已离开，无法回复', 409);
    });
    const user = setupUser();
    await user.type(replyBox(), '还在吗');
    await user.click(sendButton());
    await waitFor(() => expect(replyBox()).toBeDisabled());
    expect(screen.getAllByText('访客已离开，无法回复').length).toBeGreaterThan(0);
  });

  it('closes a conversation after the confirmation', async () => {
    http.on(`POST ${CONVERSATIONS}/1/close`, () => {
      rows = rows.map((row) => (row.id === 1 ? { ...row, status: 'closed', replyEnabled: false } : row));
      newest = { ...newest, replyEnabled: false };
      return { body: rows[0] };
    });
    renderLeads('/online-chat?id=1');
    await screen.findByText('你好，想咨询一下');
    const user = setupUser();
    await user.click(button('结束对话'));
    expect(await screen.findByText('确定结束该对话吗？')).toBeInTheDocument();
    expect(http.requestsTo(`${CONVERSATIONS}/1/close`)).toHaveLength(0);
    await user.click(button('确定'));
    expect(await screen.findByText('会话已结束，无法回复')).toBeInTheDocument();
    expect(http.requestsTo(`${CONVERSATIONS}/1/close`, 'POST')).toHaveLength(1);
    expect(replyBox()).toBeDisabled();
  });

  it('reloads the list and the open conversation when a chat event comes, and reads it while the page is looked at', async () => {
    const focus = jest.spyOn(document, 'hasFocus').mockReturnValue(true);
    try {
      renderLeads('/online-chat?id=1');
      await screen.findByText('你好，想咨询一下');
      await waitFor(() => expect(http.requestsTo(`${CONVERSATIONS}/1/read`, 'POST')).toHaveLength(1));
      const listLoads = http.requestsTo(CONVERSATIONS, 'GET').length;

      newest = { ...newest, messages: [...newest.messages, message(13, '我的电话是13800138000')] };
      rows = [{ ...rows[0], lastMessage: '我的电话是13800138000', unread: 1 }, ...rows.slice(1)];
      act(() => getEventBus().publish(new ChatMessageEvent({ conversationId: 1, messageId: 13, count: 1, totalUnread: 121 })));
      expect(await screen.findByText('我的电话是13800138000', { selector: 'div' })).toBeInTheDocument();
      await waitFor(() => expect(http.requestsTo(`${CONVERSATIONS}/1/read`, 'POST')).toHaveLength(2));
      await waitFor(() => expect(http.requestsTo(CONVERSATIONS, 'GET').length).toBeGreaterThan(listLoads));

      // Another conversation's message: the list reloads (its preview and badge), the open one stays.
      rows = [conversation(2, { lastMessage: '有人吗', unread: 1 }), rows[0], rows[2]];
      act(() => getEventBus().publish(new ChatMessageEvent({ conversationId: 2, messageId: 22, count: 1, totalUnread: 121 })));
      await waitFor(() => expect(within(targets()[0]).getByText('有人吗')).toBeInTheDocument());
      expect(within(targets()[0]).getByText('1条未读')).toBeInTheDocument();
      expect(http.requestsTo(`${CONVERSATIONS}/2/read`, 'POST')).toHaveLength(0);
    } finally {
      focus.mockRestore();
    }
  });

  it('tells the bus which conversation it shows, and none once it is gone', async () => {
    const shown: Array<number | null> = [];
    const subscription = getEventBus().subscribe(ChatViewingEvent, ({ payload }) => shown.push(payload.conversationId));
    const view = renderLeads('/online-chat?id=1');
    await screen.findByText('你好，想咨询一下');
    const user = setupUser();
    await user.click(targets()[1]);
    await screen.findByText('谢谢', { selector: 'div' });
    view.unmount();
    subscription.unsubscribe();
    expect(shown.filter((id, index) => shown[index - 1] !== id)).toEqual([1, null, 2, null]);
  });

  it('says 暂无对话 without conversations', async () => {
    rows = [];
    renderLeads('/online-chat');
    expect(await screen.findByText('暂无对话')).toBeInTheDocument();
  });

  it('offers 重试 when the list fails, and shows it once the retry answers', async () => {
    http.on(`GET ${CONVERSATIONS}`, refused('服务器开小差了，请稍后再试', 500));
    renderLeads('/online-chat');
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    http.on(`GET ${CONVERSATIONS}`, () => ({ body: rows, headers: paginationHeader(rows.length, 1, 20) }));
    const user = setupUser();
    await user.click(button('重试'));
    expect(await screen.findByText('访客0001')).toBeInTheDocument();
  });
});
