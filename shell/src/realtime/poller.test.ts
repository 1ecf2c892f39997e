import type { LeadListKind } from '@portal/contracts';
import type { MessageUnreadCounts } from '@portal/contracts/messages';
import { ChatMessageEvent, getEventBus, getUnreadCounters, resetUnreadCounters } from '@portal/event-bus';
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import { CountMemory } from './countMemory';
import { fallbackPolls, POLL_AFTER_DISCONNECT_MS, type PollerApi, type PollerOptions } from './poller';
import type { RealtimeStatus } from './socketClient';
import { recordArrivals } from './testing';

const INTERVAL = 180000;
type Leads = Partial<Record<LeadListKind, number>>;

/** An api answering the totals set in `totals`, logging each call in order. */
function fakePollerApi() {
  const totals = {
    messages: { system: 0, user: 0, customer: 0 } as MessageUnreadCounts,
    leads: { feedback: 0, infoList: 0, resource: 0, baiList: 0 } as Leads,
    chat: 0,
  };
  const calls: string[] = [];
  const api: PollerApi = {
    messageCounts: jest.fn(async () => {
      calls.push('messages');
      return { ...totals.messages };
    }),
    leadCounts: jest.fn(async () => {
      calls.push('leads');
      return { ...totals.leads };
    }),
    chatUnread: jest.fn(async () => {
      calls.push('chat');
      return totals.chat;
    }),
  };
  return { api, totals, calls };
}

let recorder: ReturnType<typeof recordArrivals>;
let server: ReturnType<typeof fakePollerApi>;
let polling: Subscription[];

/** Subscribes to the polls (against `server` unless told otherwise); afterEach unsubscribes. */
function startPolls(status$?: Observable<RealtimeStatus>, options: Partial<PollerOptions> = {}): Subscription {
  const subscription = fallbackPolls(status$, { api: server.api, ...options }).subscribe();
  polling.push(subscription);
  return subscription;
}

beforeEach(() => {
  jest.useFakeTimers();
  resetUnreadCounters();
  recorder = recordArrivals();
  server = fakePollerApi();
  polling = [];
});
afterEach(() => {
  polling.forEach((subscription) => subscription.unsubscribe());
  recorder.stop();
  resetUnreadCounters();
  jest.useRealTimers();
});

