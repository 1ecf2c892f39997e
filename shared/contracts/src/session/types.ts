/**
 * The session user and the unread-counter keys (spec 000 sections 3-4). Shared by the server,
 * the api-client (which returns a `User`) and the event bus (which carries it).
 */

import { z } from 'zod';

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
 * The route of each lead list: the leads remote's pages (mfe-leads/src/routes.ts takes them from
 * here) and the shell's "view" links in new-lead notices.
 */
export const LEAD_LIST_ROUTES: Record<LeadListKind, string> = {
  feedback: '/feedback',
  infoList: '/info-list',
  resource: '/resource',
  baiList: '/bai-list',
};

/** The message counters: system notices, user notices and customer messages. */
export const MESSAGE_UNREAD_KINDS = ['system', 'user', 'customer'] as const;
export type MessageUnreadKind = (typeof MESSAGE_UNREAD_KINDS)[number];
