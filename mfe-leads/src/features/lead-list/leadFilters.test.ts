import { defaultLeadFilters, leadFiltersFromQuery, leadFiltersToQuery, type LeadFilters } from './leadFilters';

const defaults: LeadFilters = {
  dateRange: ['2026-03-10', '2026-03-10'],
  itemId: null,
  readStatus: -1,
  crmFollowerState: -1,
  crmFollower: '',
  phone: '',
  duplicate: -1,
};

describe('lead filters in the URL', () => {
  it('round-trips every filter, a cleared day range included', () => {
    const filters: LeadFilters = { dateRange: null, itemId: 13, readStatus: 1, crmFollowerState: 0, crmFollower: '张丽', phone: '138', duplicate: 1 };
    expect(leadFiltersToQuery(filters)).toEqual({
      startTime: '',
      endTime: '',
      itemId: '13',
      readStatus: '1',
      crmFollowerState: '0',
      crmFollower: '张丽',
      phone: '138',
      duplicate: '1',
    });
    expect(leadFiltersFromQuery(leadFiltersToQuery(filters), defaults)).toEqual(filters);
    const withoutDuplicates: LeadFilters = { ...filters, duplicate: 0 };
    expect(leadFiltersFromQuery(leadFiltersToQuery(withoutDuplicates), defaults)).toEqual(withoutDuplicates);
    expect(leadFiltersFromQuery(leadFiltersToQuery(defaultLeadFilters()), defaults)).toEqual(defaultLeadFilters());
  });

  it('reads a range from the URL the list writes, which leaves out an end equal to the default', () => {
    // As useUrlListState writes it: only the values that differ from the defaults.
    const written = (filters: LeadFilters) => {
      const fallback = leadFiltersToQuery(defaults);
      return Object.fromEntries(Object.entries(leadFiltersToQuery(filters)).filter(([name, value]) => fallback[name] !== value));
    };
    for (const dateRange of [['2026-03-04', '2026-03-10'], ['2026-03-10', '2026-03-10'], ['2026-03-01', '2026-03-05'], null] as const) {
      const filters: LeadFilters = { ...defaults, dateRange: dateRange && [dateRange[0], dateRange[1]] };
      expect(leadFiltersFromQuery(written(filters), defaults)).toEqual(filters);
    }
    expect(written({ ...defaults, dateRange: ['2026-03-04', '2026-03-10'] })).toEqual({ startTime: '2026-03-04' });
  });

  it.each([
    ['startTime=2026-03-05&endTime=2026-03-01', 'days out of order'],
    ['startTime=2025-01-01&endTime=2026-03-01', 'too many days'],
    ['startTime=2026-02-30&endTime=2026-03-01', 'not a calendar day'],
    ['startTime=&endTime=2026-03-01', 'one end written empty'],
    ['startTime=2026-03-12', 'a start after the default end'],
    ['itemId=0&readStatus=2&crmFollowerState=-1&phone=13a', 'refused values'],
    ['itemId=013&readStatus=01&phone=' + '1'.repeat(21), 'non-canonical values'],
    ['crmFollower=' + '名'.repeat(51), 'a receiver name too long'],
    ['crmFollower=%20%20', 'a blank receiver'],
    ['duplicate=2', 'a duplicate filter other than 0 or 1'],
    ['duplicate=-1', 'the any value written out'],
    ['duplicate=01', 'a non-canonical duplicate filter'],
  ])('%s (%s) falls back to the defaults', (query) => {
    expect(leadFiltersFromQuery(Object.fromEntries(new URLSearchParams(query)), defaults)).toEqual(defaults);
  });
});
