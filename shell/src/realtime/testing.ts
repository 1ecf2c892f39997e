import type { RealtimeClientFrame, RealtimeServerFrame } from '@portal/contracts';
import { getEventBus, LeadArrivedEvent, MessageArrivedEvent } from '@portal/event-bus';
import type { Unsubscribable } from 'rxjs';
import type { RealtimeSocket } from './socketClient';

/** A WebSocket double: the test opens it, feeds it frames and drops it. */
export class FakeSocket implements RealtimeSocket {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: RealtimeClientFrame[] = [];
  closedWith: { code?: number; reason?: string } | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as RealtimeClientFrame);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
  }

  open(): void {
    this.onopen?.(new Event('open'));
  }

  receive(frame: RealtimeServerFrame | string): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }));
  }

  /** The server or the network closes the socket. */
  drop(code = 1006): void {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** A factory handing out FakeSockets, all kept in `sockets`. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    createSocket: (url: string) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
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
