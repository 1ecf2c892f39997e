import { randomBytes } from 'node:crypto';
import { REQUESTED_WITH_VALUE } from '@portal/contracts';
import {
  CHAT_SOCKET_FRAME_MAX,
  CHAT_SOCKET_PATH,
  CHAT_SOCKETS_PER_CONVERSATION,
  CHAT_TOKEN_HEADER,
  type ChatSocketFrame,
  ChatSocketCloseCode,
} from '@portal/contracts/chat';
import WebSocket from 'ws';
import { call, listen, loginCookie, WAIT_MS } from '../../realtime/testing';
import { dialects, startApp, type TestApp } from '../../test/harness';
import { customerIdOf, itemIdsOf } from '../../test/leads';

const VISITOR = '/rest/public/chat';
const CUSTOMER = '/rest/customer/chat';
/** The widget's calls: cross-origin, no cookie. */
const widgetHeaders = { 'content-type': 'application/json', 'x-requested-with': REQUESTED_WITH_VALUE, origin: 'https://lp.example.cn' };

interface Visitor {
  conversationId: number;
  token: string;
}

/** A visitor socket (as the widget opens it: another site's Origin, no cookie) recording its frames and close. */
class VisitorProbe {
  readonly frames: ChatSocketFrame[] = [];
  closeCode: number | null = null;
  readonly closed: Promise<number>;
  readonly opened: Promise<void>;
  private waiters: Array<() => void> = [];

