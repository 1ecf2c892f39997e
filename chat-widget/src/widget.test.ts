import '@testing-library/jest-dom';
import { CHAT_MESSAGE_MAX, CHAT_SOCKET_PATH, ChatSocketCloseCode, PhoneMessage } from '@portal/contracts/chat/constants';
import type { ChatMessageView } from '@portal/contracts/chat';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { POLL_DELAYS_MS } from './live';
import { ChatWidget, Text } from './widget';

const BASE = 'https://portal.example.cn';
const KEY = 'k'.repeat(32);
const TOKEN = 't'.repeat(43);

/** A manual clock: the widget's timers run when the test says so (no waiting). */
class Timers {
  private next = 1;
  readonly pending = new Map<number, { run: () => void; ms: number }>();
  setTimeout = (run: () => void, ms: number): unknown => {
    const id = this.next++;
    this.pending.set(id, { run, ms });
    return id;
  };
  clearTimeout = (id: unknown): void => {
    this.pending.delete(id as number);
  };
  delays(): number[] {
    return [...this.pending.values()].map((timer) => timer.ms);
  }
  /** Runs the timers of `ms` (all pending ones when not given). */
  run(ms?: number): void {
    for (const [id, timer] of [...this.pending]) {
      if (ms !== undefined && timer.ms !== ms) continue;
      this.pending.delete(id);
      timer.run();
    }
  }
}

