import { POLLING_INTERVAL_MS, type LeadListKind } from '@portal/contracts';
import { type MessageUnreadCounts } from '@portal/contracts/messages';
import { getEventBus, setChatUnread, setUnreadCounters, type EventBus } from '@portal/event-bus';
import {
  catchError,
  concat,
  defer,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  ignoreElements,
  map,
  of,
  switchMap,
  tap,
  timer,
  type Observable,
} from 'rxjs';
import { announceRises } from './announce';
import { CountMemory } from './countMemory';
import type { RealtimeStatus } from './socketClient';

/** After the socket drops (or fails to open at start), the first poll runs this soon. */
export const POLL_AFTER_DISCONNECT_MS = 5000;

/** The calls a poll makes, in this order. */
export interface PollerApi {
  /** The message counters; `customer` is the total compared (messagesApi.unreadCounts). */
  messageCounts(): Promise<MessageUnreadCounts>;
  /** The unread leads per list; form leads (infoList) then resources are compared (leadsApi.unreadCounts). */
  leadCounts(): Promise<Partial<Record<LeadListKind, number>>>;
  /** The unread visitor messages over every chat conversation (chat unread). */
  chatUnread(): Promise<number>;
}

export interface PollerOptions {
  api: PollerApi;
  /** The remembered counts shared with the socket client. */
  memory?: CountMemory;
  bus?: EventBus;
  intervalMs?: number;
  afterDisconnectMs?: number;
}

/**
 * One poll: the messages, then the lead lists, then the chat, each total compared with the
 * remembered count and a rise announced on the bus, in that order. A failed call is skipped (the next poll tries again;
 * a 401 has logged out through the api-client). Unsubscribing drops the answers still to come and
 * the calls after them.
 */
function pollOnce({ api, memory, bus }: Required<Pick<PollerOptions, 'api' | 'memory' | 'bus'>>): Observable<never> {
  return concat(
    defer(() => api.messageCounts()).pipe(
      tap((messages) => {
        setUnreadCounters({ messages });
        announceRises(memory, bus, { messages: messages.customer });
      }),
      ignoreElements(),
      catchError(() => EMPTY),
    ),
    defer(() => api.leadCounts()).pipe(
      tap((leads) => {
        setUnreadCounters({ leads });
        announceRises(memory, bus, { leads });
      }),
      ignoreElements(),
      catchError(() => EMPTY),
    ),
    chatCheck({ api, memory, bus }),
  );
}

/**
 * The chat's part of a poll, and the socket's catch-up on every (re)connect (its snapshot carries
 * no chat count): the unread total sets the counter, and a rise over the remembered one is
 * announced (ChatMessageEvent: the panel reloads, the notifier tells). A failed call is skipped.
 */
export function chatCheck({ api, memory, bus }: Required<Pick<PollerOptions, 'api' | 'memory' | 'bus'>>): Observable<never> {
  return defer(() => api.chatUnread()).pipe(
    tap((chat) => {
      setChatUnread(chat);
      announceRises(memory, bus, { chat });
    }),
    ignoreElements(),
    catchError(() => EMPTY),
  );
}

/**
 * The fallback of the realtime socket (spec 000 section 4), running while subscribed: while the
 * socket is not connected, every 3 minutes it checks messages, then form leads, then resources
 * (then the chat's unread visitor messages, ChatMessageEvent),
 * comparing each total with the remembered count; a higher one is announced on the bus
 * (LeadArrivedEvent / MessageArrivedEvent, which the notifier turns into sound, title and pop-up)
 * and stored. The first look at a count only remembers it. The counters (badges) take the fetched
 * values.
 *
 * While the socket is connected no poll runs, and one under way is dropped (the socket's snapshot
 * is newer); when it drops, one poll runs soon after (afterDisconnectMs), then one every
 * intervalMs. A poll still running when the next is due is not overlapped: that tick is skipped.
 * Without a status$ the socket counts as never connected: always polling.
 */
export function fallbackPolls(
  status$: Observable<RealtimeStatus> = of('disconnected'),
  {
    api,
    memory = new CountMemory(),
    bus = getEventBus(),
    intervalMs = POLLING_INTERVAL_MS,
    afterDisconnectMs = POLL_AFTER_DISCONNECT_MS,
  }: PollerOptions,
): Observable<never> {
  const onePoll = pollOnce({ api, memory, bus });
  return status$.pipe(
    map((status) => status === 'connected'),
    distinctUntilChanged(),
    switchMap((connected) => (connected ? EMPTY : timer(afterDisconnectMs, intervalMs).pipe(exhaustMap(() => onePoll)))),
  );
}
