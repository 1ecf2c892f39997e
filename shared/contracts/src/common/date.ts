import { z } from 'zod';

/**
 * Bounds of every day a call takes, inclusive. The platform's data cannot predate 2000 (no
 * account, lead, statistic or notice is older), and no date range reaches past 2099. Inside them
 * every year has four digits, so 'YYYY-MM-DD' strings sort as the days they name, and the day
 * after the last is a 4-digit year too (past 9999-12-31 comes '+010000-01-01', which sorts before
 * every 4-digit year: a day loop ending there never ended). JS Date, SQLite's date functions and
 * PostgreSQL's timestamps all hold these days, and their China day boundaries, exactly.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2099-12-31';

/** Texts of the date parameters. */
export const DateMessage = {
  Invalid: '日期格式不正确，应为YYYY-MM-DD',
  OutOfRange: `日期须在${DATE_MIN}至${DATE_MAX}之间`,
  Order: '开始日期不能晚于结束日期',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2025-02-30 is not), whatever its year. */
export const isCalendarDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

/** Whether a 'YYYY-MM-DD' day lies within DATE_MIN..DATE_MAX (pickers offer no other day). */
export const isDayInBounds = (value: string): boolean => value >= DATE_MIN && value <= DATE_MAX;

/**
 * The one date type of the API: a day 'YYYY-MM-DD' (a China day) from DATE_MIN to DATE_MAX. Not a
 * calendar day: `message` (the format message by default); outside the bounds: OutOfRange.
 */
export const chinaDate = (message: string = DateMessage.Invalid) =>
  z.string({ error: message }).refine(isCalendarDay, { error: message, abort: true }).refine(isDayInBounds, { error: DateMessage.OutOfRange });

/** Days from `start` to `end` inclusive, both YYYY-MM-DD. */
export const daysInRange = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * Refines a query of startTime/endTime (each optional): start not after end, and at most
 * `maxDays` days, with `tooLongMessage` when longer.
 */
export const dayRangeCheck =
  (maxDays: number, tooLongMessage: string) =>
  (query: { startTime?: string; endTime?: string }, ctx: z.RefinementCtx): void => {
    if (!query.startTime || !query.endTime) return;
    if (query.startTime > query.endTime) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: DateMessage.Order });
    } else if (daysInRange(query.startTime, query.endTime) > maxDays) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: tooLongMessage });
    }
  };
