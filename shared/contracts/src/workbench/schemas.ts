import { z } from 'zod';
import { chinaDate, dayRangeCheck } from '../common/date';
import { idParam, optionalQueryParam } from '../common/query';
import { PlatformMessage } from '../platform/schemas';

/** Texts of the workbench (dashboard) calls. */
export const WorkbenchMessage = {
  RangeTooLong: '查询时间跨度不能超过366天',
} as const;

/** The dashboard charts show the last 30 days unless a range is chosen; at most a year and a day. */
export const STATS_DEFAULT_DAYS = 30;
export const STATS_MAX_DAYS = 366;

/** GET /customer/workbench/stats: one item or all of them, over a range of days (defaults filled by the server). */
export const workbenchStatsQuerySchema = z
  .object({
    itemId: optionalQueryParam(idParam(PlatformMessage.ItemInvalid)),
    startTime: optionalQueryParam(chinaDate()),
    endTime: optionalQueryParam(chinaDate()),
  })
  .superRefine(dayRangeCheck(STATS_MAX_DAYS, WorkbenchMessage.RangeTooLong));
export type WorkbenchStatsQuery = z.infer<typeof workbenchStatsQuerySchema>;

/** One day of the dashboard charts. */
export const dailyStatSchema = z.object({
  date: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  messages: z.number(),
  /** 有效对话: the live chat's conversations that became valid that day (a visitor message and a reply). */
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
