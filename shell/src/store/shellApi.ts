import {
  apiClient,
  axiosBaseQuery,
  endpointQuery,
  endpointRequest,
  isApiError,
  UNEXPECTED_ANSWER,
  type AxiosQueryError,
  type CodeResponse,
  type EndpointPage,
  type EndpointResult,
  type User,
} from '@portal/api-client';
import {
  CommonMessage,
  FirstLogin,
  listUnreadCounts,
  LoginType,
  MessageFormType,
  MessagePlatform,
  NoticeStatus,
  ResponseCode,
  type ForcedChangeTicket,
  type LoginForm,
} from '@portal/contracts';
import { type Message, type MessageListQuery } from '@portal/contracts/messages';
import {
  accountEndpoints,
  authEndpoints,
  chatEndpoints,
  ingestEndpoints,
  leadEndpoints,
  mallEndpoints,
  messageEndpoints,
  reportEndpoints,
} from '@portal/contracts/endpoints';
import { getEventBus, SessionLoginEvent, setChatUnread, setUnreadCounters, UserUpdatedEvent } from '@portal/event-bus';
import { createApi } from '@reduxjs/toolkit/query/react';
import { applyServerCounters } from './ownCounters';

/** One page of the message list. */
export type MessagePage = EndpointPage<Message>;

/** The list call's query: only the filters in force are sent. */
export type MessageListArgs = Partial<MessageListQuery>;

/** The tag of every cached message list: a new or changed notice refreshes them all. */
export const MESSAGE_LIST = { type: 'Message', id: 'LIST' } as const;

/** The message calls that answer new counters; while one runs, counter changes are its own (see busBridge). */
export const MESSAGE_MUTATIONS: ReadonlySet<string> = new Set(['readMessage', 'readAllMessages', 'deleteMessages']);

/** The body of the login answer: a user ('200'), the forced change's ticket ('10002'), or a refusal. */
export type LoginAnswer = CodeResponse<User | ForcedChangeTicket | null>;

const LOGIN = authEndpoints.login;

/**
 * POST /customer/login. A refusal is no error: the body comes back whatever its code, so that the
 * page tells success ('200', the user) from a forced password change ('10002', the ticket) and
 * others; the data of those two is parsed with the entry's response schema.
 */
async function postLogin(form: LoginForm): Promise<{ data: LoginAnswer } | { error: AxiosQueryError }> {
  let body: LoginAnswer;
  try {
    const response = await apiClient.request<LoginAnswer>({
      url: LOGIN.path,
      method: LOGIN.method,
      data: { type: LoginType.Normal, ...form },
      skipUnauthorizedRedirect: true,
    });
    body = response.data;
  } catch (error) {
    // A refusal answered with an error status still carries the code and message to show.
    if (isApiError(error) && error.status >= 400 && error.status < 500) return { data: { code: error.code, message: error.message, data: null } };
    const { status, code, message } = isApiError(error) ? error : { status: 0, code: 'UNKNOWN', message: CommonMessage.OperationFailed };
    return { error: { status, code, message } };
  }
  const code = String(body?.code);
  if (code !== ResponseCode.Success && code !== ResponseCode.ForcePasswordChange) return { data: body };
  const parsed = LOGIN.response.safeParse(body.data);
  if (!parsed.success) return { error: { status: 200, code: UNEXPECTED_ANSWER, message: CommonMessage.OperationFailed } };
  return { data: { code, message: body.message, data: parsed.data } };
}

/**
 * The shell's one RTK Query api: the session, the account page, the message centre, the
 * notification popover, the suggestion dialog, the wallet popover, the low-balance reminder and
 * the poller's counters. Each endpoint is built
 * from its entry of the contracts' endpoint catalogue (endpointQuery): the spec's path, and the
 * answer parsed with the entry's response schema, never cast; an answer it refuses is a query
 * error that shows the screen's own failure text (queryErrorMessage). The message centre and the
 * popover read the same `messages` cache, refreshed through its tag when the bus says notices
 * changed (busBridge.ts); the unread counters themselves live on the event bus, shared with the
 * remotes.
 */
