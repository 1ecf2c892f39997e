import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import { type Eviction, RedisBridge } from './bridge';
import type { ServerEventName } from './events';
import type { HubEvent } from './hub';
import { instanceOf, SocketRegistry } from './registry';

/** An instance's lease in the socket registry: a few heartbeats, and never under this. */
const MIN_LEASE_MS = 10_000;

/** One accepted socket of a channel. */
export interface ChannelClient {
  /** Unique on this instance (the socket registry's member is `<instance>/<id>`): SocketChannel.nextId(). */
  readonly id: string;
  readonly socket: WebSocket;
  /** Answered the last ping. */
  alive: boolean;
}

/** Where a channel's sockets meet across instances, and how often they are pinged: its socket plugin's options. */
export interface SocketChannelTransport {
  /** Fan-out over Redis pub/sub across instances; in-process when null. */
  redisUrl: string | null;
  /** The Redis channel, and the prefix of the registry's keys: one per kind of socket. */
  channel: string;
  heartbeatMs: number;
}

/** What a kind of socket makes of the shared wiring. `C`: what the channel keeps of a socket; `F`: the frames it sends. */
export interface SocketChannelOptions<C extends ChannelClient, F extends object> {
  /** Names the channel in log lines ('realtime', 'chat'). */
  label: string;
  /** What a socket is bounded by: its customer, its conversation. */
  keyOf: (client: C) => number;
  /** Sockets per key, across instances while Redis is up (per instance otherwise); a newer one closes the oldest. */
  perKey: number;
  /** How the oldest socket of a key is closed when a newer one takes it past `perKey`. */
  replaced: { code: number; reason: string };
  /** Unsent bytes a socket may hold; a frame that would go past them closes it with `tooSlowCode` instead. */
  maxBufferedBytes: number;
  tooSlowCode: number;
  /** The app's events this channel carries to every instance. */
  events: readonly ServerEventName[];
  /** Hands an event (from this instance or another) to this instance's sockets. */
  deliver: (event: HubEvent, channel: SocketChannel<C, F>) => void;
  /** Runs on every heartbeat, after the pings (the portal's session check, the visitor's seen time). */
  onHeartbeat?: () => void;
}

