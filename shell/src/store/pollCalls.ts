import type { MessageUnreadCounts } from '@portal/contracts/messages';
import type { LeadUnreadCounts } from '@portal/contracts/leads';
import { shellApi } from './shellApi';
import { getPageStore } from './store';

/**
 * The realtime poller's calls: the message and lead counters, asked anew each time (never a cached
 * answer), through the page's store and the api-client (a 401 there logs out). What the poller
 * then puts on the bus refreshes the cached message lists (store/busBridge.ts).
 */
export const pollCalls = {
  messageCounts: (): Promise<MessageUnreadCounts> =>
    getPageStore()
      .dispatch(shellApi.endpoints.messageUnreadCounts.initiate(undefined, { subscribe: false, forceRefetch: true }))
      .unwrap(),
  leadCounts: (): Promise<LeadUnreadCounts> =>
    getPageStore()
      .dispatch(shellApi.endpoints.leadUnreadCounts.initiate(undefined, { subscribe: false, forceRefetch: true }))
      .unwrap(),
};
