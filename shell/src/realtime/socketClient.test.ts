import { RealtimeCloseCode } from '@portal/contracts/messages';
import { ChatMessageEvent, getEventBus, getUnreadCounters, LeadPushedEvent, resetUnreadCounters } from '@portal/event-bus';
import { firstValueFrom, toArray } from 'rxjs';
import { CountMemory } from './countMemory';
import { RealtimeSocketClient, realtimeUrl, reconnectDelay, type RealtimeStatus } from './socketClient';
import { fakeSockets, recordArrivals, snapshot } from './testing';

const SUBSCRIBE_AND_REQUEST = [{ op: 'subscribe', topics: ['system', 'user', 'unread'] }, { op: 'request' }];

let fake: ReturnType<typeof fakeSockets>;
let recorder: ReturnType<typeof recordArrivals>;
let client: RealtimeSocketClient;
let statuses: RealtimeStatus[];

beforeEach(() => {
  jest.useFakeTimers();
  resetUnreadCounters();
  fake = fakeSockets();
  recorder = recordArrivals();
  // random 0.5 puts the jitter in the middle: the delays are exactly 1 s, 2 s, 4 s ...
  client = new RealtimeSocketClient({ url: 'ws://portal.test/rest/ws', WebSocketCtor: fake.WebSocketCtor, random: () => 0.5 });
  statuses = [];
  client.status$.subscribe((status) => statuses.push(status));
});
afterEach(() => {
  client.close();
  recorder.stop();
  resetUnreadCounters();
  jest.useRealTimers();
});

