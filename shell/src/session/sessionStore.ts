import { authApi, type User } from '@portal/api-client';
import { getEventBus, SessionLoginEvent, UserUpdatedEvent, type EventBus } from '@portal/event-bus';

export type SessionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; user: User }
  | { status: 'failed'; error: unknown };

export interface SessionStoreDeps {
  loadUser?: () => Promise<User>;
  bus?: EventBus;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Fetches user-info once per page (again only after a failure), then publishes SessionLoginEvent. */
  load(): void;
}

/**
 * The logged-in user of this page. Fields changed anywhere (avatar, sound reminder, first-login
 * flag) arrive as UserUpdatedEvent on the bus and are merged in, so the top navigation follows.
 */
export function createSessionStore({ loadUser = () => authApi.userInfo(), bus = getEventBus() }: SessionStoreDeps = {}): SessionStore {
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
        },
        (error: unknown) => set({ status: 'failed', error }),
      );
    },
  };
}
