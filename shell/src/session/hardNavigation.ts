/**
 * Full page loads. Login, logout and the guard leave the single-page app on purpose: state of the
 * previous session (remotes, stores, sockets) must not survive. An object so tests can spy on it.
 */
export const hardNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  replace(url: string): void {
    window.location.replace(url);
  },
};
