/**
 * A conversation's last activity as the target list shows it, from its China-time
 * 'YYYY-MM-DD HH:mm:ss' against `now` (the same clock): the time today, 昨天 and the time, the
 * month and day this year, the date before.
 */
export function activityTime(view: string, now: Date = new Date()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(view);
  if (!match) return view;
  const [, year, month, day, hour, minute] = match;
  const pad = (n: number) => String(n).padStart(2, '0');
  const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const date = `${year}-${month}-${day}`;
  if (date === dayOf(now)) return `${hour}:${minute}`;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (date === dayOf(yesterday)) return `昨天 ${hour}:${minute}`;
  if (Number(year) === now.getFullYear()) return `${month}-${day}`;
  return date;
}
