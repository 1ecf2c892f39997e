import type { LeadListKind } from '@portal/contracts';
import type { AxiosInstance } from 'axios';
import { apiClient } from '../createApiClient';
import { unwrapCode } from '../codeResponse';

/** Unread leads per list, as the shell's badges count them (lists the server leaves out keep their count). */
export type LeadUnreadCountsAnswer = Partial<Record<LeadListKind, number>>;

/** The lead calls the shell makes itself; the lists and their actions are the leads remote's. */
export interface LeadsApi {
  /** GET /customer/feedback/unread-counts: the unread counts of the lead lists, fetched once on login. */
  unreadCounts(): Promise<LeadUnreadCountsAnswer>;
}

export function createLeadsApi(http: AxiosInstance = apiClient): LeadsApi {
  return {
    async unreadCounts() {
      const response = await http.get<unknown>('/customer/feedback/unread-counts');
      return unwrapCode<LeadUnreadCountsAnswer>(response.data, response.status);
    },
  };
}

export const leadsApi: LeadsApi = createLeadsApi();
