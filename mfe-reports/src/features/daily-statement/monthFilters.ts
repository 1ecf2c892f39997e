import { monthQuerySchema } from '@portal/contracts/reports';
import type { ListQuery } from '@portal/design-system';
import { readItemId } from '../report-kit/rangeFilters';
import { chinaMonth, isPickableMonth } from '../report-kit/MonthPicker';

/** A daily statement's filters: the month ('YYYY-MM', the current China month by default) and the project (null: all). */
export interface MonthFilters {
  month: string;
  itemId: number | null;
}

export const defaultMonthFilters = (): MonthFilters => ({ month: chinaMonth(), itemId: null });

export const monthParams = (filters: MonthFilters): { month: string; itemId?: number } => ({
  month: filters.month,
  ...(filters.itemId === null ? {} : { itemId: filters.itemId }),
});

export const monthFiltersToQuery = (filters: MonthFilters): ListQuery => ({
  month: filters.month,
  itemId: filters.itemId === null ? '' : String(filters.itemId),
});

/** The URL's filters read by the call's schema (a future month refused too); a missing or refused value is its default. */
export function monthFiltersFromQuery(query: ListQuery, defaults: MonthFilters): MonthFilters {
  const month = query.month === undefined ? undefined : monthQuerySchema.safeParse({ month: query.month });
  const itemId = readItemId(query.itemId);
  return {
    month: month?.success && month.data.month !== undefined && isPickableMonth(month.data.month) ? month.data.month : defaults.month,
    itemId: itemId === undefined ? defaults.itemId : itemId,
  };
}
