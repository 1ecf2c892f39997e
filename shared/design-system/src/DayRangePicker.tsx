import { chinaToday, daysInRange, isDayInBounds } from '@portal/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, type CSSProperties } from 'react';

/** A range of whole days as the API takes them: 'YYYY-MM-DD' strings, both ends included. */
export type DayRange = [string, string];

export const DAY_FORMAT = 'YYYY-MM-DD';

const shift = (day: string, days: number): string => dayjs(day, DAY_FORMAT).add(days, 'day').format(DAY_FORMAT);

/** The last `days` days ending today in China, today included (近7天 is today and the 6 days before). */
export const recentDays = (days: number, today: string = chinaToday()): DayRange => [shift(today, 1 - days), today];

/** Today as a one-day range (the lead lists' default): the China day, as the server counts days. */
export const todayRange = (today: string = chinaToday()): DayRange => [today, today];

/** A quick choice beside the calendars: its label and the days it stands for, from today in China. */
export interface DayRangePreset {
  label: string;
  range: (today: string) => DayRange;
}

/** The presets every range picker offers (those longer than its maxDays are left out). */
export const DAY_RANGE_PRESETS: readonly DayRangePreset[] = [
  { label: '今天', range: todayRange },
  { label: '昨天', range: (today) => todayRange(shift(today, -1)) },
  { label: '近7天', range: (today) => recentDays(7, today) },
  { label: '近30天', range: (today) => recentDays(30, today) },
  { label: '近90天', range: (today) => recentDays(90, today) },
  { label: '本月', range: (today) => [`${today.slice(0, 8)}01`, today] },
];

export interface DayRangePickerProps {
  /** The chosen days; null (or left out) when none. */
  value?: DayRange | null;
  /** Called with the days, or null when cleared. */
  onChange?: (value: DayRange | null) => void;
  /**
   * The longest range in days, both ends counted: the constant of @portal/contracts that the server
   * enforces for this call (LEAD_MAX_DAYS, STATS_MAX_DAYS). Once a first day is picked, days
   * further away cannot be picked, and presets longer than this are not offered.
   */
  maxDays: number;
  /** Default true. */
  allowClear?: boolean;
  disabled?: boolean;
  /** Days after today (in China) cannot be chosen: data does not exist yet. Default true. */
  noFuture?: boolean;
  /** Default DAY_RANGE_PRESETS; [] for none. */
  presets?: readonly DayRangePreset[];
  style?: CSSProperties;
  id?: string;
  'aria-label'?: string;
}

/** Whether `day` may be picked: within the API's date bounds and, with `noFuture`, not after today in China. */
export const isPickableDay = (day: string, noFuture: boolean, today: string = chinaToday()): boolean =>
  isDayInBounds(day) && !(noFuture && day > today);

/** Whether `day` may end (or start) a range whose other end is `from`: at most `maxDays` days, both counted. */
export const isWithinMaxDays = (day: string, from: string, maxDays: number): boolean =>
  daysInRange(day < from ? day : from, day < from ? from : day) <= maxDays;

/** Whether a preset's range may be offered: every day pickable and no longer than `maxDays`. */
const isOfferable = ([start, end]: DayRange, maxDays: number, noFuture: boolean, today: string): boolean =>
  isPickableDay(start, noFuture, today) && isPickableDay(end, noFuture, today) && daysInRange(start, end) <= maxDays;

const toDayjs = (value: DayRange): [Dayjs, Dayjs] => [dayjs(value[0], DAY_FORMAT), dayjs(value[1], DAY_FORMAT)];

/**
 * The one start-and-end day picker: its value is a pair of 'YYYY-MM-DD' strings, so that forms hold
 * what the API and the contracts' schemas take (no date objects in form state). It offers only the
 * API's days (isDayInBounds), none after today unless told, presets (今天, 昨天, 近7天, 近30天,
 * 近90天, 本月), and never a range longer than `maxDays`.
 */
export function DayRangePicker({
  value,
  onChange,
  maxDays,
  allowClear = true,
  disabled,
  noFuture = true,
  presets = DAY_RANGE_PRESETS,
  style,
  id,
  'aria-label': ariaLabel,
}: DayRangePickerProps) {
  // The same days keep the same objects: a new value on every render would reset what is being typed.
  const [start, end] = value ?? [null, null];
  const days = useMemo(() => (start && end ? toDayjs([start, end]) : null), [start, end]);
  const today = chinaToday();
  const offered = useMemo(
    () =>
      presets
        .map((preset) => ({ label: preset.label, days: preset.range(today) }))
        .filter((preset) => isOfferable(preset.days, maxDays, noFuture, today))
        .map((preset) => ({ label: preset.label, value: toDayjs(preset.days) })),
    [presets, today, maxDays, noFuture],
  );
  return (
    <DatePicker.RangePicker
      id={id}
      aria-label={ariaLabel}
      value={days}
      allowClear={allowClear}
      disabled={disabled}
      style={style}
      presets={offered.length > 0 ? offered : undefined}
      disabledDate={(current, info) => {
        const day = current.format(DAY_FORMAT);
        if (!isPickableDay(day, noFuture, today)) return true;
        return info?.from !== undefined && !isWithinMaxDays(day, info.from.format(DAY_FORMAT), maxDays);
      }}
      onChange={(picked) => onChange?.(picked && picked[0] && picked[1] ? [picked[0].format(DAY_FORMAT), picked[1].format(DAY_FORMAT)] : null)}
    />
  );
}
