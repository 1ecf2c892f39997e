import dayjs from 'dayjs';
import { lastDays, toApiDate } from './dateRange';
import { sumMetrics } from './metrics';

test('sumMetrics adds each indicator over the days and counts bad values as 0', () => {
  const day = (date: string, n: number) => ({
    date,
    impressions: n * 100,
    clicks: n * 10,
    messages: n,
    validConversations: n,
    phoneRequests: n,
  });
  expect(sumMetrics([day('2026-03-01', 1), day('2026-03-02', 2)])).toEqual({
    impressions: 300,
    clicks: 30,
    messages: 3,
    validConversations: 3,
    phoneRequests: 3,
  });
  expect(sumMetrics([{ ...day('2026-03-01', 1), clicks: Number.NaN }]).clicks).toBe(0);
  expect(sumMetrics([])).toEqual({ impressions: 0, clicks: 0, messages: 0, validConversations: 0, phoneRequests: 0 });
});

test('lastDays counts today in: 近7天 is today and the 6 days before', () => {
  const [start, end] = lastDays(7, dayjs('2026-03-10T15:30:00'));
  expect([toApiDate(start), toApiDate(end)]).toEqual(['2026-03-04', '2026-03-10']);
  const [yearStart] = lastDays(30, dayjs('2026-03-01'));
  expect(toApiDate(yearStart)).toBe('2026-01-31');
});

test("the default range ends on China's today, not the browser's", () => {
  // 2026-03-10 20:00 UTC is already 2026-03-11 04:00 in China.
  jest.useFakeTimers({ now: Date.parse('2026-03-10T20:00:00Z') });
  try {
    const [start, end] = lastDays(7);
    expect([toApiDate(start), toApiDate(end)]).toEqual(['2026-03-05', '2026-03-11']);
  } finally {
    jest.useRealTimers();
  }
});
