import type { RealtimeClientFrame, RealtimeServerFrame } from '@portal/contracts/messages';
import { getEventBus, LeadArrivedEvent, MessageArrivedEvent } from '@portal/event-bus';
import type { Unsubscribable } from 'rxjs';
import type { WebSocketConstructor } from './socketClient';

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;
/** What a browser reports when the connection was lost without a close frame. */
const ABNORMAL_CLOSURE = 1006;

/**
 * A WebSocket double with the part of a browser WebSocket that rxjs's webSocket subject uses
 * (readyState, the four handlers, send, close): the test opens it, feeds it frames and drops it.
 */
export class FakeSocket {
  readyState = CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: RealtimeClientFrame[] = [];
  closedWith: { code?: number; reason?: string } | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== OPEN) throw new DOMException('WebSocket is not open', 'InvalidStateError');
    this.sent.push(JSON.parse(data) as RealtimeClientFrame);
  }

  /** The client closes it (the close event comes when the test drops it). */
  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = CLOSING;
  }

  open(): void {
    this.readyState = OPEN;
    this.onopen?.(new Event('open'));
  }

  receive(frame: RealtimeServerFrame | string): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }));
  }

  /**
   * The server or the network closes the socket, as a browser reports it: a lost connection
   * (1006, the default) fires an error event and then an unclean close; a close frame from the
   * server (any other code) a clean close.
   */
  drop(code = ABNORMAL_CLOSURE): void {
    this.readyState = CLOSED;
    if (code === ABNORMAL_CLOSURE) this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code, wasClean: code !== ABNORMAL_CLOSURE }));
  }
}

/**
 * A WebSocket constructor handing out FakeSockets, all kept in `sockets`; after refuse(n) the next
 * n constructions throw, as a browser does for a URL or a page it does not allow.
 */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  let refusals = 0;
  class TrackedSocket extends FakeSocket {
    constructor(url: string) {
      if (refusals > 0) {
        refusals -= 1;
        throw new DOMException(`Refused to connect to '${url}'`, 'SecurityError');
      }
      super(url);
      sockets.push(this);
    }
  }
  return {
    sockets,
    refuse: (n: number) => {
      refusals = n;
    },
    // FakeSocket has the part of WebSocket the rxjs subject touches, not the whole DOM interface.
    WebSocketCtor: TrackedSocket as unknown as WebSocketConstructor,
    last: () => sockets[sockets.length - 1],
  };
}

export type Arrival = { event: 'lead'; list: string; count: number } | { event: 'message'; type: string; title: string };

/** Records LeadArrivedEvent and MessageArrivedEvent in publishing order. */
export function recordArrivals(): { arrivals: Arrival[]; stop: () => void } {
  const arrivals: Arrival[] = [];
  const bus = getEventBus();
  const subscriptions: Unsubscribable[] = [
    bus.subscribe(LeadArrivedEvent, ({ payload }) => arrivals.push({ event: 'lead', ...payload })),
    bus.subscribe(MessageArrivedEvent, ({ payload }) => arrivals.push({ event: 'message', ...payload })),
  ];
  return { arrivals, stop: () => subscriptions.forEach((subscription) => subscription.unsubscribe()) };
}

export const snapshot = (
  leads: Partial<Record<'feedback' | 'infoList' | 'resource' | 'baiList', number>> = {},
  messages: { system: number; user: number; customer: number } = { system: 0, user: 0, customer: 0 },
  unread: Extract<RealtimeServerFrame, { kind: 'snapshot' }>['unread'] = [],
): RealtimeServerFrame => ({
  kind: 'snapshot',
  messages,
  leads: { feedback: 0, infoList: 0, resource: 0, baiList: 0, ...leads },
  unread,
});
