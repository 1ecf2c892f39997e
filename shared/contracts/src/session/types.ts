/**
 * The session user and the unread-counter keys (spec 000 sections 3-4). Shared by the server,
 * the api-client (which returns a `User`) and the event bus (which carries it).
 */

import { z } from 'zod';
import type { LeadKind } from '../leads/kinds';

/** The logged-in customer as user-info and login return it. */
export interface SessionUser {
  id: number;
  type: number;
  /** 0 plays the sound reminder (see WhetherVoice). */
  whetherVoice: number;
  thumbnail: string | null;
  headPic: string | null;
  loginAccount: string;
  registerTime: string;
  /** The spec's spelling. 1 shows the first-login guide (see FirstLogin). */
  firstLoginStutes: number;
}

/** The session user as login and user-info return it (field names are the spec's, firstLoginStutes included). */
export const sessionUserSchema = z.object({
  id: z.number(),
  type: z.number(),
  whetherVoice: z.number(),
  thumbnail: z.string().nullable(),
  headPic: z.string().nullable(),
  loginAccount: z.string(),
  registerTime: z.string().describe('YYYY-MM-DD HH:mm:ss, China time'),
  firstLoginStutes: z.number(),
}) satisfies z.ZodType<SessionUser>;

/** The lead lists that carry an unread counter: bidding, information feed, smart investment, message board. */
export const LEAD_LIST_KINDS = ['feedback', 'infoList', 'resource', 'baiList'] as const;
export type LeadListKind = (typeof LEAD_LIST_KINDS)[number];

/**
 * The stored kinds each lead list page shows (issue 23, "remaining spec calls"). The spec's side
 * menu opens four lists; the three stores without a page of their own are shown where their
 * leads belong: CPC resources (resourceCpchandler) are regular-investment bidding leads, on 竞价资源
 * (/feedback); Toutiao's (today-header-flow) are information-feed leads, on 信息流资源 (/info-list);
 * distributed resources (resource-distribution) are smart-investment leads, on 资源列表 (/resource).
 * A list, its export, its unread counter and the reports that open it count every kind it shows;
 * each row acts through its own kind's calls (LEAD_FAMILY_KINDS of @portal/contracts/leads).
 */
export const LIST_SHOWN_KINDS = {
  feedback: ['feedback', 'cpc'],
  infoList: ['infoList', 'todayHeader'],
  resource: ['resource', 'distribution'],
  baiList: ['baiList'],
} as const satisfies Record<LeadListKind, readonly LeadKind[]>;

/** The stored kinds the list GET of `kind` answers: a list page's shown kinds, else that kind alone. */
export const kindsListedBy = (kind: LeadKind): readonly LeadKind[] => (kind in LIST_SHOWN_KINDS ? LIST_SHOWN_KINDS[kind as LeadListKind] : [kind]);

/** The list page that shows leads of `kind`. */
export const listShowingKind = (kind: string): LeadListKind | undefined =>
  LEAD_LIST_KINDS.find((list) => (LIST_SHOWN_KINDS[list] as readonly string[]).includes(kind));

/** The unread counts of the four list pages, out of every kind's: each sums the kinds it shows. */
export const listUnreadCounts = (unread: Readonly<Record<LeadKind, number>>): Record<LeadListKind, number> =>
  Object.fromEntries(LEAD_LIST_KINDS.map((list) => [list, LIST_SHOWN_KINDS[list].reduce((sum, kind) => sum + (unread[kind] ?? 0), 0)])) as Record<
    LeadListKind,
    number
  >;

/**
 * The route of each lead list: the leads remote's pages (mfe-leads/src/routes.ts takes them from
 * here) and the shell's "view" links in new-lead notices.
 */
export const LEAD_LIST_ROUTES: Record<LeadListKind, string> = {
  feedback: '/feedback',
  infoList: '/info-list',
  resource: '/resource',
  baiList: '/bai-list',
};

/**
 * The route of the live smart chat's panel (issue 23): the leads remote's page (its routes.ts takes
 * it from here) and the shell's "view" link in a new chat message's notice. `?id=` opens one
 * conversation.
 */
export const CHAT_PANEL_ROUTE = '/online-chat';

/** The panel's address opening conversation `id`. */
export const chatPanelPath = (id?: number): string => (id === undefined ? CHAT_PANEL_ROUTE : `${CHAT_PANEL_ROUTE}?id=${id}`);

/** The message counters: system notices, user notices and customer messages. */
export const MESSAGE_UNREAD_KINDS = ['system', 'user', 'customer'] as const;
export type MessageUnreadKind = (typeof MESSAGE_UNREAD_KINDS)[number];
