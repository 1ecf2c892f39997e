import { LEAD_LIST_KINDS, listShowingKind } from '@portal/contracts';
import {
  REALTIME_PATH,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_RECONNECT_MIN_MS,
  REALTIME_TOPICS,
  RealtimeCloseCode,
  realtimeServerFrameSchema,
  type RealtimeClientFrame,
  type RealtimeServerFrame,
} from '@portal/contracts/messages';
import {
  adjustLeadUnread,
  ChatMessageEvent,
  getEventBus,
  getUnreadCounters,
  LeadArrivedEvent,
  LeadPushedEvent,
  MessageArrivedEvent,
  setChatUnread,
  setUnreadCounters,
  type EventBus,
} from '@portal/event-bus';
import {
  BehaviorSubject,
  catchError,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  map,
  merge,
  mergeMap,
  NEVER,
  retry,
  Subject,
  take,
  throwError,
  timer,
  type Observable,
  type Subscription,
} from 'rxjs';
import { webSocket, type WebSocketSubject, type WebSocketSubjectConfig } from 'rxjs/webSocket';
import { announceRises, messageKindOf } from './announce';
import { CountMemory } from './countMemory';

/** What opens a socket: the browser's WebSocket, or a double in tests. */
export type WebSocketConstructor = NonNullable<WebSocketSubjectConfig<unknown>['WebSocketCtor']>;

/** connected: the socket is open and caught up (its snapshot came); disconnected: connecting, waiting to reconnect, or stopped. */
export type RealtimeStatus = 'connected' | 'disconnected';

/** ws:// or wss:// of the page's own origin: the session cookie goes along. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`;
}

/**
 * The wait before reconnect attempt `attempt` (0 for the first): 1 s doubling up to 30 s, each
 * spread by ±20 % (`random` in [0, 1)) so that tabs cut off together do not all return at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(REALTIME_RECONNECT_MAX_MS, REALTIME_RECONNECT_MIN_MS * 2 ** Math.min(attempt, 30));
  const spread = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(REALTIME_RECONNECT_MAX_MS, Math.max(REALTIME_RECONNECT_MIN_MS, spread)));
}

/** Closing codes after which the client stays closed (and the poller takes over). */
const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  // The session is gone: the api-client's 401 handling logs out on the next call.
  RealtimeCloseCode.Unauthorized,
  // Too many tabs hold a socket: this one, the oldest, steps back instead of evicting another.
  RealtimeCloseCode.TooManySockets,
]);
// Any other close (the network, a server restart, 4409 for a tab that read too slowly) reconnects.

const NORMAL_CLOSURE = 1000;

/** What ends one connection: its close event's code (an error event is always followed by one). */
class SocketClosed extends Error {
  constructor(readonly code: number) {
    super(`realtime socket closed with ${code}`);
  }
}

/** A text frame of the protocol, or null for anything else (bad JSON, an unknown kind): those are skipped. */
function parseFrame(data: unknown): RealtimeServerFrame | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = realtimeServerFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export interface SocketClientOptions {
  /** Default: realtimeUrl() of the page. */
  url?: string;
  /** Default: the browser's WebSocket. */
  WebSocketCtor?: WebSocketConstructor;
  /** For the jitter; default Math.random. */
  random?: () => number;
  bus?: EventBus;
  /** The remembered counts shared with the poller. */
  memory?: CountMemory;
}

/**
 * The realtime feed on `/rest/ws` (contracts/messages/realtime.ts), on rxjs's `webSocket`:
 * - on every open it subscribes to system, user and unread, then requests the snapshot;
 * - the snapshot sets every counter and is the catch-up: totals higher than the remembered ones
 *   (leads that arrived while disconnected) are announced on the bus like live arrivals;
 * - live `message`, `lead` and `chat` frames are published on the bus and move the counters,
 *   `counters` frames set them;
 * - a closed socket reconnects (`retry`) with exponential backoff and jitter, except after 4401
 *   (session gone) and 4408 (too many sockets); `close()` (logout) closes cleanly and for good.
 */
export class RealtimeSocketClient {
  readonly #url: string;
  readonly #WebSocketCtor: WebSocketConstructor | undefined;
  readonly #random: () => number;
  readonly #bus: EventBus;
  readonly #memory: CountMemory;
  readonly #status = new BehaviorSubject<RealtimeStatus>('disconnected');
  /** The socket while it is open: close() closes it with 1000. */
  #open: WebSocketSubject<unknown> | null = null;
  #subscription: Subscription | null = null;
  /** Reconnects since the last snapshot: the backoff's step. */
  #attempt = 0;
  #stopped = false;

  /** The current status first, then each change; completes when the client stops for good. */
  readonly status$: Observable<RealtimeStatus> = this.#status.pipe(distinctUntilChanged());

  constructor({
    url = realtimeUrl(),
    WebSocketCtor,
    random = Math.random,
    bus = getEventBus(),
    memory = new CountMemory(),
  }: SocketClientOptions = {}) {
    this.#url = url;
    this.#WebSocketCtor = WebSocketCtor;
    this.#random = random;
    this.#bus = bus;
    this.#memory = memory;
  }

  get status(): RealtimeStatus {
    return this.#status.getValue();
  }

