import { REPORT_DEFAULT_DAYS, reportRangeQuerySchema } from '@portal/contracts/reports';
import { recentDays, type DayRange, type ListPaging, type ListQuery } from '@portal/design-system';

/** The search bar of a report over days: the range (null when cleared) and the project (null: all). */
export interface RangeFilters {
  dateRange: DayRange | null;
  itemId: number | null;
}

/** A report opens on the last REPORT_DEFAULT_DAYS days of every project (the server's own default). */
export const defaultRangeFilters = (): RangeFilters => ({ dateRange: recentDays(REPORT_DEFAULT_DAYS), itemId: null });

/** The filters of a report call: the range and project when set. */
export interface RangeParams {
  itemId?: number;
  startTime?: string;
  endTime?: string;
}

export function rangeParams(filters: RangeFilters): RangeParams {
  const params: RangeParams = {};
  if (filters.itemId !== null) params.itemId = filters.itemId;
  if (filters.dateRange) {
    params.startTime = filters.dateRange[0];
    params.endTime = filters.dateRange[1];
  }
  return params;
}

/** With the page, for a paged report. */
export const rangePageParams = (filters: RangeFilters, { page, pageSize }: ListPaging) => ({ ...rangeParams(filters), page, pageSize });

/** The filters in the URL, named as the call's parameters; a cleared range is written empty. */
export const rangeFiltersToQuery = (filters: RangeFilters): ListQuery => ({
  startTime: filters.dateRange?.[0] ?? '',
  endTime: filters.dateRange?.[1] ?? '',
  itemId: filters.itemId === null ? '' : String(filters.itemId),
});

/**
 * The URL's day range when the report call takes it (real days, in order, at most
 * REPORT_MAX_DAYS); null when written empty, undefined when refused (the default then). A missing
 * end is the default's (the URL leaves out a value equal to its default).
 */
export function readRange({ startTime, endTime }: ListQuery, defaults: DayRange | null): DayRange | null | undefined {
  if (startTime === '' && endTime === '') return null;
  const start = startTime || (startTime === undefined ? defaults?.[0] : undefined);
  const end = endTime || (endTime === undefined ? defaults?.[1] : undefined);
  if (!start || !end) return undefined;
  return reportRangeQuerySchema.safeParse({ startTime: start, endTime: end }).success ? [start, end] : undefined;
}

/** A project id of the URL as the call's schema reads it: undefined when absent or refused, null when empty. */
export function readItemId(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  const result = reportRangeQuerySchema.safeParse({ itemId: value });
  return result.success && result.data.itemId !== undefined ? result.data.itemId : undefined;
}

/** The URL's filters; a missing or refused value is its default (a stale or hand-edited link still opens). */
export function rangeFiltersFromQuery(query: ListQuery, defaults: RangeFilters): RangeFilters {
  const range = readRange(query, defaults.dateRange);
  const itemId = readItemId(query.itemId);
  return {
    dateRange: range === undefined ? defaults.dateRange : range,
    itemId: itemId === undefined ? defaults.itemId : itemId,
  };
}
