import { DEFAULT_PUSH_LOG_FILTERS, FIRST_PUSH_LOG_PAGE, pushLogQuery, retryFilter } from './pushLogFilters';

test('the list query carries the filters that are set, the days as startTime and endTime, and the page', () => {
  expect(pushLogQuery('ec', DEFAULT_PUSH_LOG_FILTERS, FIRST_PUSH_LOG_PAGE)).toEqual({ crmCode: 'ec', page: 1, pageSize: 10 });
  const filters = { status: 'refused', dateRange: ['2026-03-01', '2026-03-07'], phone: '138' } as const;
  expect(pushLogQuery('xbb', { ...filters, dateRange: [...filters.dateRange] }, { page: 2, pageSize: 50 })).toEqual({
    crmCode: 'xbb',
    status: 'refused',
    startTime: '2026-03-01',
    endTime: '2026-03-07',
    phone: '138',
    page: 2,
    pageSize: 50,
  });
  // 全部重新推送 takes the days and phone; the state is implied (the failed ones).
  expect(retryFilter('xbb', { ...filters, dateRange: [...filters.dateRange] })).toEqual({
    crmCode: 'xbb',
    startTime: '2026-03-01',
    endTime: '2026-03-07',
    phone: '138',
  });
});
