/** Texts of the remote loading and failure states. */
export const RemoteText = {
  LoadFailed: '页面模块加载失败',
  failedTitle: (label: string): string => `页面模块加载失败：${label}`,
  FailedHint: '该模块暂时无法加载，其他页面不受影响，请稍后重试。',
  Retry: '重试',
  Loading: '页面模块加载中...',
  skewTitle: (label: string): string => `页面模块版本不兼容：${label}`,
  /** `built`: what the remote was built against ('react 20.0.0'); `provided`: what the page runs ('react 19.3.1'). */
  skewHint: (built: readonly string[], provided: readonly string[]): string =>
    `该模块基于 ${built.join('、')} 构建，与当前页面提供的 ${provided.join('、')} 不兼容，已停止加载以免页面出错。请联系管理员发布兼容的版本后重试。`,
} as const;