describe('fallback poller', () => {
  it('compares totals as the spec says: messages, then form leads, then resources; the first poll only remembers', async () => {
    server.totals.messages = { system: 1, user: 1, customer: 2 };
    server.totals.leads = { feedback: 0, infoList: 3, resource: 5, baiList: 0 };
    startPolls();
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    expect(server.calls).toEqual(['messages', 'leads', 'chat']);
    expect(recorder.arrivals).toEqual([]);
    // The badges take what the poll fetched.
    expect(getUnreadCounters()).toEqual({
      messages: { system: 1, user: 1, customer: 2 },
      leads: { feedback: 0, infoList: 3, resource: 5, baiList: 0 },
      chat: 0,
    });

    // Higher totals: a notice each, in the spec's order, and the new counts are stored.
    server.totals.messages = { system: 2, user: 1, customer: 3 };
    server.totals.leads = { feedback: 0, infoList: 4, resource: 7, baiList: 0 };
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(server.calls).toEqual(['messages', 'leads', 'chat', 'messages', 'leads', 'chat']);
    expect(recorder.arrivals).toEqual([
      { event: 'message', type: 'customer', title: '' },
      { event: 'lead', list: 'infoList', count: 1 },
      { event: 'lead', list: 'resource', count: 2 },
    ]);
    expect(getUnreadCounters().leads.resource).toBe(7);

    // Equal totals: nothing.
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(server.calls).toHaveLength(9);
    expect(recorder.arrivals).toHaveLength(3);
  });

  it('announces nothing for a lower total, and a rise from that lower total again', async () => {
    server.totals.leads = { resource: 5 };
    startPolls();
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    server.totals.leads = { resource: 2 };
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(recorder.arrivals).toEqual([]);
    server.totals.leads = { resource: 3 };
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(recorder.arrivals).toEqual([{ event: 'lead', list: 'resource', count: 1 }]);
  });

  it('covers the chat: its unread total sets the counter, and a rise is a ChatMessageEvent without a conversation', async () => {
    const chats: Array<{ count: number; totalUnread: number; conversationId?: number }> = [];
    const sub = getEventBus().subscribe(ChatMessageEvent, ({ payload }) => chats.push(payload));
    server.totals.chat = 2;
    startPolls();
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    // The first look only remembers.
    expect(getUnreadCounters().chat).toBe(2);
    expect(chats).toEqual([]);
    server.totals.chat = 5;
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(getUnreadCounters().chat).toBe(5);
    expect(chats).toEqual([{ count: 3, totalUnread: 5 }]);
    // Read in the panel (a lower total), then one more: announced from the lower count.
    server.totals.chat = 0;
    await jest.advanceTimersByTimeAsync(INTERVAL);
    server.totals.chat = 1;
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(chats).toEqual([
      { count: 3, totalUnread: 5 },
      { count: 1, totalUnread: 1 },
    ]);
    sub.unsubscribe();
  });

  it('polls every 180000 ms, not sooner', async () => {
    startPolls();
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    expect(server.api.messageCounts).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(server.api.messageCounts).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.api.messageCounts).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(server.api.messageCounts).toHaveBeenCalledTimes(4);
  });

  it('pauses while the socket is connected, and resumes with a poll soon after it drops', async () => {
    const status$ = new BehaviorSubject<RealtimeStatus>('disconnected');
    startPolls(status$);
    // The socket opens before the first poll: none runs.
    status$.next('connected');
    await jest.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(server.calls).toEqual([]);

    status$.next('disconnected');
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    expect(server.calls).toEqual(['messages', 'leads', 'chat']);
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(server.calls).toHaveLength(6);

    status$.next('connected');
    await jest.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(server.calls).toHaveLength(6);
  });

  it('compares with the counts the socket remembered (shared memory), so a drop misses nothing', async () => {
    const memory = new CountMemory();
    memory.remember('messages', 0);
    memory.remember('resource', 1);
    server.totals.leads = { resource: 2 };
    startPolls(undefined, { memory });
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    expect(recorder.arrivals).toEqual([{ event: 'lead', list: 'resource', count: 1 }]);
  });

  it('drops answers that arrive after the socket reconnected', async () => {
    let answer: (counts: MessageUnreadCounts) => void = () => undefined;
    const status$ = new BehaviorSubject<RealtimeStatus>('disconnected');
    startPolls(status$, {
      api: {
        messageCounts: () => new Promise((resolve) => (answer = resolve)),
        leadCounts: server.api.leadCounts,
        chatUnread: server.api.chatUnread,
      },
    });
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    status$.next('connected');
    answer({ system: 4, user: 0, customer: 4 });
    await jest.advanceTimersByTimeAsync(0);
    expect(getUnreadCounters().messages.customer).toBe(0);
    expect(server.api.leadCounts).not.toHaveBeenCalled();
  });

  it('checks the leads when the messages call fails, and keeps polling', async () => {
    startPolls(undefined, {
      api: { messageCounts: () => Promise.reject(new Error('网络异常')), leadCounts: server.api.leadCounts, chatUnread: server.api.chatUnread },
    });
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    expect(server.api.leadCounts).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(server.api.leadCounts).toHaveBeenCalledTimes(2);
  });

  it('never overlaps polls: a poll still waiting for its answers when the next is due skips that turn', async () => {
    const answers: Array<(counts: MessageUnreadCounts) => void> = [];
    const messageCounts = jest.fn(() => new Promise<MessageUnreadCounts>((resolve) => answers.push(resolve)));
    startPolls(undefined, { api: { messageCounts, leadCounts: server.api.leadCounts, chatUnread: server.api.chatUnread } });
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    expect(messageCounts).toHaveBeenCalledTimes(1);
    // The server takes more than two intervals to answer: no second poll starts meanwhile.
    await jest.advanceTimersByTimeAsync(INTERVAL * 2 + 1000);
    expect(messageCounts).toHaveBeenCalledTimes(1);
    expect(server.api.leadCounts).not.toHaveBeenCalled();
    answers[0]({ system: 0, user: 0, customer: 1 });
    await jest.advanceTimersByTimeAsync(0);
    expect(server.api.leadCounts).toHaveBeenCalledTimes(1);
    expect(getUnreadCounters().messages.customer).toBe(1);
    // The next turn polls again.
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(messageCounts).toHaveBeenCalledTimes(2);
  });

  it('polls soon again when the socket comes and goes during a poll', async () => {
    let answer: (counts: MessageUnreadCounts) => void = () => undefined;
    const messageCounts = jest.fn(() => new Promise<MessageUnreadCounts>((resolve) => (answer = resolve)));
    const status$ = new BehaviorSubject<RealtimeStatus>('disconnected');
    startPolls(status$, { api: { messageCounts, leadCounts: server.api.leadCounts, chatUnread: server.api.chatUnread } });
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    expect(messageCounts).toHaveBeenCalledTimes(1);
    status$.next('connected');
    status$.next('disconnected');
    // The earlier poll's late answer no longer counts.
    answer({ system: 0, user: 0, customer: 7 });
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS - 1);
    expect(messageCounts).toHaveBeenCalledTimes(1);
    expect(getUnreadCounters().messages.customer).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(messageCounts).toHaveBeenCalledTimes(2);
  });

  it('stops polling on unsubscribe', async () => {
    startPolls().unsubscribe();
    await jest.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(server.calls).toEqual([]);
  });

  it('stops a poll under way on unsubscribe: its answers and the calls after them are dropped', async () => {
    let answer: (counts: MessageUnreadCounts) => void = () => undefined;
    const polls = startPolls(undefined, {
      api: {
        messageCounts: () => new Promise((resolve) => (answer = resolve)),
        leadCounts: server.api.leadCounts,
        chatUnread: server.api.chatUnread,
      },
    });
    await jest.advanceTimersByTimeAsync(POLL_AFTER_DISCONNECT_MS);
    polls.unsubscribe();
    answer({ system: 3, user: 0, customer: 3 });
    await jest.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(getUnreadCounters().messages.customer).toBe(0);
    expect(server.api.leadCounts).not.toHaveBeenCalled();
  });
});
