import { DEFAULT_TOP_N, REPORT_DEFAULT_DAYS, TOP_N_OPTIONS } from '@portal/contracts/reports';
import { recentDays, type DayRange, type ListQuery } from '@portal/design-system';
import { readRange } from '../report-kit/rangeFilters';

/** The analysis pages' filters, kept in the URL: a day range and the top-N of the province and keyword pies. */
export interface AnalysisFilters {
  dateRange: DayRange;
  top: number;
}

/** The last REPORT_DEFAULT_DAYS days (the server's default) and the top 10. */
export const defaultAnalysisFilters = (): AnalysisFilters => ({ dateRange: recentDays(REPORT_DEFAULT_DAYS), top: DEFAULT_TOP_N });

const TOPS: readonly number[] = TOP_N_OPTIONS;

/** The URL's filters; a bad or missing value takes the default's. */
export function analysisFiltersFromQuery(query: ListQuery, defaults: AnalysisFilters): AnalysisFilters {
  const top = Number(query.top);
  return {
    dateRange: readRange(query, defaults.dateRange) ?? defaults.dateRange,
    top: query.top !== undefined && TOPS.includes(top) && String(top) === query.top ? top : defaults.top,
  };
}

export const analysisFiltersToQuery = (filters: AnalysisFilters): ListQuery => ({
  startTime: filters.dateRange[0],
  endTime: filters.dateRange[1],
  top: String(filters.top),
});

/** The range of an analysis call. */
export const rangeOf = ({ dateRange }: AnalysisFilters) => ({ startTime: dateRange[0], endTime: dateRange[1] });
