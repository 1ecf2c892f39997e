import { chinaToday, DATE_MIN } from '@portal/contracts';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';

export const MONTH_FORMAT = 'YYYY-MM';

/** The current month in China ('YYYY-MM'). */
export const chinaMonth = (today: string = chinaToday()): string => today.slice(0, 7);

/** Whether `month` ('YYYY-MM') may be picked: from 2000-01 to the current China month. */
export const isPickableMonth = (month: string, current: string = chinaMonth()): boolean => month >= DATE_MIN.slice(0, 7) && month <= current;

export interface MonthPickerProps {
  id?: string;
  /** 'YYYY-MM', or null when none. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  'aria-label'?: string;
}

/** A month of the reports: 'YYYY-MM' strings in and out, no month after the current one (China). */
export function MonthPicker({ id, value, onChange, 'aria-label': ariaLabel }: MonthPickerProps) {
  const picked = useMemo(() => (value ? dayjs(value, MONTH_FORMAT) : null), [value]);
  const current = chinaMonth();
  return (
    <DatePicker
      id={id}
      aria-label={ariaLabel}
      picker="month"
      format={MONTH_FORMAT}
      allowClear={false}
      value={picked}
      disabledDate={(day) => !isPickableMonth(day.format(MONTH_FORMAT), current)}
      onChange={(day) => onChange?.(day ? day.format(MONTH_FORMAT) : null)}
      style={{ width: 140 }}
    />
  );
}
