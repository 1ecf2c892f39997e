/** Texts of the feedback message detail page (field titles shared with the lists come from LeadColumnTitle). */
export const FeedbackDetailText = {
  Title: '留言详情',
  Back: '返回列表',
  ReadStatus: '已读状态',
  Referrer: '来源页面',
  Questionnaire: '问卷',
  FollowUps: '跟进记录',
  None: '无',
} as const;
