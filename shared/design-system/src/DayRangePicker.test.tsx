import { chinaToday } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { DayRangePicker, isPickableDay, isWithinMaxDays, recentDays, todayRange } from './DayRangePicker';
import { renderWithProvider } from './testing/renderWithProvider';

/** The calendar cells of the open picker, by day, with whether they are disabled. */
const cell = (day: string) => document.querySelector(`td[title="${day}"]`) as HTMLElement;
const disabled = (day: string) => cell(day).classList.contains('ant-picker-cell-disabled');

describe('DayRangePicker', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the days it is given and reports the cleared range as null', () => {
    const onChange = jest.fn();
    renderWithProvider(<DayRangePicker value={['2026-03-01', '2026-03-05']} onChange={onChange} maxDays={366} />);
    const [start, end] = screen.getAllByRole('textbox');
    expect(start).toHaveValue('2026-03-01');
    expect(end).toHaveValue('2026-03-05');
    fireEvent.mouseDown(document.querySelector('.ant-picker-clear') as HTMLElement);
    fireEvent.mouseUp(document.querySelector('.ant-picker-clear') as HTMLElement);
    fireEvent.click(document.querySelector('.ant-picker-clear') as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('after a first day, days past maxDays from it cannot be picked', () => {
    // 2026-03-20 12:00 in China.
    jest.useFakeTimers({ now: Date.parse('2026-03-20T04:00:00Z'), doNotFake: ['queueMicrotask', 'setTimeout', 'requestAnimationFrame'] });
    const onChange = jest.fn();
    renderWithProvider(<DayRangePicker value={['2026-03-10', '2026-03-12']} onChange={onChange} maxDays={7} presets={[]} />);
    fireEvent.mouseDown(screen.getAllByRole('textbox')[0]);
    fireEvent.click(screen.getAllByRole('textbox')[0]);
    fireEvent.click(cell('2026-03-10'));
    // 03-04..03-16 are within 7 days of 03-10 counting both ends; 03-17 is the 8th day.
    expect(disabled('2026-03-16')).toBe(false);
    expect(disabled('2026-03-17')).toBe(true);
    expect(disabled('2026-03-04')).toBe(false);
    expect(disabled('2026-03-03')).toBe(true);
    // After today in China: never.
    expect(disabled('2026-03-21')).toBe(true);
  });

  it('offers the presets that fit maxDays, from today in China, and picks their days', () => {
    // 2026-03-19 20:00 UTC is already 2026-03-20 04:00 in China.
    jest.useFakeTimers({ now: Date.parse('2026-03-19T20:00:00Z'), doNotFake: ['queueMicrotask', 'setTimeout', 'requestAnimationFrame'] });
    const onChange = jest.fn();
    renderWithProvider(<DayRangePicker onChange={onChange} maxDays={31} />);
    fireEvent.mouseDown(screen.getAllByRole('textbox')[0]);
    fireEvent.click(screen.getAllByRole('textbox')[0]);
    const presets = [...document.querySelectorAll('.ant-picker-presets li')].map((item) => item.textContent);
    expect(presets).toEqual(['今天', '昨天', '近7天', '近30天', '本月']);
    fireEvent.click(screen.getByText('近7天'));
    expect(onChange).toHaveBeenLastCalledWith(['2026-03-14', '2026-03-20']);
    fireEvent.mouseDown(screen.getAllByRole('textbox')[0]);
    fireEvent.click(screen.getByText('本月'));
    expect(onChange).toHaveBeenLastCalledWith(['2026-03-01', '2026-03-20']);
  });

  it("offers only the API's days: none before 2000 or after 2099, none after today unless the future is allowed", () => {
    expect(isPickableDay('1999-12-31', false)).toBe(false);
    expect(isPickableDay('2000-01-01', false)).toBe(true);
    expect(isPickableDay('2099-12-31', false)).toBe(true);
    expect(isPickableDay('2100-01-01', false)).toBe(false);
    expect(isPickableDay('2026-05-02', true, '2026-05-01')).toBe(false);
    expect(isPickableDay('2026-05-01', true, '2026-05-01')).toBe(true);
  });

  it('counts both ends of a range against maxDays, in either direction', () => {
    expect(isWithinMaxDays('2026-03-07', '2026-03-01', 7)).toBe(true);
    expect(isWithinMaxDays('2026-03-08', '2026-03-01', 7)).toBe(false);
    expect(isWithinMaxDays('2026-02-23', '2026-03-01', 7)).toBe(true);
    expect(isWithinMaxDays('2026-02-22', '2026-03-01', 7)).toBe(false);
    // Across a leap day: 2024-02-29 exists.
    expect(isWithinMaxDays('2024-03-01', '2024-02-28', 3)).toBe(true);
  });

  it('counts today in: 近7天 is today and the 6 days before; the lists start on today in China', () => {
    expect(recentDays(7, '2026-03-10')).toEqual(['2026-03-04', '2026-03-10']);
    expect(recentDays(30, '2026-03-01')).toEqual(['2026-01-31', '2026-03-01']);
    expect(todayRange()).toEqual([chinaToday(), chinaToday()]);
  });
});
