import { ExportReadStatus } from '@portal/contracts';
import { leadListQuerySchema } from '@portal/contracts/leads';
import { todayRange, type DayRange, type ListPaging, type ListQuery } from '@portal/design-system';

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
  /** The receiver's name exactly, NO_RECEIVER (未分配) for none; '' any (a receive report's link sets it). */
  crmFollower: string;
  /** Digits of the phone, or its beginning. */
  phone: string;
  /** Duplicates (issue 24): -1 any, 1 only the duplicates, 0 none of them. */
  duplicate: number;
}

/** A list opens on today's leads of every project (spec 001 section 9: default lead date range today). */
export const defaultLeadFilters = (): LeadFilters => ({
  dateRange: todayRange(),
  itemId: null,
  readStatus: ANY,
  crmFollowerState: ANY,
  crmFollower: '',
  phone: '',
  duplicate: ANY,
});

export type LeadListParams = Record<string, string | number>;

/** The list call's query: the filters that are set, the page, and the list's fixed parameters. */
export function leadListParams(filters: LeadFilters, { page, pageSize }: ListPaging, fixed: Readonly<LeadListParams> = {}): LeadListParams {
  const params: LeadListParams = { ...fixed };
  if (filters.dateRange) {
    params.startTime = filters.dateRange[0];
    params.endTime = filters.dateRange[1];
  }
  if (filters.itemId !== null && filters.itemId !== undefined) params.itemId = filters.itemId;
  if (filters.readStatus !== ANY && filters.readStatus !== undefined) params.readStatus = filters.readStatus;
  if (filters.crmFollowerState !== ANY && filters.crmFollowerState !== undefined) params.crmFollowerState = filters.crmFollowerState;
  const receiver = filters.crmFollower?.trim();
  if (receiver) params.crmFollower = receiver;
  const phone = filters.phone?.trim();
  if (phone) params.phone = phone;
  if (filters.duplicate !== ANY && filters.duplicate !== undefined) params.duplicate = filters.duplicate;
  params.page = page;
  params.pageSize = pageSize;
  return params;
}

/**
 * The filters in the list's URL, named as the list call's parameters. Every filter is written, so
 * that useUrlListState can leave out those equal to the defaults; a cleared day range is written
 * empty (startTime=&endTime=), 'any' is -1 and no project or phone is empty. `duplicate` is 1 or 0
 * (only the duplicates, none of them), as the reports' links write it.
 */
export const leadFiltersToQuery = (filters: LeadFilters): ListQuery => ({
  startTime: filters.dateRange?.[0] ?? '',
  endTime: filters.dateRange?.[1] ?? '',
  itemId: filters.itemId === null ? '' : String(filters.itemId),
  readStatus: String(filters.readStatus),
  crmFollowerState: String(filters.crmFollowerState),
  crmFollower: filters.crmFollower.trim(),
  phone: filters.phone.trim(),
  duplicate: String(filters.duplicate),
});

const field = leadListQuerySchema.shape;

/** `value` read by the list call's schema: undefined when absent or refused (the default then), null when empty. */
function read<T>(schema: { safeParse: (value: unknown) => { success: boolean; data?: T } }, value: string | undefined): T | null | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) return undefined;
  return result.data === undefined ? null : result.data;
}

/**
 * The day range of the URL when the list call takes it (real days, in order, not too long); null
 * when written empty. The URL leaves out a value equal to its default, so a missing end is the
 * default's end (7 days ending today is written with its start only).
 */
function readDays({ startTime, endTime }: ListQuery, defaults: DayRange | null): DayRange | null | undefined {
  if (startTime === '' && endTime === '') return null;
  const start = startTime || (startTime === undefined ? defaults?.[0] : undefined);
  const end = endTime || (endTime === undefined ? defaults?.[1] : undefined);
  if (!start || !end) return undefined;
  return leadListQuerySchema.safeParse({ startTime: start, endTime: end }).success ? [start, end] : undefined;
}

/** The URL's filters, as the list call's schema takes them; a missing or refused value is its default (a stale or hand-edited link still opens). */
export function leadFiltersFromQuery(query: ListQuery, defaults: LeadFilters): LeadFilters {
  const days = readDays(query, defaults.dateRange);
  const itemId = read(field.itemId, query.itemId);
  const readStatus = read(field.readStatus, query.readStatus);
  const crmFollowerState = read(field.crmFollowerState, query.crmFollowerState);
  const crmFollower = read(field.crmFollower, query.crmFollower);
  const phone = read(field.phone, query.phone);
  const duplicate = read(field.duplicate, query.duplicate);
  return {
    dateRange: days === undefined ? defaults.dateRange : days,
    itemId: itemId === undefined ? defaults.itemId : itemId,
    readStatus: readStatus ?? defaults.readStatus,
    crmFollowerState: crmFollowerState ?? defaults.crmFollowerState,
    crmFollower: crmFollower ?? defaults.crmFollower,
    phone: phone ?? defaults.phone,
    duplicate: duplicate ?? defaults.duplicate,
  };
}
