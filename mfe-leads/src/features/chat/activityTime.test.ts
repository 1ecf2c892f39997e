import { activityTime } from './activityTime';

describe("a conversation's last activity in the target list", () => {
  const now = new Date(2026, 2, 5, 15, 30);
  it('is the time today, 昨天 and the time yesterday, the day this year, the date before', () => {
    expect(activityTime('2026-03-05 09:07:45', now)).toBe('09:07');
    expect(activityTime('2026-03-04 23:59:00', now)).toBe('昨天 23:59');
    expect(activityTime('2026-01-20 08:00:00', now)).toBe('01-20');
    expect(activityTime('2025-12-31 08:00:00', now)).toBe('2025-12-31');
    expect(activityTime('刚刚', now)).toBe('刚刚');
  });
});