  /** Whether the client gave up for good (closed, or the server said the session is gone). */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** Opens the socket (once; reconnects follow by themselves). */
  start(): void {
    if (this.#stopped || this.#subscription) return;
    this.#subscription = defer(() => this.#connection())
      .pipe(retry({ delay: (error: unknown) => this.#reconnectAfter(error) }))
      .subscribe({
        next: (frame) => this.#apply(frame),
        // Only a final close code ends the retries.
        complete: () => this.#end(),
      });
  }

  /** Closes for good (logout, or the frame unmounting): no reconnect. */
  close(): void {
    if (this.#stopped) return;
    // An open socket is closed with a code (the subject's error path); a connecting one by the unsubscription.
    this.#open?.error({ code: NORMAL_CLOSURE, reason: 'logout' });
    this.#open = null;
    this.#subscription?.unsubscribe();
    this.#end();
  }

  #end(): void {
    this.#stopped = true;
    this.#status.next('disconnected');
    this.#status.complete();
  }

  /** One socket: its frames, then a SocketClosed error with its close code (or the error opening it). */
  #connection(): Observable<RealtimeServerFrame> {
    const closed = new Subject<CloseEvent>();
    const socket: WebSocketSubject<unknown> = webSocket<unknown>({
      url: this.#url,
      ...(this.#WebSocketCtor ? { WebSocketCtor: this.#WebSocketCtor } : {}),
      // Frames are parsed below: a bad one is skipped instead of ending the connection.
      deserializer: (event) => event.data,
      serializer: (frame) => JSON.stringify(frame),
      openObserver: {
        next: () => {
          this.#open = socket;
          const send = (frame: RealtimeClientFrame) => socket.next(frame);
          send({ op: 'subscribe', topics: [...REALTIME_TOPICS] });
          send({ op: 'request' });
        },
      },
      closeObserver: closed,
    });
    const frames = socket.pipe(
      // The subject errors on the error event (and completes on a clean close); the close event
      // that always follows decides, below. A constructor failure is an Error, not an Event: it
      // ends this attempt at once.
      catchError((error: unknown) => (error instanceof Event ? NEVER : throwError(() => error))),
      map(parseFrame),
      filter((frame): frame is RealtimeServerFrame => frame !== null),
    );
    const end = closed.pipe(
      take(1),
      mergeMap((event) => {
        this.#open = null;
        this.#status.next('disconnected');
        return throwError(() => new SocketClosed(event.code));
      }),
    );
    return merge(frames, end);
  }

  /** retry's delay: none after a final close code (the feed completes), the backoff otherwise. */
  #reconnectAfter(error: unknown): Observable<unknown> {
    if (error instanceof SocketClosed && FINAL_CLOSE_CODES.has(error.code)) return EMPTY;
    const delay = reconnectDelay(this.#attempt, this.#random);
    this.#attempt += 1;
    return timer(delay);
  }

  #apply(frame: RealtimeServerFrame): void {
    switch (frame.kind) {
      case 'snapshot': {
        // Connected means caught up: a socket that opens and drops before its snapshot (a proxy
        // cutting it) neither resets the backoff nor pauses the poller.
        this.#attempt = 0;
        if (this.#status.getValue() !== 'connected') this.#status.next('connected');
        setUnreadCounters({ messages: frame.messages, leads: frame.leads });
        announceRises(this.#memory, this.#bus, { messages: frame.messages.customer, newestMessage: frame.unread[0], leads: frame.leads });
        return;
      }
      case 'message': {
        // A receive event increments the matching type (spec 000 section 4) and the total.
        const kind = messageKindOf(frame.message);
        const { messages } = getUnreadCounters();
        setUnreadCounters({ messages: { [kind]: messages[kind] + 1, customer: messages.customer + 1 } });
        this.#memory.add('messages', 1);
        this.#bus.publish(new MessageArrivedEvent({ type: kind, title: frame.message.title }));
        return;
      }
      case 'lead': {
        // The lead counts on the list that shows its kind (a CPC resource on 竞价资源, ...).
        const list = listShowingKind(frame.listKind);
        if (!list) return;
        adjustLeadUnread(list, 1);
        this.#memory.add(list, 1);
        this.#bus.publish(new LeadArrivedEvent({ list, count: 1 }));
        return;
      }
      case 'chat': {
        // The frame knows the total: the counter takes it, the memory keeps it (no second notice from a poll).
        setChatUnread(frame.totalUnread);
        this.#memory.remember('chat', frame.totalUnread);
        const { conversationId, messageId, totalUnread, visitorName, message } = frame;
        this.#bus.publish(
          new ChatMessageEvent({
            conversationId,
            messageId,
            count: 1,
            totalUnread,
            ...(visitorName === undefined ? {} : { visitorName }),
            ...(message === undefined ? {} : { message }),
          }),
        );
        return;
      }
      case 'pushed': {
        // A push changes a row's state, not what is unread: no counter, no notice.
        this.#bus.publish(new LeadPushedEvent({ list: frame.listKind, id: frame.id }));
        return;
      }
      case 'counters': {
        // Reads and deletes elsewhere: the new counts need no notice, only remembering.
        setUnreadCounters({ messages: frame.messages, leads: frame.leads });
        if (frame.messages) this.#memory.remember('messages', frame.messages.customer);
        for (const list of LEAD_LIST_KINDS) {
          const total = frame.leads?.[list];
          if (total !== undefined) this.#memory.remember(list, total);
        }
        return;
      }
      case 'subscribed':
      case 'error':
        return;
    }
  }
}
