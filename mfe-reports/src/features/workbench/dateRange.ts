import { chinaToday, STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '@portal/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The stats call takes calendar days, inclusive at both ends. */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

export type DateRange = readonly [Dayjs, Dayjs];

/** Today in China (the server's day), whatever the browser's time zone. */
export const chinaTodayDay = (): Dayjs => dayjs(chinaToday());

/** The last `days` calendar days ending today, today included. */
export function lastDays(days: number, today: Dayjs = chinaTodayDay()): DateRange {
  const end = today.startOf('day');
  return [end.subtract(days - 1, 'day'), end];
}

export const DATE_RANGE_PRESETS = [
  { label: '近7天', days: 7 },
  { label: '近30天', days: 30 },
  { label: '近90天', days: 90 },
] as const;

export const DEFAULT_RANGE_DAYS = STATS_DEFAULT_DAYS;

/** The server refuses longer ranges; the picker refuses them first. */
export const MAX_RANGE_DAYS = STATS_MAX_DAYS;

export const toApiDate = (day: Dayjs): string => day.format(API_DATE_FORMAT);
