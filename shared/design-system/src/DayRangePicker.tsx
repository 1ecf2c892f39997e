import { chinaToday, isDayInBounds } from '@portal/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, type CSSProperties } from 'react';

/** A range of whole days as the API takes them: 'YYYY-MM-DD' strings, both ends included. */
export type DayRange = [string, string];

export const DAY_FORMAT = 'YYYY-MM-DD';

/** Today as a one-day range (the lead lists' default): the China day, as the server counts days. */
export const todayRange = (): DayRange => {
  const today = chinaToday();
  return [today, today];
};

export interface DayRangePickerProps {
  /** The chosen days; null (or left out) when none. */
  value?: DayRange | null;
  /** Called with the days, or null when cleared. */
  onChange?: (value: DayRange | null) => void;
  /** Default true. */
  allowClear?: boolean;
  disabled?: boolean;
  /** Days after today (in China) cannot be chosen: data does not exist yet. Default true. */
  noFuture?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** Whether `day` may be picked: within the API's date bounds and, with `noFuture`, not after today in China. */
export const isPickableDay = (day: string, noFuture: boolean, today: string = chinaToday()): boolean =>
  isDayInBounds(day) && !(noFuture && day > today);

const toDayjs = (value: DayRange | null | undefined): [Dayjs, Dayjs] | null =>
  value ? [dayjs(value[0], DAY_FORMAT), dayjs(value[1], DAY_FORMAT)] : null;

/**
 * A start and end day picker whose value is a pair of 'YYYY-MM-DD' strings, so that forms hold
 * what the API and the contracts' schemas take (no date objects in form state).
 */
export function DayRangePicker({ value, onChange, allowClear = true, disabled, noFuture = true, style, id }: DayRangePickerProps) {
  // The same days keep the same objects: a new value on every render would reset what is being typed.
  const [start, end] = value ?? [null, null];
  const days = useMemo(() => toDayjs(start && end ? [start, end] : null), [start, end]);
  return (
    <DatePicker.RangePicker
      id={id}
      value={days}
      allowClear={allowClear}
      disabled={disabled}
      style={style}
      disabledDate={(day) => !isPickableDay(day.format(DAY_FORMAT), noFuture)}
      onChange={(days) => onChange?.(days && days[0] && days[1] ? [days[0].format(DAY_FORMAT), days[1].format(DAY_FORMAT)] : null)}
    />
  );
}
