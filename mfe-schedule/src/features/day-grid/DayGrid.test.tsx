import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderSchedule } from '../../test/renderSchedule';
import { byLabel, dayButton, dayNames } from '../schedule/testing';
import { DayGrid, type DayGridProps } from './DayGrid';
import { datesOf, daysInMonth, firstWeekday, shiftMonth } from './month';

const grid = (props: Partial<DayGridProps> = {}) => (
  <DayGrid month="2026-03" today="2026-03-05" scheduled={[]} selected={[]} onSelect={() => undefined} {...props} />
);

/** The grid as the page uses it: one chosen day, the month switchable. */
function Page() {
  const [month, setMonth] = useState('2026-03');
  const [selected, setSelected] = useState('2026-03-05');
  return (
    <DayGrid
      month={month}
      today="2026-03-05"
      scheduled={['2026-03-02', '2026-04-30']}
      selected={[selected]}
      onSelect={setSelected}
      onMonthChange={setMonth}
    />
  );
}

test('the month arithmetic: lengths, leap years, the first weekday (Monday first), the year turning', () => {
  expect([daysInMonth('2026-01'), daysInMonth('2026-02'), daysInMonth('2024-02'), daysInMonth('2026-04')]).toEqual([31, 28, 29, 30]);
  expect(datesOf('2026-02').at(-1)).toBe('2026-02-28');
  // 2026-03-01 is a Sunday, 2026-06-01 a Monday.
  expect([firstWeekday('2026-03'), firstWeekday('2026-06')]).toEqual([6, 0]);
  expect([shiftMonth('2026-01', -1), shiftMonth('2025-12', 1), shiftMonth('2026-03', 0)]).toEqual(['2025-12', '2026-01', '2026-03']);
});

test('the days of 31-, 30- and 28-day months, scheduled days marked for the eye and for screen readers', () => {
  const { rerender } = renderSchedule(grid({ scheduled: ['2026-03-02', '2026-03-05', '2026-04-02'], selected: ['2026-03-02'] }));
  const names = dayNames();
  expect(names).toHaveLength(31);
  expect(names.slice(0, 6)).toEqual(['1日', '2日 已排班', '3日', '4日', '5日 已排班 今天', '6日']);
  expect(names.at(-1)).toBe('31日');
  // What is seen is what is heard.
  expect(screen.getByRole('button', { name: '5日 已排班 今天' })).toBe(dayButton('2026-03-05'));
  expect(dayButton('2026-03-05')).toHaveAttribute('aria-current', 'date');
  expect(dayButton('2026-03-02')).toHaveAttribute('aria-pressed', 'true');
  expect(dayButton('2026-03-03')).toHaveAttribute('aria-pressed', 'false');
  // The 1st sits under its weekday: Sunday, the last column.
  expect(dayButton('2026-03-01').style.gridColumnStart).toBe('7');
  expect(screen.getByRole('group', { name: '2026年3月' })).toBeInTheDocument();

  rerender(grid({ month: '2026-04', scheduled: ['2026-03-02', '2026-04-02'] }));
  expect(dayNames()).toHaveLength(30);
  expect(dayNames()[1]).toBe('2日 已排班');
  expect(document.querySelector('[aria-current="date"]')).toBeNull();

  rerender(grid({ month: '2026-02' }));
  expect(dayNames()).toHaveLength(28);
  expect(screen.getByText('2026年2月')).toBeInTheDocument();
  // Without onMonthChange the month stays as given.
  expect(document.querySelector('[aria-label="上个月"]')).toBeNull();
});

test('a click chooses the day; 上个月 and 下个月 switch the month, the marks following it', () => {
  renderSchedule(<Page />);
  fireEvent.click(dayButton('2026-03-09'));
  expect(dayButton('2026-03-09')).toHaveAttribute('aria-pressed', 'true');
  expect(dayButton('2026-03-05')).toHaveAttribute('aria-pressed', 'false');

  fireEvent.click(byLabel('下个月'));
  expect(screen.getByText('2026年4月')).toBeInTheDocument();
  expect(dayNames()).toHaveLength(30);
  expect(dayNames().at(-1)).toBe('30日 已排班');
  expect(dayNames()[1]).toBe('2日');

  fireEvent.click(byLabel('上个月'));
  fireEvent.click(byLabel('上个月'));
  expect(screen.getByText('2026年2月')).toBeInTheDocument();
  expect(dayNames()).toHaveLength(28);
});

test('a day that cannot be chosen (the copy source) is disabled', () => {
  const onSelect = jest.fn();
  renderSchedule(grid({ onSelect, isDisabled: (date) => date === '2026-03-05' }));
  expect(dayButton('2026-03-05')).toBeDisabled();
  fireEvent.click(dayButton('2026-03-05'));
  fireEvent.click(dayButton('2026-03-06'));
  expect(onSelect.mock.calls).toEqual([['2026-03-06']]);
});
