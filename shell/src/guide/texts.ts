/** Texts of the new-user guide's controls. */
export const GuideText = {
  Title: '新手引导',
  Skip: '跳过',
  Previous: '上一步',
  Next: '下一步',
  Finish: '完成',
  progress: (step: number, total: number): string => `第 ${step} / ${total} 步`,
} as const;
