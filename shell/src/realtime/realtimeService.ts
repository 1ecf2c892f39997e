import { pollCalls } from '../store/pollCalls';
import { getEventBus, SessionLogoutEvent, UnreadCountersEvent, type EventBus } from '@portal/event-bus';
import { distinctUntilChanged, exhaustMap, filter, type Observable } from 'rxjs';
import { CountMemory } from './countMemory';
import { chatCheck, fallbackPolls, type PollerApi } from './poller';
import { RealtimeSocketClient, type RealtimeStatus, type SocketClientOptions } from './socketClient';

/** The calls of the fallback poll, through the shell's store (a 401 there logs out). */
export const pollerApi: PollerApi = pollCalls;

export interface RealtimeDeps {
  /** url, WebSocketCtor, random of the socket client. */
  socket?: Pick<SocketClientOptions, 'url' | 'WebSocketCtor' | 'random'>;
  api?: PollerApi;
  bus?: EventBus;
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
 *
 * The chat: the socket's `chat` frames while connected, the poll's chat check while not; each
 * (re)connect checks the chat's unread total once (the snapshot has none), so that messages of the
 * gap are announced. A lower chat count on the bus (the panel read a conversation) is remembered,
 * so the next message counts from there.
 */
export function startRealtime({ socket: socketOptions, api = pollerApi, bus = getEventBus() }: RealtimeDeps = {}): RealtimeConnection {
  const memory = new CountMemory();
  const socket = new RealtimeSocketClient({ ...socketOptions, bus, memory });
  const polls = fallbackPolls(socket.status$, { api, bus, memory }).subscribe();
  const chatCatchUp = socket.status$
    .pipe(
      distinctUntilChanged(),
      filter((status) => status === 'connected'),
      exhaustMap(() => chatCheck({ api, memory, bus })),
    )
    .subscribe();
  const reads = bus.subscribe(UnreadCountersEvent, ({ payload }) => {
    const known = memory.get('chat');
    if (known !== undefined && payload.chat < known) memory.remember('chat', payload.chat);
  });
  const stop = () => {
    logout.unsubscribe();
    reads.unsubscribe();
    chatCatchUp.unsubscribe();
    polls.unsubscribe();
    socket.close();
  };
  const logout = bus.subscribe(SessionLogoutEvent, stop);
  socket.start();
  return { status$: socket.status$, stop };
}