/** A stand-in for the browser's WebSocket: the test opens, answers and closes it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static throws = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly sent: unknown[] = [];
  closed = false;
  constructor(readonly url: string) {
    if (FakeSocket.throws) throw new Error('refused by the page');
    FakeSocket.instances.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.();
  }
  frame(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number): void {
    this.onclose?.({ code });
  }
}

const message = (id: number, text: string, className: 'visitor' | 'customer' = 'customer'): ChatMessageView => ({
  id,
  message: text,
  publishTimeView: '2025-01-31 16:00:00',
  className,
  targetId: 7,
  targetGenre: 'visitor',
  avatar: null,
  replyEnabled: true,
});

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: string;
}

/** The portal's visitor calls, answered from the test's lists. */
function fakePortal() {
  const calls: Call[] = [];
  const polls: Array<{ messages: ChatMessageView[]; open: boolean }> = [];
  let nextId = 100;
  const fetch = jest.fn(async (url: string, init: RequestInit) => {
    const path = url.replace(`${BASE}/rest/public/chat`, '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init.method ?? 'GET', path, headers: init.headers as Record<string, string>, body, credentials: init.credentials });
    const json = (status: number, data: unknown) => ({ ok: status < 400, status, json: async () => data }) as Response;
    if (path === '/conversations') return json(201, { conversationId: 7, token: TOKEN, visitorName: '访客0001' });
    if (path === '/messages' && init.method === 'POST') return json(201, message(nextId++, body.message, 'visitor'));
    if (path.startsWith('/messages?after=')) return json(200, polls.shift() ?? { messages: [], open: true });
    if (path === '/phone') return json(200, { saved: true });
    return json(404, { code: '404', message: '不存在' });
  });
  return { calls, polls, fetch };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
}

function setUp(options: { storage?: ReturnType<typeof memoryStorage>; WebSocket?: unknown } = {}) {
  const portal = fakePortal();
  const timers = new Timers();
  const storage = options.storage ?? memoryStorage();
  const widget = new ChatWidget({
    base: BASE,
    key: KEY,
    fetch: portal.fetch as unknown as typeof fetch,
    storage,
    pageUrl: 'https://lp.example.cn/a.html',
    referrer: '',
    WebSocket: ('WebSocket' in options ? options.WebSocket : FakeSocket) as typeof WebSocket,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    document,
  });
  widget.mount();
  const ui = within(widget.container);
  const user = userEvent.setup({ document });
  /** Empties a field as a user does (select all, delete); user.clear looks for the focus outside the shadow root. */
  const empty = (field: HTMLInputElement | HTMLTextAreaElement) =>
    user.type(field, '{Backspace}', { initialSelectionStart: 0, initialSelectionEnd: field.value.length });
  return { widget, ui, portal, timers, storage, user, empty };
}

describe('the chat widget', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    FakeSocket.throws = false;
  });
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('opens an accessible dialog from its button, starts the conversation once, and closes on Escape back to the button', async () => {
    const { widget, ui, portal, user } = setUp();
    const launcher = ui.getByRole('button', { name: Text.Launcher });
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    expect(ui.queryByRole('dialog')).toBeNull();
    await user.click(launcher);
    const dialog = ui.getByRole('dialog', { name: Text.Title });
    expect(launcher).toHaveAttribute('aria-expanded', 'true');
    expect(widget.root.activeElement).toBe(within(dialog).getByRole('textbox', { name: Text.InputLabel }));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    expect(portal.calls.map((call) => [call.method, call.path])).toEqual([['POST', '/conversations']]);
    expect(portal.calls[0]!.body).toEqual({ key: KEY, pageUrl: 'https://lp.example.cn/a.html', referrer: null });
    // Never with cookies; posts carry X-Requested-With.
    expect(portal.calls[0]!.credentials).toBe('omit');
    expect(portal.calls[0]!.headers['X-Requested-With']).toBe('XMLHttpRequest');
    await user.keyboard('{Escape}');
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(widget.root.activeElement).toBe(launcher);
    await user.click(launcher);
    expect(portal.calls.filter((call) => call.path === '/conversations')).toHaveLength(1);
  });

  it('disables send while the message is empty or longer than the limit, and sends with the token', async () => {
    const { ui, portal, user, empty } = setUp();
    await user.click(ui.getByRole('button', { name: Text.Launcher }));
    const send = ui.getByRole('button', { name: Text.Send });
    const box = ui.getByRole('textbox', { name: Text.InputLabel }) as HTMLTextAreaElement;
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await empty(box);
    // A long paste (user.paste aims at the document's focus, which is the shadow host).
    fireEvent.input(box, { target: { value: '长'.repeat(CHAT_MESSAGE_MAX + 1) } });
    expect(send).toBeDisabled();
    expect(ui.getByText(`${CHAT_MESSAGE_MAX + 1}/${CHAT_MESSAGE_MAX}`)).toBeInTheDocument();
    await empty(box);
    await user.type(box, '想了解加盟费用');
    expect(send).toBeEnabled();
    await user.click(send);
    await waitFor(() => expect(ui.getByText('想了解加盟费用')).toBeInTheDocument());
    const sent = portal.calls.find((call) => call.method === 'POST' && call.path === '/messages')!;
    expect(sent.body).toEqual({ message: '想了解加盟费用' });
    expect(sent.headers['X-Chat-Token']).toBe(TOKEN);
    expect(box).toHaveValue('');
    expect(send).toBeDisabled();
  });

  it('shows messages as text, never as HTML', async () => {
    const { widget, ui, user } = setUp();
    await user.click(ui.getByRole('button', { name: Text.Launcher }));
    const html = '<img src=x onerror="window.hacked=1"><b>粗体</b>';
    widget.show([message(1, html)]);
    expect(ui.getByText(html)).toBeInTheDocument();
    expect(widget.root.querySelector('img, b')).toBeNull();
  });

  it('takes the replies from the socket: its hello carries the token, a reply shows once, the phone form offers itself', async () => {
    const { ui, portal, user } = setUp();
    await user.click(ui.getByRole('button', { name: Text.Launcher }));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0]!;
    expect(socket.url).toBe(`wss://portal.example.cn${CHAT_SOCKET_PATH}`);
    socket.open();
    expect(socket.sent).toEqual([{ op: 'hello', token: TOKEN, after: 0 }]);
    socket.frame({ kind: 'ready', conversationId: 7, open: true });
    socket.frame({ kind: 'messages', messages: [message(5, '您好，我是客服小王')] });
    socket.frame({ kind: 'messages', messages: [message(5, '您好，我是客服小王')] });
    expect(ui.getAllByText('您好，我是客服小王')).toHaveLength(1);
    expect(ui.getByRole('form', { name: Text.PhoneTitle })).toBeInTheDocument();
    // No polling while the socket carries the feed.
    expect(portal.calls.some((call) => call.path.startsWith('/messages?'))).toBe(false);
    // The customer closes the conversation.
    socket.drop(ChatSocketCloseCode.ConversationClosed);
    expect(ui.getByText(Text.Closed)).toBeInTheDocument();
    expect(ui.getByRole('textbox', { name: Text.InputLabel })).toBeDisabled();
    expect(ui.getByRole('button', { name: Text.Restart })).toBeInTheDocument();
  });

  it('falls back to polling, backing off, when the socket constructor throws', async () => {
    FakeSocket.throws = true;
    const { ui, portal, timers, user } = setUp();
    await user.click(ui.getByRole('button', { name: Text.Launcher }));
    await waitFor(() => expect(portal.calls.filter((call) => call.path.startsWith('/messages?'))).toHaveLength(1));
    expect(portal.calls.at(-1)!.path).toBe('/messages?after=0');
    expect(portal.calls.at(-1)!.headers['X-Chat-Token']).toBe(TOKEN);
    // Nothing new: each poll waits longer (the socket is tried again meanwhile).
    await waitFor(() => expect(timers.delays()).toContain(POLL_DELAYS_MS[0]));
    timers.run(POLL_DELAYS_MS[0]);
    await waitFor(() => expect(timers.delays()).toContain(POLL_DELAYS_MS[1]));
    portal.polls.push({ messages: [message(9, '轮询来的回复')], open: true });
    timers.run(POLL_DELAYS_MS[1]);
    await waitFor(() => expect(ui.getByText('轮询来的回复')).toBeInTheDocument());
    // Something arrived: back to the shortest delay, asking after it.
    await waitFor(() => expect(timers.delays()).toContain(POLL_DELAYS_MS[0]));
    timers.run(POLL_DELAYS_MS[0]);
    await waitFor(() => expect(portal.calls.at(-1)!.path).toBe('/messages?after=9'));
  });

  it('polls when the socket closes, and stops polling once a socket is ready again', async () => {
    const { ui, portal, timers, user } = setUp();
    await user.click(ui.getByRole('button', { name: Text.Launcher }));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.drop(1006);
    await waitFor(() => expect(portal.calls.filter((call) => call.path.startsWith('/messages?'))).toHaveLength(1));
    // The retry: a new socket; ready, and the poll timer is gone.
    timers.run(5000);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.open();
    FakeSocket.instances[1]!.frame({ kind: 'ready', conversationId: 7, open: true });
    await waitFor(() => expect(timers.delays()).not.toContain(POLL_DELAYS_MS[0]));
    expect(timers.delays()).toEqual([]);
  });

  it('polls without a WebSocket at all', async () => {
    const { ui, portal, user } = setUp({ WebSocket: undefined });
    await user.click(ui.getByRole('button', { name: Text.Launcher }));
    await waitFor(() => expect(portal.calls.filter((call) => call.path.startsWith('/messages?'))).toHaveLength(1));
  });

  it('continues the conversation after a reload (sessionStorage), panel open', async () => {
    const storage = memoryStorage();
    const first = setUp({ storage });
    await first.user.click(first.ui.getByRole('button', { name: Text.Launcher }));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    first.widget.feed.stop();
    document.body.replaceChildren();

    const second = setUp({ storage });
    expect(second.ui.getByRole('dialog', { name: Text.Title })).toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    expect(second.portal.calls.filter((call) => call.path === '/conversations')).toHaveLength(0);
    FakeSocket.instances[1]!.open();
    expect(FakeSocket.instances[1]!.sent).toEqual([{ op: 'hello', token: TOKEN, after: 0 }]);
  });

  it('asks for a phone with the contracts rule and sends it', async () => {
    const { widget, ui, portal, user, empty } = setUp();
    await user.click(ui.getByRole('button', { name: Text.Launcher }));
    await user.click(ui.getByRole('button', { name: Text.PhoneButton }));
    const form = ui.getByRole('form', { name: Text.PhoneTitle });
    const phone = within(form).getByLabelText(Text.PhoneLabel);
    expect(widget.root.activeElement).toBe(phone);
    await user.click(within(form).getByRole('button', { name: Text.PhoneSubmit }));
    expect(within(form).getByRole('alert')).toHaveTextContent(PhoneMessage.Required);
    await user.type(phone, '12345678901');
    await user.click(within(form).getByRole('button', { name: Text.PhoneSubmit }));
    expect(within(form).getByRole('alert')).toHaveTextContent(PhoneMessage.Invalid);
    expect(portal.calls.some((call) => call.path === '/phone')).toBe(false);
    await empty(phone as HTMLInputElement);
    await user.type(phone, '13800138000');
    await user.type(within(form).getByLabelText(Text.NameLabel), '王先生');
    await user.click(within(form).getByRole('button', { name: Text.PhoneSubmit }));
    await waitFor(() => expect(ui.getByText(Text.PhoneSaved)).toBeInTheDocument());
    expect(portal.calls.find((call) => call.path === '/phone')!.body).toEqual({ phone: '13800138000', name: '王先生' });
    expect(ui.queryByRole('form', { name: Text.PhoneTitle })).toBeNull();
  });
});
