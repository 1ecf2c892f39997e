import {
  LEAD_LIST_KINDS,
  REALTIME_PATH,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_RECONNECT_MIN_MS,
  REALTIME_TOPICS,
  RealtimeCloseCode,
  realtimeServerFrameSchema,
  type LeadListKind,
  type RealtimeClientFrame,
  type RealtimeServerFrame,
} from '@portal/contracts';
import {
  adjustLeadUnread,
  getEventBus,
  getUnreadCounters,
  LeadArrivedEvent,
  MessageArrivedEvent,
  setUnreadCounters,
  type EventBus,
} from '@portal/event-bus';
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import { announceRises, messageKindOf } from './announce';
import { CountMemory } from './countMemory';
import { globalTimers, type Timers } from './timers';

/** The part of a browser WebSocket the client uses (a fake in tests). */
export interface RealtimeSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => RealtimeSocket;

/** connected: the socket is open and subscribed; disconnected: connecting, waiting to reconnect, or stopped. */
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

const NORMAL_CLOSURE = 1000;

const isListKind = (kind: string): kind is LeadListKind => (LEAD_LIST_KINDS as readonly string[]).includes(kind);

export interface SocketClientOptions {
  /** Default: realtimeUrl() of the page. */
  url?: string;
  /** Default: the browser's WebSocket. */
  createSocket?: SocketFactory;
  timers?: Timers;
  /** For the jitter; default Math.random. */
  random?: () => number;
  bus?: EventBus;
  /** The remembered counts shared with the poller. */
  memory?: CountMemory;
}

/**
 * The realtime feed on `/rest/ws` (contracts/messages/realtime.ts), without any framework:
 * - on every open it subscribes to system, user and unread, then requests the snapshot;
 * - the snapshot sets every counter and is the catch-up: totals higher than the remembered ones
 *   (leads that arrived while disconnected) are announced on the bus like live arrivals;
 * - live `message` and `lead` frames are published on the bus and move the counters, `counters`
 *   frames set them;
 * - a dropped socket reconnects with exponential backoff and jitter, except after 4401 (session
 *   gone) and 4408 (too many sockets); `close()` (logout) closes cleanly and for good.
 */
export class RealtimeSocketClient {
  readonly #url: string;
  readonly #createSocket: SocketFactory;
  readonly #timers: Timers;
  readonly #random: () => number;
  readonly #bus: EventBus;
  readonly #memory: CountMemory;
  readonly #status = new BehaviorSubject<RealtimeStatus>('disconnected');
  #socket: RealtimeSocket | null = null;
  #reconnectTimer: unknown = null;
  #attempt = 0;
  #stopped = false;

  /** The current status first, then each change. */
  readonly status$: Observable<RealtimeStatus> = this.#status.pipe(distinctUntilChanged());

  constructor({
    url = realtimeUrl(),
    createSocket = (socketUrl) => new WebSocket(socketUrl),
    timers = globalTimers,
    random = Math.random,
    bus = getEventBus(),
    memory = new CountMemory(),
  }: SocketClientOptions = {}) {
    this.#url = url;
    this.#createSocket = createSocket;
    this.#timers = timers;
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
    if (this.#stopped || this.#socket || this.#reconnectTimer !== null) return;
    this.#connect();
  }

  /** Closes for good (logout, or the frame unmounting): no reconnect. */
  close(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#clearReconnect();
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      try {
        socket.close(NORMAL_CLOSURE, 'logout');
      } catch {
        // Already closing.
      }
    }
    this.#status.next('disconnected');
    this.#status.complete();
  }

  #connect(): void {
    this.#reconnectTimer = null;
    let socket: RealtimeSocket;
    try {
      socket = this.#createSocket(this.#url);
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (socket !== this.#socket) return;
      this.#send({ op: 'subscribe', topics: [...REALTIME_TOPICS] });
      this.#send({ op: 'request' });
    };
    socket.onmessage = (event) => {
      if (socket === this.#socket) this.#receive(event.data);
    };
    // A close event always follows an error: the reconnect is decided there.
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      this.#status.next('disconnected');
      if (FINAL_CLOSE_CODES.has(event.code)) {
        this.#stopped = true;
        this.#status.complete();
        return;
      }
      this.#scheduleReconnect();
    };
  }

  #scheduleReconnect(): void {
    if (this.#stopped) return;
    const delay = reconnectDelay(this.#attempt, this.#random);
    this.#attempt += 1;
    this.#reconnectTimer = this.#timers.setTimeout(() => this.#connect(), delay);
  }

  #clearReconnect(): void {
    if (this.#reconnectTimer !== null) this.#timers.clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
  }

  #send(frame: RealtimeClientFrame): void {
    try {
      this.#socket?.send(JSON.stringify(frame));
    } catch {
      // The socket closed meanwhile: the close handler reconnects, and the next open sends again.
    }
  }

  #receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = realtimeServerFrameSchema.safeParse(json);
    if (parsed.success) this.#apply(parsed.data);
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
        // Only the lists with a counter have a badge and a page to view.
        if (!isListKind(frame.listKind)) return;
        adjustLeadUnread(frame.listKind, 1);
        this.#memory.add(frame.listKind, 1);
        this.#bus.publish(new LeadArrivedEvent({ list: frame.listKind, count: 1 }));
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
