import { topupQuerySchema } from '@portal/contracts/reports';
import type { ListQuery } from '@portal/design-system';
import { rangeFiltersFromQuery, rangeFiltersToQuery, rangeParams, type RangeFilters } from '../report-kit/rangeFilters';
import type { TopupParams } from './topupApi';

/** 全部 in the type select: no type sent. */
export const ALL_TYPES = 0;

/** The range is over 到账日期 (payTime); no range by default: every record. */
export interface TopupFilters extends RangeFilters {
  type: number;
}

export const defaultTopupFilters = (): TopupFilters => ({ dateRange: null, itemId: null, type: ALL_TYPES });

export const topupParams = (filters: TopupFilters): TopupParams => ({
  ...rangeParams(filters),
  ...(filters.type === ALL_TYPES ? {} : { type: filters.type }),
});

export const topupFiltersToQuery = (filters: TopupFilters): ListQuery => ({ ...rangeFiltersToQuery(filters), type: String(filters.type) });

/** The URL's filters read by the call's schema; a missing or refused value is its default. */
export function topupFiltersFromQuery(query: ListQuery, defaults: TopupFilters): TopupFilters {
  const type = query.type === undefined ? undefined : topupQuerySchema.safeParse({ type: query.type });
  return {
    ...rangeFiltersFromQuery(query, defaults),
    type: type?.success && type.data.type !== undefined ? type.data.type : defaults.type,
  };
}
