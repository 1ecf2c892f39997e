/**
 * Whether the account's login session has already had the low-balance reminder: once per login
 * (localStorage, so a reload, another page or another tab of the same login does not show it
 * again), asked anew at the next login (`forget`, called by a successful login). Storage that
 * refuses (privacy modes) counts as never shown.
 */
const KEY_PREFIX = 'portal.lowBalanceReminded:';

const keyOf = (account: string): string => `${KEY_PREFIX}${account}`;

export const lowBalanceReminder = {
  shown(account: string): boolean {
    try {
      return window.localStorage.getItem(keyOf(account)) !== null;
    } catch {
      return false;
    }
  },
  remember(account: string): void {
    try {
      window.localStorage.setItem(keyOf(account), '1');
    } catch {
      // Shown again after a reload: no harm.
    }
  },
  forget(account: string): void {
    try {
      window.localStorage.removeItem(keyOf(account));
    } catch {
      // Nothing was stored.
    }
  },
};
