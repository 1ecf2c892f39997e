import { orderListQuerySchema } from '@portal/contracts/mall';
import type { ListQuery } from '@portal/design-system';

/** 全部: no status sent. */
export const ALL_STATUSES = 'all';

export interface OrderFilters {
  status: number | typeof ALL_STATUSES;
}

export const defaultOrderFilters = (): OrderFilters => ({ status: ALL_STATUSES });

export const orderFiltersToQuery = (filters: OrderFilters): ListQuery => ({ status: String(filters.status) });

/** The URL's status read by the call's schema; a missing or refused value is 全部. */
export function orderFiltersFromQuery(query: ListQuery, defaults: OrderFilters): OrderFilters {
  if (query.status === undefined || query.status === ALL_STATUSES) return defaults;
  const parsed = orderListQuerySchema.shape.status.safeParse(query.status);
  return parsed.success && parsed.data !== undefined ? { status: parsed.data } : defaults;
}
