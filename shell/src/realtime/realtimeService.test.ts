import { ChatMessageEvent, getEventBus, getUnreadCounters, resetUnreadCounters, SessionLogoutEvent, setChatUnread } from '@portal/event-bus';
import type { PollerApi } from './poller';
import { startRealtime, type RealtimeConnection } from './realtimeService';
import { fakeSockets, recordArrivals, snapshot } from './testing';

let fake: ReturnType<typeof fakeSockets>;
let api: { [K in keyof PollerApi]: jest.Mock };
let recorder: ReturnType<typeof recordArrivals>;
let connection: RealtimeConnection;

beforeEach(() => {
  jest.useFakeTimers();
  resetUnreadCounters();
  fake = fakeSockets();
  recorder = recordArrivals();
  api = {
    messageCounts: jest.fn(async () => ({ system: 0, user: 0, customer: 0 })),
    leadCounts: jest.fn(async () => ({ feedback: 0, infoList: 0, resource: 3, baiList: 0 })),
    chatUnread: jest.fn(async () => 0),
  };
  connection = startRealtime({ socket: { WebSocketCtor: fake.WebSocketCtor, random: () => 0.5 }, api });
});
afterEach(() => {
  connection.stop();
  recorder.stop();
  resetUnreadCounters();
  jest.useRealTimers();
});

describe('realtime feed (socket with the poller as fallback)', () => {
  it('does not poll while the socket is connected, and polls soon after it drops', async () => {
    fake.last().open();
    fake.last().receive(snapshot({ resource: 2 }));
    await jest.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(api.messageCounts).not.toHaveBeenCalled();

    // Dropped, and the server does not answer the reconnect: the poll finds the lead that came meanwhile.
    fake.last().drop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(api.messageCounts).toHaveBeenCalledTimes(1);
    expect(api.leadCounts).toHaveBeenCalledTimes(1);
    expect(recorder.arrivals).toEqual([{ event: 'lead', list: 'resource', count: 1 }]);
  });

  it("checks the chat's unread total on every (re)connect: the first only remembers, a later one announces the gap", async () => {
    const chats: number[] = [];
    const sub = getEventBus().subscribe(ChatMessageEvent, ({ payload }) => chats.push(payload.count));
    api.chatUnread.mockResolvedValue(2);
    fake.last().open();
    fake.last().receive(snapshot());
    await jest.advanceTimersByTimeAsync(0);
    expect(api.chatUnread).toHaveBeenCalledTimes(1);
    expect(getUnreadCounters().chat).toBe(2);
    expect(chats).toEqual([]);

    // Two visitor messages while the socket was down and back within a second (no poll ran).
    fake.last().drop();
    api.chatUnread.mockResolvedValue(4);
    await jest.advanceTimersByTimeAsync(1000);
    fake.last().open();
    fake.last().receive(snapshot());
    await jest.advanceTimersByTimeAsync(0);
    expect(api.chatUnread).toHaveBeenCalledTimes(2);
    expect(api.messageCounts).not.toHaveBeenCalled();
    expect(chats).toEqual([2]);
    expect(getUnreadCounters().chat).toBe(4);
    sub.unsubscribe();
  });

  it('counts chat arrivals from the lower total after the panel read a conversation', async () => {
    const chats: number[] = [];
    const sub = getEventBus().subscribe(ChatMessageEvent, ({ payload }) => chats.push(payload.count));
    fake.last().open();
    fake.last().receive(snapshot());
    fake.last().receive({ kind: 'chat', topic: 'user', conversationId: 4, messageId: 10, unread: 3, totalUnread: 3 });
    // The panel marked the conversation read: the counter on the bus goes to 0.
    setChatUnread(0);
    fake.last().drop();
    // The reconnects are refused: the poll takes over.
    fake.refuse(100);
    api.chatUnread.mockResolvedValue(1);
    await jest.advanceTimersByTimeAsync(5000);
    // One message since the read: announced as 1, not lost under the old total of 3.
    expect(chats).toEqual([1, 1]);
    sub.unsubscribe();
  });

  it('polls when the socket cannot open at all', async () => {
    fake.last().drop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(api.messageCounts).toHaveBeenCalledTimes(1);
  });

  it('a socket cut before its snapshot at every attempt leaves the polling at every 3 minutes', async () => {
    // Each second, any new socket opens and is dropped at once (a proxy cutting WebSockets).
    const cut = new Set<unknown>();
    for (let second = 0; second < 600; second += 1) {
      const socket = fake.last();
      if (!cut.has(socket)) {
        cut.add(socket);
        socket.open();
        socket.drop();
      }
      await jest.advanceTimersByTimeAsync(1000);
    }
    // 5 s after the start, then at 185 s, 365 s and 545 s.
    expect(api.messageCounts).toHaveBeenCalledTimes(4);
    // The reconnects backed off to one every 30 s or so, not one a second.
    expect(fake.sockets.length).toBeLessThan(30);
  });

  it('on logout closes the socket cleanly and stops for good', async () => {
    const socket = fake.last();
    socket.open();
    getEventBus().publish(new SessionLogoutEvent({ reason: 'user' }));
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'logout' });
    await jest.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(fake.sockets).toHaveLength(1);
    expect(api.messageCounts).not.toHaveBeenCalled();
  });

  it('after 4401 does not reconnect; the next poll (and its 401) takes over', async () => {
    fake.last().open();
    fake.last().drop(4401);
    await jest.advanceTimersByTimeAsync(5000);
    expect(fake.sockets).toHaveLength(1);
    expect(api.messageCounts).toHaveBeenCalledTimes(1);
  });
});
