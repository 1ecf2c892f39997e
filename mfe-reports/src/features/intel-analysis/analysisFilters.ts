import { DEFAULT_TOP_N, REPORT_DEFAULT_DAYS, TOP_N_OPTIONS } from '@portal/contracts/reports';
import { recentDays, type DayRange, type ListQuery } from '@portal/design-system';
import { readItemId, readRange } from '../report-kit/rangeFilters';

/**
 * The analysis pages' filters, kept in the URL: a day range, the project (null: all) and the top-N
 * of the province and keyword pies.
 */
export interface AnalysisFilters {
  dateRange: DayRange;
  itemId: number | null;
  top: number;
}

/** The last REPORT_DEFAULT_DAYS days (the server's default), every project and the top 10. */
export const defaultAnalysisFilters = (): AnalysisFilters => ({ dateRange: recentDays(REPORT_DEFAULT_DAYS), itemId: null, top: DEFAULT_TOP_N });

const TOPS: readonly number[] = TOP_N_OPTIONS;

/** The URL's filters; a bad or missing value takes the default's. */
export function analysisFiltersFromQuery(query: ListQuery, defaults: AnalysisFilters): AnalysisFilters {
  const top = Number(query.top);
  const itemId = readItemId(query.itemId);
  return {
    dateRange: readRange(query, defaults.dateRange) ?? defaults.dateRange,
    itemId: itemId === undefined ? defaults.itemId : itemId,
    top: query.top !== undefined && TOPS.includes(top) && String(top) === query.top ? top : defaults.top,
  };
}

export const analysisFiltersToQuery = (filters: AnalysisFilters): ListQuery => ({
  startTime: filters.dateRange[0],
  endTime: filters.dateRange[1],
  itemId: filters.itemId === null ? '' : String(filters.itemId),
  top: String(filters.top),
});

/** The range and project of an analysis call. */
export const rangeOf = ({ dateRange, itemId }: AnalysisFilters) => ({
  startTime: dateRange[0],
  endTime: dateRange[1],
  ...(itemId === null ? {} : { itemId }),
});
