import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { datesOf, dayOf, firstWeekday, monthLabel, shiftMonth } from './month';
import { DayGridText } from './texts';

export interface DayGridProps {
  /** The month shown, 'YYYY-MM'. */
  month: string;
  /** Today's date (China), 'YYYY-MM-DD': highlighted. */
  today: string;
  /** The scheduled dates (any month; those of `month` are marked). */
  scheduled: readonly string[];
  /** The chosen dates: one on the page, several in the copy dialog. */
  selected: readonly string[];
  /** A day was clicked. */
  onSelect: (date: string) => void;
  /** Offers 上个月 and 下个月 when given. */
  onMonthChange?: (month: string) => void;
  /** Days that cannot be chosen (the copy's source). */
  isDisabled?: (date: string) => boolean;
  /** The marks are being fetched. */
  busy?: boolean;
}

// Seven equal columns that shrink with the screen (a phone's 390 px fits the week, never scrolling
// sideways); a day's notes wrap under its number instead of widening it.
const GRID: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4, maxWidth: 540 };
const CELL: CSSProperties = {
  minHeight: 48,
  height: 'auto',
  minWidth: 0,
  padding: '2px 0',
  display: 'flex',
  flexDirection: 'column',
  gap: 0,
  lineHeight: 1.2,
  whiteSpace: 'normal',
};
const NOTE: CSSProperties = { fontSize: 12, minHeight: 14 };

/**
 * The month's days 1 to 28-31 (spec 001 section 2 "Call-centre schedule page"), Monday first: a
 * scheduled day is filled and says 已排班, today is outlined in the brand colour and says 今天, a chosen
 * day is solid.
 * Each day is a button named by what it shows ('5日 已排班 今天'), pressed when chosen.
 */
export function DayGrid({ month, today, scheduled, selected, onSelect, onMonthChange, isDisabled, busy = false }: DayGridProps) {
  const marked = new Set(scheduled);
  const chosen = new Set(selected);
  const dates = datesOf(month);
  const label = monthLabel(month);

  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8}>
        {onMonthChange && (
          <Button size="small" icon={<LeftOutlined />} aria-label={DayGridText.PreviousMonth} onClick={() => onMonthChange(shiftMonth(month, -1))} />
        )}
        <Typography.Text strong aria-live="polite" style={{ minWidth: 88, textAlign: 'center' }}>
          {label}
        </Typography.Text>
        {onMonthChange && (
          <Button size="small" icon={<RightOutlined />} aria-label={DayGridText.NextMonth} onClick={() => onMonthChange(shiftMonth(month, 1))} />
        )}
        {busy && <Spin size="small" />}
      </Flex>
      <div style={GRID} aria-hidden>
        {DayGridText.Weekdays.map((weekday) => (
          <Typography.Text key={weekday} type="secondary" style={{ textAlign: 'center', fontSize: 12 }}>
            {weekday}
          </Typography.Text>
        ))}
      </div>
      <div role="group" aria-label={label} aria-busy={busy} style={GRID}>
        {dates.map((date, index) => {
          const day = dayOf(date);
          const isScheduled = marked.has(date);
          const isToday = date === today;
          const isChosen = chosen.has(date);
          const notes = DayGridText.notes(isScheduled, isToday);
          return (
            <Button
              key={date}
              data-date={date}
              color={isChosen || isScheduled || isToday ? 'primary' : 'default'}
              variant={isChosen ? 'solid' : isScheduled ? 'filled' : 'outlined'}
              aria-pressed={isChosen}
              aria-current={isToday ? 'date' : undefined}
              disabled={isDisabled?.(date)}
              style={{
                ...CELL,
                ...(index === 0 ? { gridColumnStart: firstWeekday(month) + 1 } : undefined),
                fontWeight: isToday ? 600 : undefined,
              }}
              onClick={() => onSelect(date)}
            >
              {/* Named by its content ('5日 已排班 今天'): what is seen is what is heard. */}
              <span>{DayGridText.day(day)}</span>
              <span style={NOTE}>{notes && ` ${notes}`}</span>
            </Button>
          );
        })}
      </div>
    </Flex>
  );
}
