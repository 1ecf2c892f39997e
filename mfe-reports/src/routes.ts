/** The paths this remote owns; the shell's registry lists the same ones as its activeWhen. */
export const ReportsPath = {
  Workbench: '/work-bench',
} as const;