  constructor(baseUrl: string) {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${CHAT_SOCKET_PATH}`, { origin: 'https://lp.example.cn' });
    this.socket = socket;
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as ChatSocketFrame);
      this.wake();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.on('close', (code) => {
        this.closeCode = code;
        this.wake();
        resolve(code);
      }),
    );
    this.opened = new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
    });
  }

  readonly socket: WebSocket;

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Waits until `test` holds over the frames so far (or the socket closes, or WAIT_MS passes). */
  async until(test: (frames: ChatSocketFrame[]) => boolean, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!test(this.frames)) {
      if (this.closeCode !== null) throw new Error(`closed (${this.closeCode}) before ${what}; got ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${WAIT_MS} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The texts of every message frame so far, deduplicated by id, in id order (as the widget shows them). */
  texts(): string[] {
    const byId = new Map<number, string>();
    for (const frame of this.frames) if (frame.kind === 'messages') for (const message of frame.messages) byId.set(message.id, message.message);
    return [...byId.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
  }

  async close(): Promise<void> {
    if (this.closeCode === null) this.socket.close();
    await this.closed;
  }
}

async function startVisitor(baseUrl: string, key: string): Promise<Visitor> {
  const response = await fetch(`${baseUrl}${VISITOR}/conversations`, { method: 'POST', headers: widgetHeaders, body: JSON.stringify({ key }) });
  expect(response.status).toBe(201);
  return (await response.json()) as Visitor;
}

async function visitorSays(baseUrl: string, visitor: Visitor, message: string): Promise<void> {
  const response = await fetch(`${baseUrl}${VISITOR}/messages`, {
    method: 'POST',
    headers: { ...widgetHeaders, [CHAT_TOKEN_HEADER]: visitor.token },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(201);
}

/** Opens a visitor socket, says hello and waits for `ready`. */
async function connect(baseUrl: string, visitor: Visitor, probes: VisitorProbe[], after = 0): Promise<VisitorProbe> {
  const probe = new VisitorProbe(baseUrl);
  probes.push(probe);
  await probe.opened;
  probe.send({ op: 'hello', token: visitor.token, after });
  await probe.until((frames) => frames.some((frame) => frame.kind === 'ready'), 'ready');
  return probe;
}

const closeAll = async (probes: VisitorProbe[]): Promise<void> => {
  await Promise.all(probes.splice(0).map((probe) => probe.close()));
};

describe.each(dialects())('the chat widget socket on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let cookie: string;
  let key: string;
  const probes: VisitorProbe[] = [];
  const reply = (visitor: Visitor, message: string) =>
    call(url, cookie, 'POST', `${CUSTOMER}/conversations/${visitor.conversationId}/messages`, { message });

  beforeAll(async () => {
    t = await startApp(dialect);
    url = await listen(t);
    cookie = await loginCookie(url, 'demo');
    const [item] = await itemIdsOf(t.db, await customerIdOf(t.db, 'demo'));
    key = (await call(url, cookie, 'POST', `${CUSTOMER}/keys`, { itemId: item })).json.key;
  });
  afterEach(() => closeAll(probes));
  afterAll(() => t.close());

  it("sends the customer's replies to the visitor's socket live, after what it missed, and to no other conversation", async () => {
    const visitor = await startVisitor(url, key);
    const other = await startVisitor(url, key);
    await visitorSays(url, visitor, '在吗');
    expect((await reply(visitor, '在的，写在连上之前')).status).toBe(201);
    // Another site's page, no cookie: the token in the first frame is the credential.
    const socket = await connect(url, visitor, probes);
    expect(socket.frames[0]).toEqual({ kind: 'ready', conversationId: visitor.conversationId, open: true });
    // What it missed: the messages after `after` (0: all).
    await socket.until(() => socket.texts().length === 2, 'the catch-up');
    expect(socket.texts()).toEqual(['在吗', '在的，写在连上之前']);
    const otherSocket = await connect(url, other, probes);

    const html = '<img src=x onerror=alert(1)>您好';
    expect((await reply(visitor, html)).status).toBe(201);
    await socket.until(() => socket.texts().includes(html), 'the live reply');
    const live = socket.frames.filter((frame) => frame.kind === 'messages').at(-1)!;
    expect(live).toMatchObject({
      kind: 'messages',
      messages: [{ message: html, className: 'customer', targetId: visitor.conversationId, avatar: null }],
    });
    // The other conversation's socket heard nothing of it (a reply of its own arrives, and alone).
    expect((await reply(other, '给另一位')).status).toBe(201);
    await otherSocket.until(() => otherSocket.texts().includes('给另一位'), 'its own reply');
    expect(otherSocket.texts()).toEqual(['给另一位']);
    expect(socket.texts()).not.toContain('给另一位');

    // A hello with `after`: only the later ones.
    const ids = socket.frames.flatMap((frame) => (frame.kind === 'messages' ? frame.messages.map((message) => message.id) : []));
    const later = await connect(url, visitor, probes, Math.max(...ids));
    expect((await reply(visitor, '连上之后的')).status).toBe(201);
    await later.until(() => later.texts().includes('连上之后的'), 'the later reply');
    expect(later.texts()).toEqual(['连上之后的']);
  });

  it('closes a socket without a valid hello (4401), with a frame too big (1009), and ignores frames after the hello', async () => {
    const visitor = await startVisitor(url, key);
    for (const hello of [
      'not json',
      { op: 'hello' },
      { op: 'hello', token: randomBytes(32).toString('base64url') },
      { op: 'subscribe', token: visitor.token },
    ]) {
      const probe = new VisitorProbe(url);
      probes.push(probe);
      await probe.opened;
      probe.send(hello);
      expect(await probe.closed).toBe(ChatSocketCloseCode.Unauthorized);
      expect(probe.frames).toEqual([]);
    }
    const big = new VisitorProbe(url);
    probes.push(big);
    await big.opened;
    big.send({ op: 'hello', token: visitor.token, pad: 'x'.repeat(CHAT_SOCKET_FRAME_MAX) });
    expect(await big.closed).toBe(1009);

    const socket = await connect(url, visitor, probes);
    socket.send({ op: 'hello', token: randomBytes(32).toString('base64url') });
    socket.send('anything');
    expect((await reply(visitor, '还连着')).status).toBe(201);
    await socket.until(() => socket.texts().includes('还连着'), 'the reply');
    expect(socket.closeCode).toBeNull();
  });

  it(`keeps ${CHAT_SOCKETS_PER_CONVERSATION} sockets per conversation (the oldest goes, 4408)`, async () => {
    const visitor = await startVisitor(url, key);
    const sockets: VisitorProbe[] = [];
    for (let i = 0; i <= CHAT_SOCKETS_PER_CONVERSATION; i++) sockets.push(await connect(url, visitor, probes));
    expect(await sockets[0]!.closed).toBe(ChatSocketCloseCode.Replaced);
    expect(sockets.slice(1).map((socket) => socket.closeCode)).toEqual(Array(CHAT_SOCKETS_PER_CONVERSATION).fill(null));
  });

  it('closes the sockets when the customer closes the conversation, and refuses a closed one', async () => {
    const visitor = await startVisitor(url, key);
    const socket = await connect(url, visitor, probes);
    expect((await call(url, cookie, 'POST', `${CUSTOMER}/conversations/${visitor.conversationId}/close`)).status).toBe(200);
    expect(await socket.closed).toBe(ChatSocketCloseCode.ConversationClosed);
    expect(socket.frames.at(-1)).toEqual({ kind: 'closed' });
    const again = new VisitorProbe(url);
    probes.push(again);
    await again.opened;
    again.send({ op: 'hello', token: visitor.token });
    expect(await again.closed).toBe(ChatSocketCloseCode.ConversationClosed);
    expect(again.frames).toEqual([{ kind: 'ready', conversationId: visitor.conversationId, open: false }]);
  });
});

describe.each(dialects())('the chat widget socket across two instances with Redis on %s', (dialect) => {
  const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const channel = `portal-test-chat-visitor:${randomBytes(6).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let key: string;
  let cookieA: string;
  const probes: VisitorProbe[] = [];

  beforeAll(async () => {
    a = await startApp(dialect, { redisUrl: REDIS_URL, realtimeChannel: channel });
    b = await startApp(dialect, { redisUrl: REDIS_URL, realtimeChannel: channel, database: a.database });
    urlA = await listen(a);
    urlB = await listen(b);
    cookieA = await loginCookie(urlA, 'demo');
    const [item] = await itemIdsOf(a.db, await customerIdOf(a.db, 'demo'));
    key = (await call(urlA, cookieA, 'POST', `${CUSTOMER}/keys`, { itemId: item })).json.key;
  });
  afterEach(() => closeAll(probes));
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers a reply written on instance A to the visitor socket on instance B, and its close', async () => {
    const visitor = await startVisitor(urlB, key);
    const onB = await connect(urlB, visitor, probes);
    const onA = await connect(urlA, visitor, probes);
    expect(
      (await call(urlA, cookieA, 'POST', `${CUSTOMER}/conversations/${visitor.conversationId}/messages`, { message: '跨实例的回复' })).status,
    ).toBe(201);
    await onB.until(() => onB.texts().includes('跨实例的回复'), 'the reply on B');
    await onA.until(() => onA.texts().includes('跨实例的回复'), 'the reply on A');
    // Exactly once each.
    const count = (probe: VisitorProbe) =>
      probe.frames.flatMap((frame) => (frame.kind === 'messages' ? frame.messages : [])).filter((message) => message.message === '跨实例的回复')
        .length;
    expect([count(onA), count(onB)]).toEqual([1, 1]);
    expect((await call(urlA, cookieA, 'POST', `${CUSTOMER}/conversations/${visitor.conversationId}/close`)).status).toBe(200);
    expect(await onB.closed).toBe(ChatSocketCloseCode.ConversationClosed);
  });

  it('keeps the per-conversation bound across instances: a socket on B pushes out the oldest on A', async () => {
    const visitor = await startVisitor(urlA, key);
    const onA: VisitorProbe[] = [];
    for (let i = 0; i < CHAT_SOCKETS_PER_CONVERSATION; i++) onA.push(await connect(urlA, visitor, probes));
    await connect(urlB, visitor, probes);
    expect(await onA[0]!.closed).toBe(ChatSocketCloseCode.Replaced);
    expect(onA.slice(1).map((socket) => socket.closeCode)).toEqual(Array(CHAT_SOCKETS_PER_CONVERSATION - 1).fill(null));
  });
});
