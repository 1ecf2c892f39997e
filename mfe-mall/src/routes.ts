import { REMOTE_PAGES } from '@portal/contracts';

/**
 * The paths this remote owns; its declaration (remote.ts) publishes them to the shell. A page the
 * shell links to by name (REMOTE_PAGES of @portal/contracts) takes its path from there.
 */
export const MallPath = {
  Home: REMOTE_PAGES.pointsMall,
  PointsLog: REMOTE_PAGES.pointsLog,
} as const;
