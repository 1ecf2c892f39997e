import { z } from 'zod';
import { idParam, optionalQueryParam } from '../common/query';
import { PlatformMessage } from '../platform/schemas';

/** Texts of the workbench (dashboard) calls. */
export const WorkbenchMessage = {
  DateInvalid: '日期格式不正确，应为YYYY-MM-DD',
  DateOrder: '开始日期不能晚于结束日期',
  RangeTooLong: '查询时间跨度不能超过366天',
} as const;

/** The dashboard charts show the last 30 days unless a range is chosen; at most a year and a day. */
export const STATS_DEFAULT_DAYS = 30;
export const STATS_MAX_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2025-02-30 is not). */
export const isIsoDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

/** Days from `start` to `end` inclusive, both YYYY-MM-DD. */
export const daysInRange = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

const isoDate = z.string({ error: WorkbenchMessage.DateInvalid }).refine(isIsoDate, { error: WorkbenchMessage.DateInvalid });

/** GET /customer/workbench/stats: one item or all of them, over a range of days (defaults filled by the server). */
export const workbenchStatsQuerySchema = z
  .object({
    itemId: optionalQueryParam(idParam(PlatformMessage.ItemInvalid)),
    startTime: optionalQueryParam(isoDate),
    endTime: optionalQueryParam(isoDate),
  })
  .superRefine((query, ctx) => {
    if (!query.startTime || !query.endTime) return;
    if (query.startTime > query.endTime) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: WorkbenchMessage.DateOrder });
    } else if (daysInRange(query.startTime, query.endTime) > STATS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: WorkbenchMessage.RangeTooLong });
    }
  });
export type WorkbenchStatsQuery = z.infer<typeof workbenchStatsQuerySchema>;

/** One day of the dashboard charts. */
export const dailyStatSchema = z.object({
  date: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  messages: z.number(),
  validConversations: z.number(),
  phoneRequests: z.number(),
});
export type DailyStat = z.infer<typeof dailyStatSchema>;

/** A dashboard carousel banner; linkType is a BannerLinkType (0: no link). */
export const bannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  picUrl: z.string(),
  linkUrl: z.string().nullable(),
  linkType: z.number(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** An article of the dashboard list; publishTime 'YYYY-MM-DD HH:mm:ss'. */
export const articleSchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  publishTime: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

/** An industry of the dashboard list. */
export const industrySchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
});
export type Industry = z.infer<typeof industrySchema>;
