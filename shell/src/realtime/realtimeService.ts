import { pollCalls } from '../store/pollCalls';
import { getEventBus, SessionLogoutEvent, type EventBus } from '@portal/event-bus';
import type { Observable } from 'rxjs';
import { CountMemory } from './countMemory';
import { FallbackPoller, type PollerApi } from './poller';
import { RealtimeSocketClient, type RealtimeStatus, type SocketClientOptions } from './socketClient';
import { globalTimers, type Timers } from './timers';

/** The calls of the fallback poll, through the shell's store (a 401 there logs out). */
export const pollerApi: PollerApi = pollCalls;

export interface RealtimeDeps {
  /** url, createSocket, random of the socket client. */
  socket?: Pick<SocketClientOptions, 'url' | 'createSocket' | 'random'>;
  api?: PollerApi;
  bus?: EventBus;
  timers?: Timers;
}

export interface RealtimeConnection {
  status$: Observable<RealtimeStatus>;
  /** Closes the socket cleanly and stops polling, for good. */
  stop(): void;
}

/**
 * The logged-in page's feed of new data: the socket, with the poller as its fallback while it is
 * not connected, sharing the remembered counts. Both publish on the bus; the notifier listens
 * there. Stops by itself on SessionLogoutEvent.
 */
export function startRealtime({ socket: socketOptions, api = pollerApi, bus = getEventBus(), timers = globalTimers }: RealtimeDeps = {}): RealtimeConnection {
  const memory = new CountMemory();
  const socket = new RealtimeSocketClient({ ...socketOptions, bus, memory, timers });
  const poller = new FallbackPoller({ api, bus, memory, timers });
  const stop = () => {
    logout.unsubscribe();
    poller.stop();
    socket.close();
  };
  const logout = bus.subscribe(SessionLogoutEvent, stop);
  poller.start(socket.status$);
  socket.start();
  return { status$: socket.status$, stop };
}
