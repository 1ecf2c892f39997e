import { LEAD_LIST_KINDS, MESSAGE_UNREAD_KINDS, type LeadListKind, type MessageUnreadKind } from '@portal/contracts';
import { BehaviorSubject, type Observable } from 'rxjs';
import { getEventBus } from './EventBus';
import { UnreadCountersEvent } from './events';
import { pageGlobal } from './pageGlobal';

/** Unread counts per message kind and per lead list, and the chat's: the numbers behind every badge. */
export interface UnreadCounters {
  readonly messages: Readonly<Record<MessageUnreadKind, number>>;
  readonly leads: Readonly<Record<LeadListKind, number>>;
  /** The visitors' unread messages over every chat conversation (the chat panel's menu entry). */
  readonly chat: number;
}

/** Part of a snapshot; the kinds left out keep their current count. */
export interface UnreadCountersPatch {
  messages?: Partial<Record<MessageUnreadKind, number>>;
  leads?: Partial<Record<LeadListKind, number>>;
  chat?: number;
}

const zeroes = <K extends string>(keys: readonly K[]): Record<K, number> => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

const emptyCounters = (): UnreadCounters => freeze({ messages: zeroes(MESSAGE_UNREAD_KINDS), leads: zeroes(LEAD_LIST_KINDS), chat: 0 });

function freeze(counters: UnreadCounters): UnreadCounters {
  return Object.freeze({
    messages: Object.freeze({ ...counters.messages }),
    leads: Object.freeze({ ...counters.leads }),
    chat: counters.chat,
  });
}

/** A count is a whole number, never below 0; anything else (NaN, Infinity) counts as 0. */
const toCount = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);

const store = (): BehaviorSubject<UnreadCounters> => pageGlobal('unreadCounters', () => new BehaviorSubject<UnreadCounters>(emptyCounters()));

/** The current counters first, then every change. */
export const unreadCounters$: Observable<UnreadCounters> = store().asObservable();

export function getUnreadCounters(): UnreadCounters {
  return store().getValue();
}

function commit(next: UnreadCounters): void {
  const current = getUnreadCounters();
  const same =
    MESSAGE_UNREAD_KINDS.every((kind) => current.messages[kind] === next.messages[kind]) &&
    LEAD_LIST_KINDS.every((list) => current.leads[list] === next.leads[list]) &&
    current.chat === next.chat;
  if (same) return;
  const snapshot = freeze(next);
  // The store moves first so that event handlers reading getUnreadCounters() see the new value.
  store().next(snapshot);
  getEventBus().publish(new UnreadCountersEvent(snapshot));
}

/** Replaces the counts given (a full snapshot from the server, or part of one). */
export function setUnreadCounters(patch: UnreadCountersPatch): void {
  const current = getUnreadCounters();
  const messages = { ...current.messages };
  const leads = { ...current.leads };
  for (const kind of MESSAGE_UNREAD_KINDS) {
    const n = patch.messages?.[kind];
    if (n !== undefined) messages[kind] = toCount(n);
  }
  for (const list of LEAD_LIST_KINDS) {
    const n = patch.leads?.[list];
    if (n !== undefined) leads[list] = toCount(n);
  }
  commit({ messages, leads, chat: patch.chat === undefined ? current.chat : toCount(patch.chat) });
}

/** Adds `delta` to a lead list's unread count (negative when leads are read), never going below 0. */
export function adjustLeadUnread(list: LeadListKind, delta: number): void {
  const current = getUnreadCounters();
  const step = Number.isFinite(delta) ? Math.trunc(delta) : 0;
  commit({ ...current, leads: { ...current.leads, [list]: toCount(current.leads[list] + step) } });
}

/** Sets one message kind's unread count (0 after reading them all). */
export function setMessageUnread(kind: MessageUnreadKind, n: number): void {
  const current = getUnreadCounters();
  commit({ ...current, messages: { ...current.messages, [kind]: toCount(n) } });
}

/** Sets the chat's unread count (a new visitor message's total, or the total after a conversation is read). */
export function setChatUnread(n: number): void {
  commit({ ...getUnreadCounters(), chat: toCount(n) });
}

/** Every count back to 0, as after logout. */
export function resetUnreadCounters(): void {
  commit(emptyCounters());
}
