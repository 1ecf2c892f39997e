import { MESSAGE_UNREAD_KINDS } from '@portal/contracts';
import { getEventBus, getUnreadCounters, MessageArrivedEvent, UnreadCountersEvent, UserUpdatedEvent, type EventBus } from '@portal/event-bus';
import { applyingServerCounters } from './ownCounters';
import { MESSAGE_LIST, MESSAGE_MUTATIONS, shellApi } from './shellApi';
import type { ShellStore } from './store';

/**
 * Keeps the shell's cache in step with the event bus, for as long as the returned function is
 * not called:
 * - a notice arrived (MessageArrivedEvent) or the message counters changed from elsewhere (the
 *   socket's counters and snapshots, the poller, another tab reading): every cached message list
 *   is invalidated once, so the message centre and the notification popover refresh from one
 *   refetch of each list on screen, instead of each listening and fetching by itself. Events of
 *   one moment (the socket sets the counters, then announces the notice) make one invalidation.
 *   Counters the shell's own message calls answered are left alone: those calls refresh (or
 *   deliberately keep) the lists themselves.
 * - the user changed (UserUpdatedEvent, from the shell's pages or a remote): the cached user
 *   takes the new fields, so the top navigation follows.
 */
export function connectBus(store: ShellStore, bus: EventBus = getEventBus()): () => void {
  let messages = getUnreadCounters().messages;
  let scheduled = false;

  const ownCallRunning = (): boolean =>
    Object.values(store.getState()[shellApi.reducerPath].mutations).some(
      (mutation) => mutation?.status === 'pending' && MESSAGE_MUTATIONS.has(mutation.endpointName ?? ''),
    );
  const refreshLists = (): void => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      store.dispatch(shellApi.util.invalidateTags([MESSAGE_LIST]));
    });
  };

  const subscriptions = [
    bus.subscribe(MessageArrivedEvent, refreshLists),
    bus.subscribe(UnreadCountersEvent, ({ payload }) => {
      const changed = MESSAGE_UNREAD_KINDS.some((kind) => payload.messages[kind] !== messages[kind]);
      messages = payload.messages;
      if (changed && !applyingServerCounters() && !ownCallRunning()) refreshLists();
    }),
    bus.subscribe(UserUpdatedEvent, ({ payload }) => {
      store.dispatch(shellApi.util.updateQueryData('userInfo', undefined, (user) => void Object.assign(user, payload.user)));
    }),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
