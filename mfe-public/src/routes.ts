import { REMOTE_PAGES } from '@portal/contracts';

/**
 * The framed paths this remote owns (its declaration, remote.ts, publishes them to the shell). The
 * visitor site's own pages (`/`, `/cases`, ...) are not framed: the server renders them from
 * src/site (see the README).
 */
export const PublicPath = {
  StrategySurvey: REMOTE_PAGES.strategySurvey,
} as const;
