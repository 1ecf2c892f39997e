import { DATE_MAX, DATE_MIN, DateMessage } from '@portal/contracts';
import { leadExportEndpoints, leadListEndpoints } from '@portal/contracts/endpoints';
import { requestInChildProcess } from './test/child-request';
import { dialects, expectError, useDemoApp } from './test/harness';

const STATS = '/rest/customer/workbench/stats';
const BOUND_MS = 30_000;

/**
 * Dates at the edge of what a 4-digit year can write once hung the server: the stats day loop
 * compared 'YYYY-MM-DD' strings, and the day after 9999-12-31 is '+010000-01', which sorts before
 * any 4-digit year, so the loop never ended (nor did the memory it filled). Each request runs in
 * a child process, killed past a generous bound, because a synchronous loop would block this one.
 */
describe.each(dialects())('dates at the edge of the calendar on %s', (dialect) => {
  it.each([
    ['a range in year 9999', { startTime: '9999-12-31', endTime: '9999-12-31' }],
    ['an end in year 0000', { endTime: '0000-01-01' }],
    ['a start in year 0000', { startTime: '0000-01-01', endTime: '0000-01-02' }],
  ])(
    'the dashboard stats refuse %s at once',
    async (_, query) => {
      const answer = await requestInChildProcess(dialect, 'GET', `${STATS}?${new URLSearchParams(query)}`, BOUND_MS);
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ code: '400', message: DateMessage.OutOfRange, field: expect.any(String) });
    },
    BOUND_MS + 10_000,
  );
});

/** Every call that takes a day takes the one date type: the same bounds and the same refusals. */
describe.each(dialects())('the date bounds of every call on %s', (dialect) => {
  const s = useDemoApp(dialect);
  const DATE_CALLS = [
    STATS,
    ...Object.values(leadListEndpoints).map(({ path }) => path),
    ...Object.values(leadExportEndpoints).map(({ path }) => path),
  ].map((path) => (path.startsWith('/rest') ? path : `/rest${path}`));

  it.each(DATE_CALLS)('%s refuses days outside 2000-01-01..2099-12-31', async (url) => {
    for (const query of [
      { startTime: '9999-12-31', endTime: '9999-12-31' },
      { startTime: '0000-01-01', endTime: '0000-01-02' },
      { startTime: '1999-12-31', endTime: '2000-01-01' },
      { startTime: '2099-12-31', endTime: '2100-01-01' },
    ]) {
      expectError(await s.a.get(url, { query }), 400, DateMessage.OutOfRange);
    }
  });

  it.each(DATE_CALLS)('%s takes the first and the last day', async (url) => {
    for (const query of [
      { startTime: DATE_MIN, endTime: DATE_MIN },
      { startTime: DATE_MAX, endTime: DATE_MAX },
    ]) {
      expect((await s.a.get(url, { query })).statusCode).toBe(200);
    }
  });
});
