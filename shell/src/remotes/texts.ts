/** Texts of the remote loading and failure states. */
export const RemoteText = {
  LoadFailed: '页面模块加载失败',
  failedTitle: (label: string): string => `页面模块加载失败：${label}`,
  FailedHint: '该模块暂时无法加载，其他页面不受影响，请稍后重试。',
  Retry: '重试',
  Loading: '页面模块加载中...',
} as const;
