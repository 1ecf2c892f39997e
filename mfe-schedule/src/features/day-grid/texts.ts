/** Texts of the day grid (the spec's messages are ScheduleMessage's of @portal/contracts/schedule). */
export const DayGridText = {
  PreviousMonth: '上个月',
  NextMonth: '下个月',
  Scheduled: '已排班',
  Today: '今天',
  /** A day of the grid: '5日'. */
  day: (day: number): string => `${day}日`,
  /** Monday first, as Chinese calendars. */
  Weekdays: ['一', '二', '三', '四', '五', '六', '日'],
  /** Under a day's number: '已排班', '今天', '已排班 今天'. */
  notes: (scheduled: boolean, today: boolean): string => [scheduled && DayGridText.Scheduled, today && DayGridText.Today].filter(Boolean).join(' '),
} as const;
