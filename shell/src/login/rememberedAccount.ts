/** The account remembered by the login form's checkbox, in localStorage. */
const KEY = 'portal.rememberedAccount';

export const rememberedAccount = {
  read(): string | null {
    try {
      const value = window.localStorage.getItem(KEY);
      return value && value.trim() !== '' ? value : null;
    } catch {
      return null;
    }
  },
  /** Saves the account, or forgets it when null. */
  save(account: string | null): void {
    try {
      if (account) window.localStorage.setItem(KEY, account);
      else window.localStorage.removeItem(KEY);
    } catch {
      // Storage refused (private mode, quota): the account is simply not remembered.
    }
  },
};
