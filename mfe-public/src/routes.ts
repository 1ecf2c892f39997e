import { REMOTE_PAGES } from '@portal/contracts';

/**
 * The framed paths this remote owns (its declaration, remote.ts, publishes them to the shell). The
 * visitor site's own pages (`/`, `/cases`, ...) are not framed: the server renders them from
 * src/site (see the README).
 */
export const PublicPath = {
  StrategySurvey: REMOTE_PAGES.strategySurvey,
  /** The help centre (the top bar's 帮助中心); its articles are `/common-problem/<id>`. */
  Help: REMOTE_PAGES.help,
} as const;

/** An article of the help centre (within PublicPath.Help, so the declaration needs no other route). */
export const HELP_ARTICLE_ROUTE = `${PublicPath.Help}/:id`;
