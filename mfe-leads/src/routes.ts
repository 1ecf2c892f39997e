import { CHAT_PANEL_ROUTE, LEAD_LIST_ROUTES } from '@portal/contracts';

/**
 * The paths this remote owns; its declaration (remote.ts) publishes them to the shell. The four
 * lead lists' paths and the chat panel's are the contracts' (the shell's notices link to them too).
 */
export const LeadsPath = {
  Feedback: LEAD_LIST_ROUTES.feedback,
  InfoList: LEAD_LIST_ROUTES.infoList,
  BaiList: LEAD_LIST_ROUTES.baiList,
  Resource: LEAD_LIST_ROUTES.resource,
  FormList: '/form-list',
  FeedbackDetail: '/feedback-detail',
  /** The live smart chat's panel (the contracts' path: the shell's chat notice links to it). */
  OnlineChat: CHAT_PANEL_ROUTE,
} as const;

/** The feedback message detail page of one lead. */
export const feedbackDetailPath = (id: number): string => `${LeadsPath.FeedbackDetail}?id=${id}`;
