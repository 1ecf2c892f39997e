import { endpointQuery, endpointRequest } from '@portal/api-client';
import type { ChatKey } from '@portal/contracts/chat';
import { chatEndpoints, platformEndpoints } from '@portal/contracts/endpoints';
import { leadsApi } from '../../api/leadsApi';

/** The customer's chat keys: a new or a revoked key reloads them. */
export const CHAT_KEYS_TAG = { type: 'ChatKey', id: 'LIST' } as const;

/**
 * The calls of the dialog 在线咨询接入代码 (catalogue.chat, the customer's keys): the customer's
 * projects (the platform's item list, the call of the lead lists' project filter) and their keys.
 */
export const chatKeysApi = leadsApi.enhanceEndpoints({ addTagTypes: ['ChatKey'] }).injectEndpoints({
  endpoints: (build) => ({
    getChatItems: build.query({ ...endpointQuery(platformEndpoints.items), providesTags: ['Item'] }),
    getChatKeys: build.query<ChatKey[], void>({
      ...endpointQuery(chatEndpoints.keys),
      providesTags: [CHAT_KEYS_TAG],
      keepUnusedDataFor: 0,
    }),
    createChatKey: build.mutation<ChatKey, number>({
      query: (itemId) => endpointRequest(chatEndpoints.createKey, { body: { itemId } }),
      invalidatesTags: [CHAT_KEYS_TAG],
    }),
    revokeChatKey: build.mutation<ChatKey, number>({
      query: (id) => endpointRequest(chatEndpoints.revokeKey, { params: { id } }),
      // A 404 (revoked elsewhere, gone) reloads the list too.
      invalidatesTags: [CHAT_KEYS_TAG],
    }),
  }),
});

export const { useGetChatItemsQuery, useGetChatKeysQuery, useCreateChatKeyMutation, useRevokeChatKeyMutation } = chatKeysApi;
