import { POLLING_INTERVAL_MS, type LeadListKind, type MessageUnreadCounts } from '@portal/contracts';
import { getEventBus, setUnreadCounters, type EventBus } from '@portal/event-bus';
import type { Observable, Unsubscribable } from 'rxjs';
import { announceRises } from './announce';
import { CountMemory } from './countMemory';
import type { RealtimeStatus } from './socketClient';
import { globalTimers, type Timers } from './timers';

/** After the socket drops (or fails to open at start), the first poll runs this soon. */
export const POLL_AFTER_DISCONNECT_MS = 5000;

/** The calls a poll makes, in this order. */
export interface PollerApi {
  /** The message counters; `customer` is the total compared (messagesApi.unreadCounts). */
  messageCounts(): Promise<MessageUnreadCounts>;
  /** The unread leads per list; form leads (infoList) then resources are compared (leadsApi.unreadCounts). */
  leadCounts(): Promise<Partial<Record<LeadListKind, number>>>;
}

export interface PollerOptions {
  api: PollerApi;
  /** The remembered counts shared with the socket client. */
  memory?: CountMemory;
  bus?: EventBus;
  timers?: Timers;
  intervalMs?: number;
  afterDisconnectMs?: number;
}

/**
 * The fallback of the realtime socket (spec 000 section 4): while the socket is not connected,
 * every 3 minutes it checks messages, then form leads, then resources, comparing each total with
 * the remembered count; a higher one is announced on the bus (LeadArrivedEvent /
 * MessageArrivedEvent, which the notifier turns into sound, title and pop-up) and stored. The first
 * look at a count only remembers it. The counters (badges) take the fetched values.
 *
 * While the socket is connected no poll runs; when it drops, one poll runs soon after
 * (POLL_AFTER_DISCONNECT_MS), then one every intervalMs.
 */
export class FallbackPoller {
  readonly #api: PollerApi;
  readonly #memory: CountMemory;
  readonly #bus: EventBus;
  readonly #timers: Timers;
  readonly #intervalMs: number;
  readonly #afterDisconnectMs: number;
  #connected = false;
  #running = false;
  #polling = false;
  /** Moves on every connect and stop: a poll started in an earlier epoch no longer counts. */
  #epoch = 0;
  #timer: unknown = null;
  #statusSubscription: Unsubscribable | null = null;

  constructor({
    api,
    memory = new CountMemory(),
    bus = getEventBus(),
    timers = globalTimers,
    intervalMs = POLLING_INTERVAL_MS,
    afterDisconnectMs = POLL_AFTER_DISCONNECT_MS,
  }: PollerOptions) {
    this.#api = api;
    this.#memory = memory;
    this.#bus = bus;
    this.#timers = timers;
    this.#intervalMs = intervalMs;
    this.#afterDisconnectMs = afterDisconnectMs;
  }

  /** Starts following the socket's status (without one: always disconnected, so always polling). */
  start(status$?: Observable<RealtimeStatus>): void {
    if (this.#running) return;
    this.#running = true;
    if (status$) this.#statusSubscription = status$.subscribe((status) => this.setSocketConnected(status === 'connected'));
    if (!this.#connected) this.#schedule(this.#afterDisconnectMs);
  }

  stop(): void {
    this.#running = false;
    this.#epoch += 1;
    this.#statusSubscription?.unsubscribe();
    this.#statusSubscription = null;
    this.#cancel();
  }

  /** Pauses polling while the socket is up; resumes (one poll soon, then the interval) when it drops. */
  setSocketConnected(connected: boolean): void {
    if (connected === this.#connected) return;
    this.#connected = connected;
    if (connected) {
      this.#epoch += 1;
      this.#cancel();
    } else if (this.#running && !this.#polling) this.#schedule(this.#afterDisconnectMs);
  }

  /** One poll: messages, then the lead lists, each compared and announced in that order. */
  poll(): Promise<void> {
    return this.#poll(() => true);
  }

  /**
   * A poll whose answers count only while `current()` holds: one arriving after the socket
   * reconnected (its snapshot is newer) or after stop() is dropped, as are the calls after it.
   */
  async #poll(current: () => boolean): Promise<void> {
    try {
      const messages = await this.#api.messageCounts();
      if (!current()) return;
      setUnreadCounters({ messages });
      announceRises(this.#memory, this.#bus, { messages: messages.customer });
    } catch {
      // The next poll tries again; a 401 has logged out through the api-client.
    }
    if (!current()) return;
    try {
      const leads = await this.#api.leadCounts();
      if (!current()) return;
      setUnreadCounters({ leads });
      announceRises(this.#memory, this.#bus, { leads });
    } catch {
      // As above.
    }
  }

  #schedule(ms: number): void {
    this.#cancel();
    this.#timer = this.#timers.setTimeout(() => void this.#tick(), ms);
  }

  #cancel(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #tick(): Promise<void> {
    this.#timer = null;
    if (!this.#running || this.#connected) return;
    const epoch = this.#epoch;
    this.#polling = true;
    try {
      await this.#poll(() => this.#epoch === epoch);
    } finally {
      this.#polling = false;
    }
    if (!this.#running || this.#connected) return;
    // The socket came and went during the poll: the drop gets its own poll soon.
    this.#schedule(this.#epoch === epoch ? this.#intervalMs : this.#afterDisconnectMs);
  }
}
