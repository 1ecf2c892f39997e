/** The paths this remote owns; its declaration (remote.ts) publishes them to the shell. */
export const LeadsPath = {
  Feedback: '/feedback',
  InfoList: '/info-list',
  BaiList: '/bai-list',
  Resource: '/resource',
  FormList: '/form-list',
  FeedbackDetail: '/feedback-detail',
} as const;

/** The feedback message detail page of one lead. */
export const feedbackDetailPath = (id: number): string => `${LeadsPath.FeedbackDetail}?id=${id}`;
