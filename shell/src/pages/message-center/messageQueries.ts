import { DEFAULT_PAGE_SIZE, FIRST_PAGE, NoticeType } from '@portal/contracts';
import { FrameRoute } from '../../frame/texts';
import type { MessageListArgs } from '../../store/shellApi';

export type MessageTab = 'all' | 'system';

/** The message centre's filters. */
export interface MessageFilters {
  tab: MessageTab;
  onlyUnread: boolean;
  contents: string;
}

export interface Paging {
  page: number;
  pageSize: number;
}

export const INITIAL_FILTERS: MessageFilters = { tab: 'all', onlyUnread: false, contents: '' };
export const FIRST_PAGING: Paging = { page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE };

/** The list call's query: only the filters in force are sent. */
export const listQuery = (filters: MessageFilters, paging: Paging): MessageListArgs => ({
  page: paging.page,
  pageSize: paging.pageSize,
  ...(filters.tab === 'system' ? { type: NoticeType.System } : {}),
  ...(filters.onlyUnread ? { onlyUnread: 1 } : {}),
  ...(filters.contents ? { contents: filters.contents } : {}),
});

/**
 * The first page of unread notices: what the notification popover shows the newest of, and the
 * message centre's list under 只看未读. The same query is the same cache entry, so the two share
 * one answer and one refetch.
 */
export const UNREAD_FIRST_PAGE: MessageListArgs = listQuery({ ...INITIAL_FILTERS, onlyUnread: true }, FIRST_PAGING);

/** The query parameter naming the notice the message centre opens. */
export const OPEN_MESSAGE_PARAM = 'open';

/**
 * A notice's detail: the message centre under 只看未读 with its row expanded, which reads it (the
 * bell's items, all unread notices of that first page).
 */
export const messageDetailRoute = (id: number): string => `${FrameRoute.MessageCenter}?${OPEN_MESSAGE_PARAM}=${id}`;

/** The notice a message centre URL opens, or null. */
export function openedMessageId(search: URLSearchParams): number | null {
  const value = search.get(OPEN_MESSAGE_PARAM);
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}
