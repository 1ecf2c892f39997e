import { chinaToday } from '@portal/contracts';
import { consumptionQuerySchema, REPORT_YEAR_MIN } from '@portal/contracts/reports';
import type { ListQuery } from '@portal/design-system';
import { readItemId } from '../report-kit/rangeFilters';
import type { ConsumptionGrid, ConsumptionParams } from './consumptionApi';

/** The data type a report opens on: 2, 消耗金额 (the server's default too). */
export const DEFAULT_DATA_TYPE = 2;

/** The consumption report's tab and filters; the month is the daily tab's. */
export interface ConsumptionFilters {
  grid: ConsumptionGrid;
  year: number;
  month: number;
  dataType: number;
  itemId: number | null;
}

const thisYear = (today: string = chinaToday()): number => Number(today.slice(0, 4));
const thisMonth = (today: string = chinaToday()): number => Number(today.slice(5, 7));

/** The years of the year select, newest first: this year (China) back to REPORT_YEAR_MIN. */
export const selectableYears = (today: string = chinaToday()): number[] =>
  Array.from({ length: thisYear(today) - REPORT_YEAR_MIN + 1 }, (_, index) => thisYear(today) - index);

/** Whether a month of `year` is still to come (not offered). */
export const isFutureMonth = (year: number, month: number, today: string = chinaToday()): boolean =>
  year > thisYear(today) || (year === thisYear(today) && month > thisMonth(today));

/** The monthly grid of this year, 消耗金额, every project (the daily tab opens on this month). */
export const defaultConsumptionFilters = (): ConsumptionFilters => {
  const today = chinaToday();
  return { grid: 'monthly', year: thisYear(today), month: thisMonth(today), dataType: DEFAULT_DATA_TYPE, itemId: null };
};

export const consumptionParams = (filters: ConsumptionFilters): ConsumptionParams => ({
  year: filters.year,
  ...(filters.grid === 'daily' ? { month: filters.month } : {}),
  dataType: filters.dataType,
  ...(filters.itemId === null ? {} : { itemId: filters.itemId }),
});

export const consumptionFiltersToQuery = (filters: ConsumptionFilters): ListQuery => ({
  tab: filters.grid,
  year: String(filters.year),
  month: String(filters.month),
  dataType: String(filters.dataType),
  itemId: filters.itemId === null ? '' : String(filters.itemId),
});

/** The URL's filters read by the call's schema (no future year or month); a missing or refused value is its default. */
export function consumptionFiltersFromQuery(query: ListQuery, defaults: ConsumptionFilters): ConsumptionFilters {
  const read = (name: 'year' | 'month' | 'dataType'): number | undefined => {
    if (query[name] === undefined) return undefined;
    const result = consumptionQuerySchema.safeParse({ [name]: query[name] });
    return result.success ? result.data[name] : undefined;
  };
  const readYear = read('year');
  const year = readYear !== undefined && readYear <= thisYear() ? readYear : defaults.year;
  const readMonth = read('month');
  const month = readMonth !== undefined && !isFutureMonth(year, readMonth) ? readMonth : isFutureMonth(year, defaults.month) ? 1 : defaults.month;
  const itemId = readItemId(query.itemId);
  return {
    grid: query.tab === 'daily' || query.tab === 'monthly' ? query.tab : defaults.grid,
    year,
    month,
    dataType: read('dataType') ?? defaults.dataType,
    itemId: itemId === undefined ? defaults.itemId : itemId,
  };
}
