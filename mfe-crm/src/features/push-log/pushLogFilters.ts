import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type CrmCode } from '@portal/contracts';
import type { PushStatus } from '@portal/contracts/crm';
import type { DayRange } from '@portal/design-system';

/** The push log's filters: the state ('' for any), the days pushed (null: the whole 90 days kept), part of the phone. */
export interface PushLogFilters {
  status: PushStatus | '';
  dateRange: DayRange | null;
  phone: string;
}

export const DEFAULT_PUSH_LOG_FILTERS: PushLogFilters = { status: '', dateRange: null, phone: '' };

export interface PushLogPaging {
  page: number;
  pageSize: number;
}

export const FIRST_PUSH_LOG_PAGE: PushLogPaging = { page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE };

/** The filter of 全部重新推送 (the failed pushes of these days and phone; the state is implied). */
export function retryFilter(crmCode: CrmCode, filters: PushLogFilters) {
  const body: { crmCode: CrmCode; startTime?: string; endTime?: string; phone?: string } = { crmCode };
  if (filters.dateRange) [body.startTime, body.endTime] = filters.dateRange;
  if (filters.phone) body.phone = filters.phone;
  return body;
}

/** The query of the list call: the filters that are set, and the page. */
export function pushLogQuery(crmCode: CrmCode, filters: PushLogFilters, { page, pageSize }: PushLogPaging) {
  return { ...retryFilter(crmCode, filters), ...(filters.status ? { status: filters.status } : {}), page, pageSize };
}
