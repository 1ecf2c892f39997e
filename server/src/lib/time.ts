/**
 * Time as users see it. Stored times are UTC ISO strings; the portal's users are in China, so
 * display times and "today" are in Asia/Shanghai, which is UTC+8 all year (no daylight saving).
 */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const nowIso = (): string => new Date().toISOString();

/** 'YYYY-MM-DD HH:mm:ss' in China time, the format of every time the API returns. */
export const toChinaDateTime = (iso: string): string => new Date(Date.parse(iso) + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** Today's date in China, 'YYYY-MM-DD'. */
export const chinaToday = (now: Date = new Date()): string => new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** `day` ('YYYY-MM-DD') moved by `days` (negative goes back). */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The UTC ISO time at which `day` ('YYYY-MM-DD') begins in China (00:00 UTC+8). */
export const chinaDayStartIso = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS).toISOString();
