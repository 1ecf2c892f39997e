/**
 * The month arithmetic of the day grid, on 'YYYY-MM' months and 'YYYY-MM-DD' dates (the China
 * dates the server speaks), computed in UTC so that the browser's time zone never shifts a day.
 */

const pad = (n: number): string => String(n).padStart(2, '0');
const parts = (month: string): [number, number] => [Number(month.slice(0, 4)), Number(month.slice(5, 7))];

/** The month of a date: '2026-03-05' → '2026-03'. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The day of the month of a date: '2026-03-05' → 5. */
export const dayOf = (date: string): number => Number(date.slice(8, 10));

/** How many days the month has (28 to 31). */
export function daysInMonth(month: string): number {
  const [year, monthNumber] = parts(month);
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

/** The month's dates, the 1st first. */
export function datesOf(month: string): string[] {
  return Array.from({ length: daysInMonth(month) }, (_, index) => `${month}-${pad(index + 1)}`);
}

/** The month `delta` months away: ('2026-01', -1) → '2025-12'. */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = parts(month);
  const shifted = new Date(Date.UTC(year, monthNumber - 1 + delta, 1));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}`;
}

/** The column (0 Monday .. 6 Sunday) of the month's 1st in a week that starts on Monday, as Chinese calendars do. */
export function firstWeekday(month: string): number {
  const [year, monthNumber] = parts(month);
  return (new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay() + 6) % 7;
}

/** '2026-03' → '2026年3月'. */
export const monthLabel = (month: string): string => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** '2026-03-05' → '3月5日'. */
export const dateLabel = (date: string): string => `${Number(date.slice(5, 7))}月${dayOf(date)}日`;
