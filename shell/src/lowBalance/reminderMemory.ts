/**
 * Whether this browser session has already had the low-balance reminder for an account: once per
 * session (sessionStorage, so a reload or another page does not show it again), asked anew at the
 * next login (`forget`, called by a successful login). Storage that refuses (privacy modes) counts
 * as never shown.
 */
const KEY_PREFIX = 'portal.lowBalanceReminded:';

const keyOf = (account: string): string => `${KEY_PREFIX}${account}`;

export const lowBalanceReminder = {
  shown(account: string): boolean {
    try {
      return window.sessionStorage.getItem(keyOf(account)) !== null;
    } catch {
      return false;
    }
  },
  remember(account: string): void {
    try {
      window.sessionStorage.setItem(keyOf(account), '1');
    } catch {
      // Shown again after a reload: no harm.
    }
  },
  forget(account: string): void {
    try {
      window.sessionStorage.removeItem(keyOf(account));
    } catch {
      // Nothing was stored.
    }
  },
};
