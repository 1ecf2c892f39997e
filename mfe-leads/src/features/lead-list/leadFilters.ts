import { DEFAULT_PAGE_SIZE, ExportReadStatus, FIRST_PAGE } from '@portal/contracts';
import { todayRange, type DayRange } from '@portal/design-system';

/** A select's "any" value: the filter is left out of the query. */
export const ANY = ExportReadStatus.Any;

/** The search bar's values. */
export interface LeadFilters {
  /** null when cleared: the server then lists today. */
  dateRange: DayRange | null;
  itemId: number | null;
  /** -1 any, 0 unread, 1 read. */
  readStatus: number;
  /** -1 any, 0 unassigned, 1 assigned. */
  crmFollowerState: number;
  /** Digits of the phone, or its beginning. */
  phone: string;
}

export interface Paging {
  page: number;
  pageSize: number;
}

export const FIRST_PAGING: Paging = { page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE };

/** A list opens on today's leads of every project (spec 001 section 9: default lead date range today). */
export const defaultLeadFilters = (): LeadFilters => ({
  dateRange: todayRange(),
  itemId: null,
  readStatus: ANY,
  crmFollowerState: ANY,
  phone: '',
});

export type LeadListParams = Record<string, string | number>;

/** The list call's query: the filters that are set, the page, and the list's fixed parameters. */
export function leadListParams(filters: LeadFilters, { page, pageSize }: Paging, fixed: Readonly<LeadListParams> = {}): LeadListParams {
  const params: LeadListParams = { ...fixed };
  if (filters.dateRange) {
    params.startTime = filters.dateRange[0];
    params.endTime = filters.dateRange[1];
  }
  if (filters.itemId !== null && filters.itemId !== undefined) params.itemId = filters.itemId;
  if (filters.readStatus !== ANY && filters.readStatus !== undefined) params.readStatus = filters.readStatus;
  if (filters.crmFollowerState !== ANY && filters.crmFollowerState !== undefined) params.crmFollowerState = filters.crmFollowerState;
  const phone = filters.phone?.trim();
  if (phone) params.phone = phone;
  params.page = page;
  params.pageSize = pageSize;
  return params;
}
