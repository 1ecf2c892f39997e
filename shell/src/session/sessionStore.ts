import { authApi, leadsApi, type LeadUnreadCountsAnswer, type User } from '@portal/api-client';
import { getEventBus, SessionLoginEvent, setUnreadCounters, UserUpdatedEvent, type EventBus } from '@portal/event-bus';

export type SessionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; user: User }
  | { status: 'failed'; error: unknown };

export interface SessionStoreDeps {
  loadUser?: () => Promise<User>;
  /** The lead lists' unread counts, fetched once the user is known. */
  loadLeadUnread?: () => Promise<LeadUnreadCountsAnswer>;
  bus?: EventBus;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /**
   * Fetches user-info once per page (again only after a failure), then publishes SessionLoginEvent
   * and fetches the lead lists' unread counts into the shared counters (the side menu's badges).
   */
  load(): void;
}

/**
 * The logged-in user of this page. Fields changed anywhere (avatar, sound reminder, first-login
 * flag) arrive as UserUpdatedEvent on the bus and are merged in, so the top navigation follows.
 */
export function createSessionStore({
  loadUser = () => authApi.userInfo(),
  loadLeadUnread = () => leadsApi.unreadCounts(),
  bus = getEventBus(),
}: SessionStoreDeps = {}): SessionStore {
  let state: SessionState = { status: 'idle' };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  bus.subscribe(UserUpdatedEvent, (event) => {
    if (state.status === 'ready') set({ status: 'ready', user: { ...state.user, ...event.payload.user } });
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (state.status === 'loading' || state.status === 'ready') return;
      set({ status: 'loading' });
      loadUser().then(
        (user) => {
          set({ status: 'ready', user });
          bus.publish(new SessionLoginEvent({ user }));
          // The badges start from the server's counts; the socket and the lists move them after.
          // Without them the badges stay as they are (the next poll or event fills them).
          loadLeadUnread().then(
            (leads) => setUnreadCounters({ leads }),
            () => undefined,
          );
        },
        (error: unknown) => set({ status: 'failed', error }),
      );
    },
  };
}
