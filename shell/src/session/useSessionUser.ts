import type { User } from '@portal/api-client';
import { useUserInfoQuery } from '../store/shellApi';

/**
 * The logged-in user, from the cached user-info answer (fields changed later are merged in from
 * UserUpdatedEvent, see store/busBridge.ts). Only under RequireLogin, which renders its children
 * once the user is known.
 */
export function useSessionUser(): User {
  const { data } = useUserInfoQuery();
  if (!data) throw new Error('useSessionUser outside a loaded session');
  return data;
}
