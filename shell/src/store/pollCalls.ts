import type { MessageUnreadCounts } from '@portal/contracts/messages';
import { listUnreadCounts, type LeadListKind } from '@portal/contracts';
import { shellApi } from './shellApi';
import { getPageStore } from './store';

/**
 * The realtime poller's calls: the message, lead and chat counters, asked anew each time (never a cached
 * answer), through the page's store and the api-client (a 401 there logs out). What the poller
 * then puts on the bus refreshes the cached message lists (store/busBridge.ts).
 */
export const pollCalls = {
  messageCounts: (): Promise<MessageUnreadCounts> =>
    getPageStore()
      .dispatch(shellApi.endpoints.messageUnreadCounts.initiate(undefined, { subscribe: false, forceRefetch: true }))
      .unwrap(),
  /** The four lists' counts, each of every kind it shows. */
  leadCounts: async (): Promise<Record<LeadListKind, number>> =>
    listUnreadCounts(
      await getPageStore()
        .dispatch(shellApi.endpoints.leadUnreadCounts.initiate(undefined, { subscribe: false, forceRefetch: true }))
        .unwrap(),
    ),
  chatUnread: async (): Promise<number> =>
    (
      await getPageStore()
        .dispatch(shellApi.endpoints.chatUnread.initiate(undefined, { subscribe: false, forceRefetch: true }))
        .unwrap()
    ).totalUnread,
};
