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
