/** Texts of the remote as a whole (each feature keeps its own beside it). */
export const PublicText = {
  RootFailed: '官网模块加载失败，请刷新页面重试',
  PageFailed: '官网模块出现异常，请重试；如果仍然出错，请刷新页面。',
} as const;