export const shellApi = createApi({
  reducerPath: 'shellApi',
  baseQuery: axiosBaseQuery(),
  tagTypes: ['Account', 'IngestKey', 'IngestSigning', 'Message'],
  endpoints: (build) => ({
    // --- session -------------------------------------------------------------------------------
    /** The logged-in user: kept for the page's life; fields changed later arrive as UserUpdatedEvent. */
    userInfo: build.query({
      ...endpointQuery(authEndpoints.userInfo),
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
      /** Once the user is known: the login goes on the bus, and the badges start from the server's counts. */
      async onQueryStarted(_arg, { dispatch, queryFulfilled }): Promise<void> {
        let user: User;
        try {
          ({ data: user } = await queryFulfilled);
        } catch {
          return; // RequireLogin shows the failure (a 401 has logged out through the api-client)
        }
        getEventBus().publish(new SessionLoginEvent({ user }));
        // The socket and the lists move the badges after; without the counts they stay as they
        // are (the next poll or event fills them).
        dispatch(shellApi.endpoints.leadUnreadCounts.initiate(undefined, { subscribe: false }))
          .unwrap()
          .then(
            // Per stored kind: each list's badge sums the kinds it shows, as the socket's and the poll's do.
            (unread) => setUnreadCounters({ leads: listUnreadCounts(unread) }),
            () => undefined,
          );
        dispatch(shellApi.endpoints.chatUnread.initiate(undefined, { subscribe: false }))
          .unwrap()
          .then(
            ({ totalUnread }) => setChatUnread(totalUnread),
            () => undefined,
          );
      },
    }),
    /** The lead lists' unread counts (the side menu's badges). */
    leadUnreadCounts: build.query({ ...endpointQuery(leadEndpoints.unreadCounts), keepUnusedDataFor: 0 }),
    /** The chat's unread visitor messages (the chat panel's menu badge). */
    chatUnread: build.query({ ...endpointQuery(chatEndpoints.unread), keepUnusedDataFor: 0 }),
    login: build.mutation<LoginAnswer, LoginForm>({ queryFn: postLogin }),
    /** The single-sign-on link's token (the login page's `?sso=`): the user, as a login's '200'; any refusal is an error. */
    ssoLogin: build.mutation(endpointQuery(authEndpoints.ssoLogin)),
    logout: build.mutation(endpointQuery(authEndpoints.logout)),
    changePassword: build.mutation(endpointQuery(authEndpoints.changePassword)),
    /** With the changeToken of the login that answered '10002'. */
    forcedPasswordChange: build.mutation(endpointQuery(authEndpoints.forcedPasswordChange)),

    // --- account -------------------------------------------------------------------------------
    account: build.query({ ...endpointQuery(accountEndpoints.info), providesTags: ['Account'] }),
    /** The sound reminder (0 plays); the account and the page's user (UserUpdatedEvent) follow. */
    setVoice: build.mutation({
      ...endpointQuery(accountEndpoints.setVoice),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }): Promise<void> {
        let whetherVoice: number;
        try {
          ({ whetherVoice } = (await queryFulfilled).data);
        } catch {
          return;
        }
        dispatch(shellApi.util.updateQueryData('account', undefined, (account) => void (account.whetherVoice = whetherVoice)));
        getEventBus().publish(new UserUpdatedEvent({ user: { whetherVoice } }));
      },
    }),
    /** The image in multipart field `file`; the account and the page's user follow. */
    uploadAvatar: build.mutation<EndpointResult<typeof accountEndpoints.uploadAvatar>, Blob>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file, typeof File !== 'undefined' && file instanceof File ? file.name : 'avatar');
        return { ...endpointRequest(accountEndpoints.uploadAvatar, undefined), data: form };
      },
      async onQueryStarted(_file, { dispatch, queryFulfilled }): Promise<void> {
        let headPic: string;
        try {
          ({ headPic } = (await queryFulfilled).data);
        } catch {
          return;
        }
        dispatch(shellApi.util.updateQueryData('account', undefined, (account) => void (account.headPic = headPic)));
        getEventBus().publish(new UserUpdatedEvent({ user: { headPic } }));
      },
    }),
    /** The guide was finished or skipped: the page's user follows. */
    finishGuide: build.mutation({
      ...endpointQuery(accountEndpoints.finishGuide),
      async onQueryStarted(_arg, { queryFulfilled }): Promise<void> {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        getEventBus().publish(new UserUpdatedEvent({ user: { firstLoginStutes: FirstLogin.No } }));
      },
    }),
    /** The key landing pages send with their leads (made on first read). */
    ingestKey: build.query({ ...endpointQuery(ingestEndpoints.key), providesTags: ['IngestKey'] }),
    /** A new key; the old one stops working at once. The cached key becomes the new one. */
    regenerateIngestKey: build.mutation({
      ...endpointQuery(ingestEndpoints.regenerateKey),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }): Promise<void> {
        try {
          const { data } = await queryFulfilled;
          dispatch(shellApi.util.upsertQueryData('ingestKey', undefined, data));
        } catch {
          // The page shows the failure; the old key stays.
        }
      },
    }),
    /** Whether a signing secret exists (never the secret) and whether lead sends must be signed. */
    ingestSigning: build.query({ ...endpointQuery(ingestEndpoints.signing), providesTags: ['IngestSigning'] }),
    /**
     * A new signing secret, answered this once (the old one stops verifying at once). The secret is
     * not kept: the settings reload, and the page drops the answer from the store as soon as it has
     * it (IngestSigningField). The tag is invalidated after a failure too, as the settings may have
     * changed meanwhile.
     */
    generateIngestSigningSecret: build.mutation({ ...endpointQuery(ingestEndpoints.generateSigningSecret), invalidatesTags: ['IngestSigning'] }),
    /** Requires signed lead sends (1) or not (0); 409 without a secret, after which the settings reload. */
    setIngestSigningRequired: build.mutation({ ...endpointQuery(ingestEndpoints.setSigningRequired), invalidatesTags: ['IngestSigning'] }),

    // --- balance -------------------------------------------------------------------------------
    /** The balance centre's projects and totals; the wallet popover shows `summary.money` (fen). */
    balance: build.query({ ...endpointQuery(reportEndpoints.balance), keepUnusedDataFor: 60 }),
    /** Projects with LOW_BALANCE_DAYS days of balance or fewer: the reminder after login, asked once. */
    lowBalance: build.query({ ...endpointQuery(reportEndpoints.lowBalance), keepUnusedDataFor: 0 }),
    /** The points balance, today's and yesterday's: the wallet popover's points figure. */
    points: build.query({ ...endpointQuery(mallEndpoints.points), keepUnusedDataFor: 60 }),

    // --- messages ------------------------------------------------------------------------------
    /** One page of notices, newest first. */
    messages: build.query<MessagePage, MessageListArgs>({
      query: (query) => endpointQuery(messageEndpoints.list).query({ query }),
      transformResponse: (data: unknown, meta, query) => endpointQuery(messageEndpoints.list).transformResponse(data, meta, { query }),
      providesTags: [MESSAGE_LIST],
    }),
    /** `{system, user, customer}`. */
    messageUnreadCounts: build.query({ ...endpointQuery(messageEndpoints.unreadCounts), keepUnusedDataFor: 0 }),
    /**
     * Reading a notice (expanding its row). It shows as read in every cached list at once;
     * `keepListed` (under 只看未读) leaves the lists at that, else they reload. The answered
     * counters go on the bus.
     */
    readMessage: build.mutation({
      query: ({ id }: { id: number; keepListed?: boolean }) => endpointRequest(messageEndpoints.read, { params: { id } }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }): Promise<void> {
        const patches = shellApi.util
          .selectInvalidatedBy(getState(), [MESSAGE_LIST])
          .filter((entry) => entry.endpointName === 'messages')
          .map((entry) =>
            dispatch(
              shellApi.util.updateQueryData('messages', entry.originalArgs as MessageListArgs, (page) => {
                for (const row of page.rows) if (row.id === id) row.status = NoticeStatus.Read;
              }),
            ),
          );
        try {
          applyServerCounters((await queryFulfilled).data.unread);
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
      invalidatesTags: (result, _error, { keepListed }) => (result && !keepListed ? [MESSAGE_LIST] : []),
    }),
    /** Every unread notice, or one type's; the lists reload and the answered counters go on the bus. */
    readAllMessages: build.mutation({
      query: ({ type }: { type?: number }) => endpointRequest(messageEndpoints.readAll, { body: type === undefined ? {} : { type: type as 0 | 1 } }),
      onQueryStarted: (_arg, api) => applyAnsweredCounters(api.queryFulfilled),
      invalidatesTags: (result) => (result ? [MESSAGE_LIST] : []),
    }),
    /** The lists reload and the answered counters go on the bus. */
    deleteMessages: build.mutation({
      query: (ids: number[]) => endpointRequest(messageEndpoints.deleteMany, { body: { ids } }),
      onQueryStarted: (_arg, api) => applyAnsweredCounters(api.queryFulfilled),
      invalidatesTags: (result) => (result ? [MESSAGE_LIST] : []),
    }),
    /** The top navigation's suggestion: a type 9, platform 2 message. */
    suggest: build.mutation({
      query: (content: string) =>
        endpointRequest(messageEndpoints.suggest, { body: { type: MessageFormType.Suggestion, platform: MessagePlatform.LoggedIn, content } }),
    }),
  }),
});

/** Every badge of the page moves at once: the counters answered by read-all and delete go on the bus. */
async function applyAnsweredCounters(answer: Promise<{ data: unknown }>): Promise<void> {
  try {
    const { data } = await answer;
    applyServerCounters((data as { unread: Parameters<typeof applyServerCounters>[0] }).unread);
  } catch {
    // The page shows the failure.
  }
}

export const {
  useUserInfoQuery,
  useLoginMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useForcedPasswordChangeMutation,
  useAccountQuery,
  useSetVoiceMutation,
  useUploadAvatarMutation,
  useFinishGuideMutation,
  useIngestKeyQuery,
  useRegenerateIngestKeyMutation,
  useIngestSigningQuery,
  useGenerateIngestSigningSecretMutation,
  useSetIngestSigningRequiredMutation,
  useMessagesQuery,
  useMessageUnreadCountsQuery,
  useReadMessageMutation,
  useReadAllMessagesMutation,
  useDeleteMessagesMutation,
  useSuggestMutation,
  useBalanceQuery,
  useLowBalanceQuery,
  usePointsQuery,
} = shellApi;