/** A frame as its text (ws hands over a Buffer, an ArrayBuffer or fragments). */
export const frameText = (data: RawData): string =>
  (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');

/**
 * The wiring every server socket shares, whatever its authentication and frames: this
 * instance's sockets by key (in opening order) with a per-key bound, kept across instances by
 * the Redis SocketRegistry (a socket pushed out on another instance is closed there, told over
 * the channel); the app's events fanned out over the Redis channel (RedisBridge) and handed to
 * `deliver` exactly once per instance, or in process while there is no Redis; a heartbeat that
 * pings every socket and terminates one that missed the previous ping, and renews the
 * instance's lease; a bound on unsent bytes; and the teardown with the app.
 *
 * Open it with `openSocketChannel`; a route `attach`es each socket once it is accepted.
 */
export class SocketChannel<C extends ChannelClient, F extends object> {
  readonly instanceId = randomBytes(6).toString('hex');
  /** Per key, in opening order (a Set keeps insertion order): the first is the oldest. */
  private readonly byKey = new Map<number, Set<C>>();
  private count = 0;
  private opened = 0;
  private readonly bridge: RedisBridge | null;
  private readonly registry: SocketRegistry | null;
  private heartbeat: NodeJS.Timeout | undefined;
  private unsubscribe: Array<() => void> = [];
  private readonly warnRegistry: (err: unknown) => void;

  constructor(
    private readonly app: FastifyInstance,
    private readonly transport: SocketChannelTransport,
    private readonly options: SocketChannelOptions<C, F>,
  ) {
    this.warnRegistry = (err) => app.log.warn({ err }, `${options.label} socket registry unavailable: the socket bound holds per instance`);
    this.bridge = transport.redisUrl
      ? new RedisBridge({
          url: transport.redisUrl,
          channel: transport.channel,
          onEvent: (event) => options.deliver(event, this),
          onEviction: (eviction) => this.closeEvicted(eviction),
          log: app.log,
        })
      : null;
    this.registry = this.bridge
      ? new SocketRegistry(
          this.bridge.commands,
          transport.channel,
          this.instanceId,
          options.perKey,
          Math.max(3 * transport.heartbeatMs, MIN_LEASE_MS),
        )
      : null;
    this.bridge?.commands.on('ready', () => void this.renewLease().catch(this.warnRegistry));
  }

  /** Connects to Redis (when configured; in process until it is reachable), then carries the events and beats. */
  async start(): Promise<void> {
    await this.bridge?.start();
    const { app, options } = this;
    this.unsubscribe = options.events.map((name) => app.events.on(name, (payload) => this.forward({ name, payload } as HubEvent)));
    this.heartbeat = setInterval(() => this.beat(), this.transport.heartbeatMs);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const stop of this.unsubscribe) stop();
    await this.registry?.retire().catch(() => undefined);
    await this.bridge?.close();
  }

  /** An id for a new socket. */
  nextId(): string {
    this.opened += 1;
    return String(this.opened);
  }

  /** Open sockets on this instance. */
  get size(): number {
    return this.count;
  }

  *clients(): IterableIterator<C> {
    for (const own of this.byKey.values()) yield* own;
  }

  /** The open sockets of one key on this instance, oldest first (a copy). */
  clientsOf(key: number): C[] {
    return [...(this.byKey.get(key) ?? [])];
  }

  /** The keys with an open socket on this instance. */
  keys(): number[] {
    return [...this.byKey.keys()];
  }

  /**
   * Takes an accepted socket in: past the key's bound the oldest are closed (here, or on the
   * instance that holds them); answered pings keep it alive; it is forgotten when it closes.
   */
  attach(client: C): void {
    this.add(client);
    this.register(client).catch(this.warnRegistry);
    client.socket.on('pong', () => {
      client.alive = true;
    });
    client.socket.on('close', () => {
      this.remove(client);
      this.registry?.unregister(this.options.keyOf(client), client.id).catch(() => undefined);
    });
  }

  /** Forgets the socket and closes it with `code`. */
  drop(client: C, code: number, reason: string): void {
    this.remove(client);
    if (client.socket.readyState === WebSocket.OPEN || client.socket.readyState === WebSocket.CONNECTING) client.socket.close(code, reason);
  }

  /**
   * Sends a frame (or its JSON) to one socket. Past `maxBufferedBytes` of unsent data the socket
   * is closed with `tooSlowCode` and false returned.
   */
  send(client: C, frame: F | string): boolean {
    const { socket } = client;
    if (socket.readyState !== WebSocket.OPEN) return false;
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    if (socket.bufferedAmount + Buffer.byteLength(data) > this.options.maxBufferedBytes) {
      this.drop(client, this.options.tooSlowCode, 'too slow');
      return false;
    }
    socket.send(data);
    return true;
  }

  private add(client: C): void {
    const key = this.options.keyOf(client);
    let own = this.byKey.get(key);
    if (!own) {
      own = new Set();
      this.byKey.set(key, own);
    }
    while (own.size >= this.options.perKey) this.drop(own.values().next().value as C, this.options.replaced.code, this.options.replaced.reason);
    own.add(client);
    this.count += 1;
  }

  /** Forgets a socket (idempotent). */
  private remove(client: C): void {
    const key = this.options.keyOf(client);
    const own = this.byKey.get(key);
    if (!own?.delete(client)) return;
    this.count -= 1;
    if (own.size === 0) this.byKey.delete(key);
  }

  /** Closes a socket the registry evicted, if it is one of this instance's. */
  private closeEvicted({ customerId: key, member }: Eviction): void {
    if (instanceOf(member) !== this.instanceId) return;
    const id = member.slice(this.instanceId.length + 1);
    const client = this.clientsOf(key).find((own) => own.id === id);
    if (client) this.drop(client, this.options.replaced.code, this.options.replaced.reason);
  }

  /** Registers a socket across instances and closes what the bound pushes out, here or on another instance. */
  private async register(client: C): Promise<void> {
    if (!this.registry || !this.bridge) return;
    const key = this.options.keyOf(client);
    for (const member of await this.registry.register(key, client.id)) {
      // The Eviction's field is named for the portal's key; the visitor channel puts its conversation there.
      const eviction = { customerId: key, member };
      if (instanceOf(member) === this.instanceId) this.closeEvicted(eviction);
      else this.bridge.publishEviction(eviction);
    }
  }

  /**
   * Renews this instance's lease (on every heartbeat, and whenever Redis is reachable again). When
   * it had lapsed, another instance may have dropped this one's sockets: they are registered
   * again, oldest first.
   */
  private async renewLease(): Promise<void> {
    if (!this.registry || !(await this.registry.renew())) return;
    for (const client of [...this.clients()]) await this.register(client);
  }

  /**
   * With Redis, an event reaches this instance's sockets on its way back from the channel (not
   * directly as well: exactly once); when Redis is down, only directly.
   */
  private forward(event: HubEvent): void {
    if (!this.bridge?.publish(event)) this.options.deliver(event, this);
  }

  private beat(): void {
    for (const client of [...this.clients()]) {
      if (!client.alive) {
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    this.options.onHeartbeat?.();
    this.renewLease().catch(this.warnRegistry);
  }
}

/** A SocketChannel started and closed with the app. */
export async function openSocketChannel<C extends ChannelClient, F extends object>(
  app: FastifyInstance,
  transport: SocketChannelTransport,
  options: SocketChannelOptions<C, F>,
): Promise<SocketChannel<C, F>> {
  const channel = new SocketChannel(app, transport, options);
  await channel.start();
  app.addHook('onClose', () => channel.close());
  return channel;
}
