/** Texts of the day grid (the spec's messages are ScheduleMessage's of @portal/contracts/schedule). */
export const DayGridText = {
  PreviousMonth: '上个月',
  NextMonth: '下个月',
  Scheduled: '已排班',
  Today: '今天',
  /** Monday first, as Chinese calendars. */
  Weekdays: ['一', '二', '三', '四', '五', '六', '日'],
  /** A day's accessible name: '5日', '5日 已排班', '5日 已排班 今天'. */
  dayName: (day: number, scheduled: boolean, today: boolean): string =>
    [`${day}日`, scheduled && '已排班', today && '今天'].filter(Boolean).join(' '),
} as const;
