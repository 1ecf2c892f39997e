import { FOLLOW_UP_DEADLINE_MAX_MINUTES, FOLLOW_UP_DEADLINE_MIN_MINUTES, FOLLOW_UP_RECYCLE_MAX } from '@portal/contracts/schedule';

/**
 * Texts of 跟进时限 on the schedule page. The feature's own words (title, labels, 全部项目, the
 * empty state, the saved and removed messages and the checks' messages) are FollowUpText's of
 * @portal/contracts/schedule, as the server's; these are the screen's own.
 */
export const FollowUpUiText = {
  Hint: '线索分配给排班人员后，须在时限内跟进（在门户中阅读或备注，或CRM中有通话记录）；超时未跟进会通知您，开启超时回收时线索将收回并分配给下一位在班人员。未单独设置的项目按“全部项目”的时限。',
  EditTitle: '编辑跟进时限',
  Edit: '编辑',
  Cancel: '取消',
  Actions: '操作',
  /** The table's column of workingHoursOnly (the form's label says which hours). */
  WorkingHours: '只计工作时间',
  Yes: '是',
  No: '否',
  /** 最多回收次数 of a rule that does not recycle. */
  NoRecycle: '—',
  Minutes: '分钟',
  DeadlineHelp: `${FOLLOW_UP_DEADLINE_MIN_MINUTES}到${FOLLOW_UP_DEADLINE_MAX_MINUTES}分钟（最长一周）；之后分配的线索按新时限计时`,
  RecycleHelp: '超时未跟进时收回线索，分配给下一位符合条件的在班人员',
  RecycleLimitHelp: `0到${FOLLOW_UP_RECYCLE_MAX}次；达到次数后不再回收，仍会通知`,
  /** 新增 has nothing left to offer. */
  AllSet: '全部项目及每个项目都已设置跟进时限，可编辑已有的',
  /** A rule's project the server no longer names. */
  unknownProject: (itemId: number): string => `项目${itemId}`,
  /** The row's buttons, named for screen readers: '全国加盟项目 编辑'. */
  edit: (project: string): string => `${project} 编辑`,
  remove: (project: string): string => `${project} 删除`,
} as const;
