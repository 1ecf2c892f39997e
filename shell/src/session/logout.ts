import { getEventBus, resetUnreadCounters, SessionLogoutEvent } from '@portal/event-bus';
import { useCallback } from 'react';
import { useLogoutMutation } from '../store/shellApi';
import { hardNavigation } from './hardNavigation';
import { clearLoginCookie } from './loginCookie';

/** Where logout goes: the visitor site's home, or the login page when it has something to say (see LoginPage). */
export const LOGOUT_TARGET = { plain: '/', passwordChanged: '/login?passwordChanged=1' } as const;

/**
 * Ending the session (spec 000 section 4): tells the server, clears the login cookie, publishes the
 * logout and goes to `to` ('/' by default) with a full load. The client side ends even when the
 * server call fails.
 */
export function useLogout(): (to?: string) => Promise<void> {
  const [callLogout] = useLogoutMutation();
  return useCallback(
    async (to: string = LOGOUT_TARGET.plain) => {
      try {
        await callLogout().unwrap();
      } catch {
        // The session may already be gone on the server; the page still logs out.
      }
      clearLoginCookie();
      resetUnreadCounters();
      getEventBus().publish(new SessionLogoutEvent({ reason: 'user' }));
      hardNavigation.assign(to);
    },
    [callLogout],
  );
}
