/** Texts of the push connection's state (messages come from @portal/contracts). */
export const ConnectionText = {
  Paused: '推送已暂停',
  pausedDetail: (failures: number, pausedAt: string | null, pending: number): string =>
    `连续 ${failures} 次推送失败${pausedAt ? `，于 ${pausedAt} 暂停` : ''}。待推送的 ${pending} 条线索不会丢失，恢复后继续推送。`,
  Resume: '恢复推送',
  counts: (pending: number, failed: number): string => `推送连接正常：推送中 ${pending} 条，推送失败 ${failed} 条`,
} as const;
