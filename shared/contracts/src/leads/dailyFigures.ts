import { z } from 'zod';
import { chinaToday } from '../common/chinaTime';
import { chinaDate, daysInRange } from '../common/date';
import { idValue } from '../common/query';
import { PlatformMessage } from '../platform/schemas';

/** Project-days one PUT /rest/open/daily-stats may carry (a month of 16 projects). */
export const DAILY_FIGURES_MAX_ROWS = 500;
/** The largest figure of one project and day; well inside a 32-bit column. */
export const DAILY_FIGURE_MAX = 1_000_000_000;
/** How far back a day may be: today and the DAILY_FIGURES_MAX_AGE_DAYS days before it (China days). */
export const DAILY_FIGURES_MAX_AGE_DAYS = 365;

export const DailyFiguresMessage = {
  RowsInvalid: `每次须提交1至${DAILY_FIGURES_MAX_ROWS}条数据`,
  RowInvalid: '数据格式不正确',
  FigureInvalid: `数值须为0至${DAILY_FIGURE_MAX}之间的整数`,
  DateOutOfWindow: `日期须在最近${DAILY_FIGURES_MAX_AGE_DAYS + 1}天内，且不晚于今天`,
  Duplicate: '同一项目同一天的数据重复',
} as const;

/** Whether `day` is today (China, read at each parse) or at most DAILY_FIGURES_MAX_AGE_DAYS days before. */
const isDailyFiguresDay = (day: string): boolean => {
  const days = daysInRange(day, chinaToday());
  return days >= 1 && days <= DAILY_FIGURES_MAX_AGE_DAYS + 1;
};

const figure = z
  .number({ error: DailyFiguresMessage.FigureInvalid })
  .int({ error: DailyFiguresMessage.FigureInvalid })
  .min(0, { error: DailyFiguresMessage.FigureInvalid })
  .max(DAILY_FIGURE_MAX, { error: DailyFiguresMessage.FigureInvalid });

/**
 * One project's delivery figures of one day, as the ad platform reports them. 留言数 is not among
 * them: the workbench counts it from the leads received.
 */
const dailyFiguresRowSchema = z.object(
  {
    itemId: idValue(PlatformMessage.ItemInvalid),
    date: chinaDate().refine(isDailyFiguresDay, { error: DailyFiguresMessage.DateOutOfWindow }),
    /** 展现量 */
    impressions: figure,
    /** 点击量 */
    clicks: figure,
    /** 有效对话 */
    validConversations: figure,
    /** 电话请求 */
    phoneRequests: figure,
  },
  { error: DailyFiguresMessage.RowInvalid },
);
export type DailyFiguresRow = z.infer<typeof dailyFiguresRowSchema>;

/**
 * PUT /rest/open/daily-stats: a batch of project-days, stored all or nothing; each replaces what
 * was stored for its (itemId, date). A (itemId, date) may appear once per batch.
 */
export const ingestDailyFiguresSchema = z.object(
  {
    rows: z
      .array(dailyFiguresRowSchema, { error: DailyFiguresMessage.RowsInvalid })
      .min(1, { error: DailyFiguresMessage.RowsInvalid })
      .max(DAILY_FIGURES_MAX_ROWS, { error: DailyFiguresMessage.RowsInvalid })
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        for (const [index, row] of rows.entries()) {
          const key = `${row.itemId}|${row.date}`;
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'date'], message: DailyFiguresMessage.Duplicate });
          seen.add(key);
        }
      }),
  },
  { error: DailyFiguresMessage.RowsInvalid },
);
export type IngestDailyFigures = z.infer<typeof ingestDailyFiguresSchema>;

/** data of PUT /rest/open/daily-stats: the project-days stored. */
export const ingestDailyFiguresResultSchema = z.object({ rows: z.number() });
