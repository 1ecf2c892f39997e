import { isDayInBounds } from '@portal/contracts';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { chinaTodayDay, DATE_RANGE_PRESETS, MAX_RANGE_DAYS, lastDays, toApiDate, type DateRange } from './dateRange';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

/** The days of the charts: presets 近7天/近30天/近90天, or any range up to today within the server's limit. */
export function DateRangeFilter({ value, onChange }: DateRangeFilterProps) {
  const today = chinaTodayDay().endOf('day');
  return (
    <DatePicker.RangePicker
      aria-label="统计日期"
      value={[value[0], value[1]]}
      allowClear={false}
      presets={DATE_RANGE_PRESETS.map(({ label, days }) => ({ label, value: [...lastDays(days)] as [Dayjs, Dayjs] }))}
      disabledDate={(current, info) =>
        current.isAfter(today) || !isDayInBounds(toApiDate(current)) || (info?.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= MAX_RANGE_DAYS)
      }
      onChange={(range) => {
        if (range?.[0] && range[1]) onChange([range[0].startOf('day'), range[1].startOf('day')]);
      }}
    />
  );
}
