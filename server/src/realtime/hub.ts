import { LEAD_LIST_KINDS } from '@portal/contracts';
import { REALTIME_MAX_SOCKETS_PER_USER, RealtimeCloseCode, type RealtimeServerFrame, type RealtimeTopic } from '@portal/contracts/messages';
import WebSocket from 'ws';
import type { ServerEventMap, ServerEventName } from './events';

/**
 * A slow reader's bound: when a frame would take the socket's unsent bytes past it, the socket
 * is closed (4409) instead of queueing more, so a client that stops reading cannot make the
 * server's memory grow. Frames are small (a snapshot is a few KB): only a stuck client gets here.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One open socket of a logged-in customer. */
export interface RealtimeClient {
  /** Unique on this instance (the socket registry's member is `<instance>/<id>`). */
  readonly id: string;
  readonly socket: WebSocket;
  readonly customerId: number;
  /** The database key of the session that opened it (checked on every heartbeat). */
  readonly sessionKey: string;
  /** Topics it subscribed to (none until its first `subscribe`). */
  topics: ReadonlySet<RealtimeTopic>;
  /** Answered the last ping. */
  alive: boolean;
}

/** An event as the hub delivers it: a name of ServerEventMap and its payload. */
export type HubEvent = { [K in ServerEventName]: { name: K; payload: ServerEventMap[K] } }[ServerEventName];

/**
 * The sockets of this instance, indexed by customer. Every event is turned into one frame,
 * serialized once, and sent to the sockets of that customer (or of every customer, for a system
 * notice) that subscribed to its topic: a customer's events never reach another customer's sockets.
 */
export class RealtimeHub {
  /** Per customer, in opening order (a Set keeps insertion order): the first is the oldest. */
  private readonly byCustomer = new Map<number, Set<RealtimeClient>>();
  private count = 0;

  constructor(private readonly maxPerCustomer: number = REALTIME_MAX_SOCKETS_PER_USER) {}

  /** Open sockets on this instance. */
  get size(): number {
    return this.count;
  }

  /** Registers a new socket; past the per-customer bound the oldest ones are closed with 4408. */
  add(client: RealtimeClient): void {
    let own = this.byCustomer.get(client.customerId);
    if (!own) {
      own = new Set();
      this.byCustomer.set(client.customerId, own);
    }
    while (own.size >= this.maxPerCustomer) {
      const oldest = own.values().next().value as RealtimeClient;
      this.drop(oldest, RealtimeCloseCode.TooManySockets, 'too many sockets');
    }
    own.add(client);
    this.count += 1;
  }

  /** Forgets a socket (idempotent); called when it closes. */
  remove(client: RealtimeClient): void {
    const own = this.byCustomer.get(client.customerId);
    if (!own?.delete(client)) return;
    this.count -= 1;
    if (own.size === 0) this.byCustomer.delete(client.customerId);
  }

  /** Forgets the socket and closes it with `code`. */
  drop(client: RealtimeClient, code: number, reason: string): void {
    this.remove(client);
    if (client.socket.readyState === WebSocket.OPEN || client.socket.readyState === WebSocket.CONNECTING) client.socket.close(code, reason);
  }

  /** The customer's socket with this id, if it is open here. */
  find(customerId: number, id: string): RealtimeClient | undefined {
    for (const client of this.byCustomer.get(customerId) ?? []) if (client.id === id) return client;
    return undefined;
  }

  *clients(): IterableIterator<RealtimeClient> {
    for (const own of this.byCustomer.values()) yield* own;
  }

  /**
   * Sends a frame (or its JSON) to one socket. Past MAX_BUFFERED_BYTES of unsent data the
   * socket is closed with 4409 and false returned.
   */
  send(client: RealtimeClient, frame: RealtimeServerFrame | string): boolean {
    const { socket } = client;
    if (socket.readyState !== WebSocket.OPEN) return false;
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    if (socket.bufferedAmount + Buffer.byteLength(data) > MAX_BUFFERED_BYTES) {
      this.drop(client, RealtimeCloseCode.TooSlow, 'too slow');
      return false;
    }
    socket.send(data);
    return true;
  }

  /** Delivers an event to the sockets it concerns; returns how many received it. */
  deliver(event: HubEvent): number {
    const target = routeOf(event);
    if (!target) return 0;
    const data = JSON.stringify(target.frame);
    const recipients = target.customerId === null ? [...this.clients()] : [...(this.byCustomer.get(target.customerId) ?? [])];
    let sent = 0;
    for (const client of recipients) {
      if (client.topics.has(target.topic) && this.send(client, data)) sent += 1;
    }
    return sent;
  }
}

/** Which sockets an event goes to (one customer's, or everyone's when null), on which topic, as which frame. */
function routeOf(event: HubEvent): { customerId: number | null; topic: RealtimeTopic; frame: RealtimeServerFrame } | null {
  switch (event.name) {
    case 'message.arrived': {
      const { customerId, message } = event.payload;
      const topic = customerId === null ? 'system' : 'user';
      return { customerId, topic, frame: { kind: 'message', topic, message } };
    }
    case 'lead.arrived': {
      const { customerId, listKind, id } = event.payload;
      return { customerId, topic: 'user', frame: { kind: 'lead', topic: 'user', listKind, id } };
    }
    case 'lead.pushed': {
      const { customerId, listKind, id } = event.payload;
      return { customerId, topic: 'user', frame: { kind: 'pushed', topic: 'user', listKind, id } };
    }
    case 'counters.changed': {
      const { customerId, messages, leads } = event.payload;
      const frame: RealtimeServerFrame = { kind: 'counters', topic: 'unread' };
      if (messages) frame.messages = messages;
      if (leads) {
        // Only the lists with a badge; the event may carry more kinds.
        const listed = Object.fromEntries(LEAD_LIST_KINDS.filter((kind) => leads[kind] !== undefined).map((kind) => [kind, leads[kind]]));
        if (Object.keys(listed).length) frame.leads = listed;
      }
      if (!frame.messages && !frame.leads) return null;
      return { customerId, topic: 'unread', frame };
    }
    default:
      return null;
  }
}