describe('realtime socket client', () => {
  it('connects to /rest/ws of the page origin, ws or wss as the page', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/rest/ws');
    expect(realtimeUrl({ protocol: 'https:', host: 'portal.example.com' })).toBe('wss://portal.example.com/rest/ws');
  });

  it('subscribes to system, user and unread and requests the snapshot on open, and reports connected once caught up', () => {
    client.start();
    expect(fake.sockets).toHaveLength(1);
    expect(fake.last().url).toBe('ws://portal.test/rest/ws');
    expect(client.status).toBe('disconnected');
    fake.last().open();
    expect(fake.last().sent).toEqual(SUBSCRIBE_AND_REQUEST);
    expect(statuses).toEqual(['disconnected']);
    fake.last().receive(snapshot());
    expect(statuses).toEqual(['disconnected', 'connected']);
  });

  it('a socket that opens and drops before its snapshot never counts as connected and keeps backing off', () => {
    client.start();
    for (const delay of [1000, 2000, 4000, 8000]) {
      fake.last().open();
      fake.last().drop();
      jest.advanceTimersByTime(delay - 1);
      const before = fake.sockets.length;
      jest.advanceTimersByTime(1);
      expect(fake.sockets).toHaveLength(before + 1);
    }
    expect(statuses).toEqual(['disconnected']);
  });

  it('reconnects with exponential backoff, and subscribes and requests again on every open', () => {
    client.start();
    fake.last().open();
    fake.last().receive(snapshot());
    fake.last().drop();
    expect(statuses).toEqual(['disconnected', 'connected', 'disconnected']);

    jest.advanceTimersByTime(999);
    expect(fake.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(2);
    // The server is still down: 2 s, then 4 s.
    fake.last().drop();
    jest.advanceTimersByTime(1999);
    expect(fake.sockets).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(3);
    fake.last().drop();
    jest.advanceTimersByTime(3999);
    expect(fake.sockets).toHaveLength(3);
    jest.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(4);

    fake.last().open();
    expect(fake.last().sent).toEqual(SUBSCRIBE_AND_REQUEST);
    fake.last().receive(snapshot());
    expect(client.status).toBe('connected');
    // Being caught up again resets the backoff.
    fake.last().drop();
    jest.advanceTimersByTime(1000);
    expect(fake.sockets).toHaveLength(5);
  });

  it('spreads the delays by jitter and caps them at 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(1000);
    expect(reconnectDelay(1, () => 0)).toBe(1600);
    expect(reconnectDelay(1, () => 0.999999)).toBe(2400);
    expect(reconnectDelay(3, () => 0.5)).toBe(8000);
    expect(reconnectDelay(5, () => 0.999999)).toBe(30000);
    expect(reconnectDelay(40, () => 0.5)).toBe(30000);
  });

  it('sets every counter from the snapshot, and the first snapshot only remembers', () => {
    client.start();
    fake.last().open();
    fake.last().receive(snapshot({ resource: 4, infoList: 2, feedback: 1 }, { system: 1, user: 2, customer: 3 }));
    expect(getUnreadCounters()).toEqual({
      messages: { system: 1, user: 2, customer: 3 },
      leads: { feedback: 1, infoList: 2, resource: 4, baiList: 0 },
      chat: 0,
    });
    expect(recorder.arrivals).toEqual([]);
  });

  it('announces what arrived while disconnected: the snapshot after a reconnect compares with the remembered counts', () => {
    client.start();
    fake.last().open();
    fake.last().receive(snapshot({ resource: 4, infoList: 2 }, { system: 0, user: 1, customer: 1 }));
    fake.last().drop();
    jest.advanceTimersByTime(1000);
    fake.last().open();
    const newest = { id: 9, title: '系统维护通知', contents: '今晚维护', createTime: '2026-03-05 10:00:00', type: 0 as const, status: 0 as const };
    fake.last().receive(snapshot({ resource: 6, infoList: 2, baiList: 0 }, { system: 1, user: 1, customer: 2 }, [newest]));
    expect(recorder.arrivals).toEqual([
      { event: 'message', type: 'system', title: '系统维护通知' },
      { event: 'lead', list: 'resource', count: 2 },
    ]);
    expect(getUnreadCounters().leads.resource).toBe(6);
  });

  it("publishes a chat frame as a ChatMessageEvent and sets the chat counter to the frame's total", () => {
    const chats: unknown[] = [];
    const sub = getEventBus().subscribe(ChatMessageEvent, ({ payload }) => chats.push(payload));
    const memory = new CountMemory();
    client = new RealtimeSocketClient({ url: 'ws://portal.test/rest/ws', WebSocketCtor: fake.WebSocketCtor, random: () => 0.5, memory });
    client.start();
    fake.last().open();
    fake.last().receive(snapshot());
    fake.last().receive({
      kind: 'chat',
      topic: 'user',
      conversationId: 8,
      messageId: 31,
      unread: 2,
      totalUnread: 6,
      visitorName: '访客0427',
      message: '你们的报价是多少？',
    });
    // A server that sends no name nor text: the event has none.
    fake.last().receive({ kind: 'chat', topic: 'user', conversationId: 9, messageId: 32, unread: 1, totalUnread: 7 });
    expect(chats).toEqual([
      { conversationId: 8, messageId: 31, count: 1, totalUnread: 6, visitorName: '访客0427', message: '你们的报价是多少？' },
      { conversationId: 9, messageId: 32, count: 1, totalUnread: 7 },
    ]);
    expect(getUnreadCounters().chat).toBe(7);
    // Remembered: a poll or catch-up finding 7 announces nothing again.
    expect(memory.get('chat')).toBe(7);
    // Not a lead nor a notice.
    expect(recorder.arrivals).toEqual([]);
    sub.unsubscribe();
  });

  it('publishes live frames on the bus and moves the counters', () => {
    client.start();
    fake.last().open();
    fake.last().receive(snapshot({ resource: 4 }, { system: 0, user: 1, customer: 1 }));
    fake.last().receive({ kind: 'lead', topic: 'user', listKind: 'resource', id: 71 });
    fake.last().receive({
      kind: 'message',
      topic: 'user',
      message: { id: 3, title: '您的账户已充值', contents: '到账500元', createTime: '2026-03-05 10:00:00', type: 1, status: 0 },
    });
    expect(recorder.arrivals).toEqual([
      { event: 'lead', list: 'resource', count: 1 },
      { event: 'message', type: 'user', title: '您的账户已充值' },
    ]);
    expect(getUnreadCounters()).toEqual({
      messages: { system: 0, user: 2, customer: 2 },
      leads: { feedback: 0, infoList: 0, resource: 5, baiList: 0 },
      chat: 0,
    });

    // Counters frames (reads elsewhere) set the counts without a notice.
    fake.last().receive({ kind: 'counters', topic: 'unread', leads: { resource: 1 }, messages: { system: 0, user: 0, customer: 0 } });
    expect(getUnreadCounters().leads.resource).toBe(1);
    expect(getUnreadCounters().messages.customer).toBe(0);
    expect(recorder.arrivals).toHaveLength(2);

    // What the live frames announced is remembered: the next snapshot announces only what is new.
    fake.last().drop();
    jest.advanceTimersByTime(1000);
    fake.last().open();
    fake.last().receive(snapshot({ resource: 2 }, { system: 0, user: 0, customer: 0 }));
    expect(recorder.arrivals.slice(2)).toEqual([{ event: 'lead', list: 'resource', count: 1 }]);
  });

  it('publishes a pushed lead on the bus without moving a counter or announcing it', () => {
    const pushed: unknown[] = [];
    const subscription = getEventBus().subscribe(LeadPushedEvent, (event) => pushed.push(event.payload));
    client.start();
    fake.last().open();
    fake.last().receive(snapshot({ resource: 4 }, { system: 0, user: 0, customer: 0 }));
    fake.last().receive({ kind: 'pushed', topic: 'user', listKind: 'resource', id: 71 });
    subscription.unsubscribe();
    expect(pushed).toEqual([{ list: 'resource', id: 71 }]);
    expect(getUnreadCounters().leads.resource).toBe(4);
    expect(recorder.arrivals).toEqual([]);
  });

  it('counts a lead of a store shown on another list on that list (a CPC resource on 竞价资源)', () => {
    client.start();
    fake.last().open();
    fake.last().receive(snapshot({ feedback: 3 }));
    fake.last().receive({ kind: 'lead', topic: 'user', listKind: 'cpc', id: 5 });
    fake.last().receive({ kind: 'lead', topic: 'user', listKind: 'distribution', id: 6 });
    expect(recorder.arrivals).toEqual([
      { event: 'lead', list: 'feedback', count: 1 },
      { event: 'lead', list: 'resource', count: 1 },
    ]);
    expect(getUnreadCounters().leads.feedback).toBe(4);
  });

  it('ignores leads of unknown kinds, unknown frames and bad JSON', () => {
    client.start();
    fake.last().open();
    fake.last().receive({ kind: 'lead', topic: 'user', listKind: 'nosuchlist' as never, id: 5 });
    fake.last().receive('not json');
    fake.last().receive(JSON.stringify({ kind: 'surprise' }));
    fake.last().receive({ kind: 'error', message: '未知操作' });
    fake.last().receive({ kind: 'subscribed', topics: ['system', 'user', 'unread'] });
    expect(recorder.arrivals).toEqual([]);
    fake.last().receive(snapshot());
    expect(client.status).toBe('connected');
  });

  it(`does not reconnect after ${RealtimeCloseCode.Unauthorized} (session gone)`, async () => {
    const all = firstValueFrom(client.status$.pipe(toArray()));
    client.start();
    fake.last().open();
    fake.last().receive(snapshot());
    fake.last().drop(RealtimeCloseCode.Unauthorized);
    jest.advanceTimersByTime(10 * 60 * 1000);
    expect(fake.sockets).toHaveLength(1);
    expect(client.stopped).toBe(true);
    expect(await all).toEqual(['disconnected', 'connected', 'disconnected']);
    client.start();
    expect(fake.sockets).toHaveLength(1);
  });

  it(`does not reconnect after ${RealtimeCloseCode.TooManySockets} (another tab took this one's place)`, () => {
    client.start();
    fake.last().open();
    fake.last().receive(snapshot());
    fake.last().drop(RealtimeCloseCode.TooManySockets);
    jest.advanceTimersByTime(10 * 60 * 1000);
    expect(fake.sockets).toHaveLength(1);
    expect(client.stopped).toBe(true);
  });

  it.each([
    ['the server going away', 1001],
    ['a read too slow', RealtimeCloseCode.TooSlow],
    ['an internal error', 1011],
  ])('reconnects with the backoff after a clean close for %s (%i)', (_, code) => {
    client.start();
    fake.last().open();
    fake.last().receive(snapshot());
    fake.last().drop(code);
    expect(client.status).toBe('disconnected');
    jest.advanceTimersByTime(999);
    expect(fake.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(2);
    fake.last().open();
    expect(fake.last().sent).toEqual(SUBSCRIBE_AND_REQUEST);
    expect(client.stopped).toBe(false);
  });

  it('retries with the backoff when the socket cannot even be created', () => {
    fake.refuse(2);
    client.start();
    expect(fake.sockets).toHaveLength(0);
    jest.advanceTimersByTime(1000);
    expect(fake.sockets).toHaveLength(0);
    jest.advanceTimersByTime(1999);
    expect(fake.sockets).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(1);
    fake.last().open();
    expect(fake.last().sent).toEqual(SUBSCRIBE_AND_REQUEST);
  });

  it('closes cleanly on close() (logout) and never reconnects', () => {
    client.start();
    const socket = fake.last();
    socket.open();
    client.close();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'logout' });
    expect(client.status).toBe('disconnected');
    socket.drop(1000);
    jest.advanceTimersByTime(60 * 1000);
    expect(fake.sockets).toHaveLength(1);
  });

  it('closes a socket still connecting on close()', () => {
    client.start();
    const connecting = fake.last();
    client.close();
    expect(connecting.closedWith).not.toBeNull();
    connecting.open();
    expect(connecting.sent).toEqual([]);
    expect(client.status).toBe('disconnected');
  });

  it('cancels a pending reconnect on close()', () => {
    client.start();
    fake.last().drop();
    client.close();
    jest.advanceTimersByTime(60 * 1000);
    expect(fake.sockets).toHaveLength(1);
  });

  it('shares the remembered counts it is given (with the poller)', () => {
    const memory = new CountMemory();
    memory.remember('infoList', 1);
    memory.remember('messages', 0);
    const shared = new RealtimeSocketClient({ WebSocketCtor: fake.WebSocketCtor, memory });
    shared.start();
    fake.last().open();
    fake.last().receive(snapshot({ infoList: 3 }));
    expect(recorder.arrivals).toEqual([{ event: 'lead', list: 'infoList', count: 2 }]);
    shared.close();
  });
});
