/**
 * The paths this remote owns; its declaration (remote.ts) publishes them to the shell. A page the
 * shell links to by name (REMOTE_PAGES of @portal/contracts) takes its path from there.
 */
export const __Name__Path = {
  Home: '/__name__',
} as const;
