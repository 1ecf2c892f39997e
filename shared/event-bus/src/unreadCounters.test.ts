import { getEventBus } from './EventBus';
import { UnreadCountersEvent } from './events';
import {
  adjustLeadUnread,
  getUnreadCounters,
  resetUnreadCounters,
  setChatUnread,
  setMessageUnread,
  setUnreadCounters,
  unreadCounters$,
  type UnreadCounters,
} from './unreadCounters';

describe('unread counters', () => {
  let events: UnreadCounters[];
  let unsubscribe: () => void;

  beforeEach(() => {
    resetUnreadCounters();
    events = [];
    const sub = getEventBus().subscribe(UnreadCountersEvent, (event) => events.push(event.payload));
    unsubscribe = () => sub.unsubscribe();
  });
  afterEach(() => unsubscribe());

  it('starts at zero for every message kind and lead list, and for the chat', () => {
    expect(getUnreadCounters()).toEqual({
      messages: { system: 0, user: 0, customer: 0 },
      leads: { feedback: 0, infoList: 0, resource: 0, baiList: 0 },
      chat: 0,
    });
  });

  it("keeps the chat's count beside the others: set alone, in a patch, kept by the other changes", () => {
    setChatUnread(3);
    expect(events.map((counters) => counters.chat)).toEqual([3]);
    adjustLeadUnread('resource', 1);
    setMessageUnread('user', 2);
    setUnreadCounters({ leads: { feedback: 4 } });
    expect(getUnreadCounters().chat).toBe(3);
    setUnreadCounters({ chat: 5 });
    expect(getUnreadCounters().chat).toBe(5);
    setChatUnread(-2);
    expect(getUnreadCounters().chat).toBe(0);
    // Unchanged: nothing published.
    setChatUnread(0);
    expect(events).toHaveLength(6);
  });

  it('publishes the full snapshot on each change', () => {
    setUnreadCounters({ messages: { system: 2, user: 1, customer: 0 }, leads: { feedback: 5 } });
    adjustLeadUnread('feedback', -1);

    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({
      messages: { system: 2, user: 1, customer: 0 },
      leads: { feedback: 4, infoList: 0, resource: 0, baiList: 0 },
      chat: 0,
    });
    expect(getUnreadCounters()).toBe(events[1]);
  });

  it('keeps kinds left out of a partial snapshot', () => {
    setUnreadCounters({ leads: { resource: 3 } });
    setUnreadCounters({ messages: { user: 2 } });
    expect(getUnreadCounters().leads.resource).toBe(3);
    expect(getUnreadCounters().messages.user).toBe(2);
  });

  it('never lets a lead counter go below zero', () => {
    adjustLeadUnread('infoList', 2);
    adjustLeadUnread('infoList', -5);
    expect(getUnreadCounters().leads.infoList).toBe(0);
    adjustLeadUnread('infoList', -1);
    // Already 0: nothing changed, so nothing is published.
    expect(events).toHaveLength(2);
  });

  it('clamps set values to whole non-negative numbers', () => {
    setMessageUnread('customer', -3);
    expect(getUnreadCounters().messages.customer).toBe(0);
    setMessageUnread('customer', 2.7);
    expect(getUnreadCounters().messages.customer).toBe(2);
    setUnreadCounters({ leads: { baiList: Number.NaN } });
    expect(getUnreadCounters().leads.baiList).toBe(0);
  });

  it('zeroes one message kind after it is read', () => {
    setUnreadCounters({ messages: { system: 3, user: 2 } });
    setMessageUnread('system', 0);
    expect(getUnreadCounters().messages).toEqual({ system: 0, user: 2, customer: 0 });
  });

  it('replays the current counters to a late subscriber, then each change', () => {
    setMessageUnread('user', 1);
    const seen: number[] = [];
    const sub = unreadCounters$.subscribe((counters) => seen.push(counters.messages.user));
    setMessageUnread('user', 6);
    sub.unsubscribe();
    expect(seen).toEqual([1, 6]);
  });

  it('hands out frozen snapshots', () => {
    setMessageUnread('system', 1);
    const counters = getUnreadCounters() as { messages: Record<string, number> };
    expect(() => {
      counters.messages.system = 99;
    }).toThrow(TypeError);
  });
});
