import { followUpDeadline } from './followUp';

const china = (text: string): Date => new Date(`${text}+08:00`);
const inChina = (date: Date): string => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16);

describe('followUpDeadline', () => {
  it('adds plain minutes', () => {
    expect(inChina(followUpDeadline(china('2026-12-05T23:30:00'), 120, false))).toBe('2026-12-06T01:30');
  });

  it('counts only working minutes, Monday to Friday 9:00-18:00 China time', () => {
    // Wednesday 17:00 + 2 working hours: one today, one from 9:00 on Thursday.
    expect(inChina(followUpDeadline(china('2026-12-02T17:00:00'), 120, true))).toBe('2026-12-03T10:00');
    // Friday 17:30 + 1 hour: over the weekend to Monday 9:30.
    expect(inChina(followUpDeadline(china('2026-12-04T17:30:00'), 60, true))).toBe('2026-12-07T09:30');
    // Given on a Saturday or before opening: the clock starts at the next opening.
    expect(inChina(followUpDeadline(china('2026-12-05T12:00:00'), 30, true))).toBe('2026-12-07T09:30');
    expect(inChina(followUpDeadline(china('2026-12-07T07:00:00'), 10, true))).toBe('2026-12-07T09:10');
    // Exactly the rest of the day ends at closing.
    expect(inChina(followUpDeadline(china('2026-12-07T17:00:00'), 60, true))).toBe('2026-12-07T18:00');
    // A week of working minutes (10,080) is 18 working days and 6 hours.
    expect(inChina(followUpDeadline(china('2026-12-07T09:00:00'), 7 * 24 * 60, true))).toBe('2026-12-31T15:00');
  });
});
