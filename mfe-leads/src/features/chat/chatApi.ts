import { endpointQuery, endpointRequest, type EndpointPage } from '@portal/api-client';
import { CHAT_HISTORY_PAGE_DEFAULT, type ChatConversation, type ChatMessageView } from '@portal/contracts/chat';
import { chatEndpoints } from '@portal/contracts/endpoints';
import { leadsApi } from '../../api/leadsApi';

/** The target list's page size. */
export const CHAT_LIST_PAGE_SIZE = 20;

/** Every cached page of the target list: a new message, a read, a reply or a close reloads them. */
export const CHAT_LIST_TAG = { type: 'ChatConversation', id: 'LIST' } as const;

export interface ChatHistoryArgs {
  id: number;
  /** The messages before this one (earlier history); without it the newest. */
  before?: number;
  limit?: number;
}

export interface ChatHistoryPage {
  messages: ChatMessageView[];
  hasMore: boolean;
  replyEnabled: boolean;
}

const conversations = endpointQuery(chatEndpoints.conversations, ({ page }: { page: number }) => ({
  query: { page, pageSize: CHAT_LIST_PAGE_SIZE },
}));
const history = endpointQuery(chatEndpoints.history, ({ id, before, limit = CHAT_HISTORY_PAGE_DEFAULT }: ChatHistoryArgs) => ({
  params: { id },
  query: before === undefined ? { limit } : { before, limit },
}));

/**
 * The chat panel's calls (catalogue.chat, the customer side). The conversation and its newest
 * messages are tagged by id: a reply, a read or a close reloads them; earlier history pages are
 * asked once each (useLazy) and kept by the panel.
 */
export const chatApi = leadsApi.injectEndpoints({
  endpoints: (build) => ({
    getChatConversations: build.query<EndpointPage<ChatConversation>, { page: number }>({
      ...conversations,
      providesTags: [CHAT_LIST_TAG],
      keepUnusedDataFor: 0,
    }),
    getChatConversation: build.query<ChatConversation, number>({
      ...endpointQuery(chatEndpoints.conversation, (id: number) => ({ params: { id } })),
      providesTags: (_result, _error, id) => [{ type: 'ChatConversation', id }],
    }),
    getChatHistory: build.query<ChatHistoryPage, ChatHistoryArgs>({
      ...history,
      // Earlier pages never change; only the newest page (no `before`) follows new messages.
      providesTags: (_result, _error, { id, before }) => (before === undefined ? [{ type: 'ChatHistory', id }] : []),
      keepUnusedDataFor: 0,
    }),
    replyChat: build.mutation<ChatMessageView, { id: number; message: string }>({
      query: ({ id, message }) => endpointRequest(chatEndpoints.reply, { params: { id }, body: { message } }),
      // A 409 (closed, visitor gone) reloads the conversation too: its replyEnabled says why.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ChatHistory', id }, { type: 'ChatConversation', id }, CHAT_LIST_TAG],
    }),
    readChat: build.mutation<{ unread: number; totalUnread: number }, number>({
      query: (id) => endpointRequest(chatEndpoints.read, { params: { id } }),
      invalidatesTags: (result, _error, id) => (result ? [{ type: 'ChatConversation', id }, CHAT_LIST_TAG] : []),
    }),
    closeChat: build.mutation<ChatConversation, number>({
      query: (id) => endpointRequest(chatEndpoints.close, { params: { id } }),
      invalidatesTags: (_result, _error, id) => [{ type: 'ChatHistory', id }, { type: 'ChatConversation', id }, CHAT_LIST_TAG],
    }),
  }),
});

export const {
  useGetChatConversationsQuery,
  useGetChatConversationQuery,
  useGetChatHistoryQuery,
  useLazyGetChatHistoryQuery,
  useReplyChatMutation,
  useReadChatMutation,
  useCloseChatMutation,
} = chatApi;
