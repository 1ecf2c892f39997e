import { Redis } from 'ioredis';
import type { ServerEventName } from './events';
import type { HubEvent } from './hub';

/** The events that travel between instances (every event of ServerEventMap). */
const BRIDGED: ReadonlySet<string> = new Set<ServerEventName>([
  'lead.arrived',
  'lead.pushed',
  'message.arrived',
  'counters.changed',
  'chat.message',
  'chat.reply',
  'chat.closed',
]);

/** An event as it travels on the channel: `{name, payload}` JSON. */
export const encodeEvent = (event: HubEvent): string => JSON.stringify({ name: event.name, payload: event.payload });

/** A socket an instance must close: the registry put it past its customer's bound. */
export interface Eviction {
  customerId: number;
  /** The registry member, `<instance>/<socket>`. */
  member: string;
}

/** What travels on the channel besides events: `{evict: Eviction}` JSON. */
export const encodeEviction = (eviction: Eviction): string => JSON.stringify({ evict: eviction });

/** A channel message read back: an event, an eviction, or null for anything else (the channel is shared, not trusted blindly). */
export function decodeMessage(text: string): { event: HubEvent } | { eviction: Eviction } | null {
  try {
    const value = JSON.parse(text) as { name?: unknown; payload?: unknown; evict?: { customerId?: unknown; member?: unknown } };
    if (typeof value !== 'object' || value === null) return null;
    if (typeof value.evict === 'object' && value.evict !== null) {
      const { customerId, member } = value.evict;
      return Number.isSafeInteger(customerId) && typeof member === 'string' ? { eviction: { customerId: customerId as number, member } } : null;
    }
    if (typeof value.name !== 'string' || !BRIDGED.has(value.name)) return null;
    if (typeof value.payload !== 'object' || value.payload === null) return null;
    return { event: value as HubEvent };
  } catch {
    return null;
  }
}

/** A connection that fails fast: commands on a connection that is down reject at once (no offline queue). */
export const connectRedis = (url: string): Redis =>
  new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });

/** QUIT when connected; otherwise drop the connection (a QUIT would wait for a reconnect that may never come). */
async function end(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

export interface RedisBridgeOptions {
  url: string;
  channel: string;
  /** Called with every event received from the channel (this instance's own included). */
  onEvent: (event: HubEvent) => void;
  /** Called with every eviction received from the channel. */
  onEviction: (eviction: Eviction) => void;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Realtime fan-out across instances: every instance publishes its events to one Redis pub/sub
 * channel and delivers what it hears on the channel to its own sockets (its own events come
 * back that way too, so each socket gets each event exactly once).
 *
 * Redis down: `start` logs and the server starts anyway; ioredis keeps reconnecting (and
 * resubscribes). While the publishing connection is not ready, `publish` returns false and the
 * caller delivers the event to its own sockets only: one instance keeps working, the others
 * miss the event, and browsers catch up with their `request` on reconnect and their 3-minute
 * poll. Refusing to start would make Redis a hard dependency of logging in.
 */
export class RedisBridge {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(private readonly options: RedisBridgeOptions) {
    this.publisher = connectRedis(options.url);
    // The subscriber's SUBSCRIBE must wait for the connection (and be replayed after a reconnect).
    this.subscriber = new Redis(options.url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: null });
    // An 'error' event without a listener would end the process; ioredis reconnects by itself.
    this.publisher.on('error', (err) => options.log.warn({ err }, 'redis (realtime publish) unavailable'));
    this.subscriber.on('error', (err) => options.log.warn({ err }, 'redis (realtime subscribe) unavailable'));
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== options.channel) return;
      const message = decodeMessage(text);
      if (!message) options.log.warn({ channel }, 'ignored an unknown realtime message');
      else if ('event' in message) options.onEvent(message.event);
      else options.onEviction(message.eviction);
    });
  }

  /** Connects and subscribes; on failure logs and resolves anyway (see the class comment). */
  async start(): Promise<void> {
    try {
      await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
      await this.subscriber.subscribe(this.options.channel);
    } catch (err) {
      this.options.log.error({ err }, 'redis unreachable: realtime events stay on this instance until it is back');
    }
  }

  /** Publishes the event to every instance; false when Redis is down (nothing was sent). */
  publish(event: HubEvent): boolean {
    if (this.publisher.status !== 'ready') return false;
    this.publisher.publish(this.options.channel, encodeEvent(event)).catch((err: unknown) => {
      // Possibly sent: delivering locally as well could duplicate it; the clients' next request catches up.
      this.options.log.warn({ err }, 'realtime publish failed');
    });
    return true;
  }

  /** Tells every instance to close a socket; false when Redis is down. */
  publishEviction(eviction: Eviction): boolean {
    if (this.publisher.status !== 'ready') return false;
    this.publisher.publish(this.options.channel, encodeEviction(eviction)).catch((err: unknown) => {
      this.options.log.warn({ err }, 'realtime eviction publish failed');
    });
    return true;
  }

  /** The publishing connection, which also carries the socket registry's commands (they fail at once while it is down). */
  get commands(): Redis {
    return this.publisher;
  }

  async close(): Promise<void> {
    await Promise.all([end(this.publisher), end(this.subscriber)]);
  }
}

/** One event published from a short-lived process (the CLI): connects, publishes, quits. */
export async function publishOnce(url: string, channel: string, event: HubEvent): Promise<number> {
  // One attempt: the caller reports a failure rather than wait for Redis.
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await redis.publish(channel, encodeEvent(event));
  } finally {
    await end(redis);
  }
}
