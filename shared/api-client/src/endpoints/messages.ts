import type { Message, MessageActionResult, MessageListQuery, MessageUnreadCounts } from '@portal/contracts';
import type { AxiosInstance } from 'axios';
import { apiClient } from '../createApiClient';
import { unwrapCode } from '../codeResponse';
import { getPage, type Page } from '../pagination';

export type { Message, MessageActionResult, MessageUnreadCounts };

/** The message centre, the notification popover and the suggestion dialog (server module `messages`). */
export interface MessagesApi {
  /** GET /customer/message/messages?page&pageSize&onlyUnread&contents&type: newest first. */
  list(query?: Partial<MessageListQuery>): Promise<Page<Message>>;
  /** GET /customer/message/unread-counts: `{system, user, customer}`. */
  unreadCounts(): Promise<MessageUnreadCounts>;
  /** PUT /customer/message/messages/{id}/read (expanding a row). */
  read(id: number): Promise<MessageActionResult>;
  /** PUT /customer/message/messages/read-all, optionally one type's. */
  readAll(type?: number): Promise<MessageActionResult>;
  /** PUT /customer/message/messages/deleteList `{ids}`. */
  deleteList(ids: number[]): Promise<MessageActionResult>;
  /** POST /customer/message/suggestions `{type: 9, platform: 2, content}`. */
  suggest(content: string): Promise<void>;
}

export function createMessagesApi(http: AxiosInstance = apiClient): MessagesApi {
  const code = async <T>(request: Promise<{ data: unknown; status: number }>): Promise<T> => {
    const response = await request;
    return unwrapCode<T>(response.data, response.status);
  };
  return {
    list: (query = {}) => getPage<Message>('/customer/message/messages', query, http),
    unreadCounts: () => code(http.get('/customer/message/unread-counts')),
    read: (id) => code(http.put(`/customer/message/messages/${id}/read`)),
    readAll: (type) => code(http.put('/customer/message/messages/read-all', type === undefined ? {} : { type })),
    deleteList: (ids) => code(http.put('/customer/message/messages/deleteList', { ids })),
    suggest: async (content) => {
      await code(http.post('/customer/message/suggestions', { type: 9, platform: 2, content }));
    },
  };
}

export const messagesApi: MessagesApi = createMessagesApi();
