/** The paths this remote owns; its declaration (remote.ts) publishes them to the shell. */
export const ReportsPath = {
  Workbench: '/work-bench',
} as const;
