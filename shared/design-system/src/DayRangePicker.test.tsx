import { fireEvent, screen } from '@testing-library/react';
import { chinaToday } from '@portal/contracts';
import { DayRangePicker, isPickableDay, todayRange } from './DayRangePicker';
import { renderWithProvider } from './testing/renderWithProvider';

describe('DayRangePicker', () => {
  it('shows the days it is given and reports the cleared range as null', () => {
    const onChange = jest.fn();
    renderWithProvider(<DayRangePicker value={['2026-03-01', '2026-03-05']} onChange={onChange} />);
    const [start, end] = screen.getAllByRole('textbox');
    expect(start).toHaveValue('2026-03-01');
    expect(end).toHaveValue('2026-03-05');
    fireEvent.mouseDown(document.querySelector('.ant-picker-clear') as HTMLElement);
    fireEvent.mouseUp(document.querySelector('.ant-picker-clear') as HTMLElement);
    fireEvent.click(document.querySelector('.ant-picker-clear') as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("offers only the API's days: none before 2000 or after 2099, none after today unless the future is allowed", () => {
    expect(isPickableDay('1999-12-31', false)).toBe(false);
    expect(isPickableDay('2000-01-01', false)).toBe(true);
    expect(isPickableDay('2099-12-31', false)).toBe(true);
    expect(isPickableDay('2100-01-01', false)).toBe(false);
    expect(isPickableDay('2026-05-02', true, '2026-05-01')).toBe(false);
    expect(isPickableDay('2026-05-01', true, '2026-05-01')).toBe(true);
  });

  it('starts the lead lists on today in China, the day the server counts', () => {
    expect(todayRange()).toEqual([chinaToday(), chinaToday()]);
  });
});
