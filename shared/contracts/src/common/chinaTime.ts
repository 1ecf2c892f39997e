/**
 * The portal's days are China days: its users are in China, and the server counts "today" and
 * date ranges in Asia/Shanghai, which is UTC+8 all year (no daylight saving). A browser elsewhere
 * (or a machine on UTC) must ask for the same day the server means.
 */
export const CHINA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Today's date in China, 'YYYY-MM-DD'. */
export const chinaToday = (now: Date = new Date()): string => new Date(now.getTime() + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10);
