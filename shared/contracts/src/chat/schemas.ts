import { z } from 'zod';
import { paginationQuerySchema } from '../common/pagination';
import { PHONE_PATTERN, PhoneMessage } from '../common/phone';
import { idParam, idValue, optionalQueryParam, queryInt } from '../common/query';
import { hasNoNul, isHttpUrl } from '../leads/schemas';
import {
  CHAT_CONVERSATION_STATUSES,
  CHAT_HISTORY_PAGE_MAX,
  CHAT_KEY_PATTERN,
  CHAT_KEY_STATUSES,
  CHAT_MESSAGE_MAX,
  CHAT_NAME_MAX,
  CHAT_SENDERS,
  CHAT_TARGET_GENRES,
  CHAT_URL_MAX,
  ChatMessage,
  codePoints,
} from './constants';

export * from './constants';
export * from './transcript';

/**
 * `@portal/contracts/chat`: the live smart chat (spec 000 sections 2, 3, 5; issue 23) between the
 * visitors of a customer's landing pages (the widget, no session: its conversation token in
 * X-Chat-Token) and the logged-in customer (the chat panel). A subpath, off the contracts root that
 * every page loads: only the server, the widget and the chat panel use it.
 */

/**
 * A message as typed: trimmed; blank '请输入消息内容', more than CHAT_MESSAGE_MAX characters
 * '消息不能超过500个字'. HTML is text like any other (stored and answered as typed; shown as text).
 */
export const chatMessageText = z
  .string({ error: ChatMessage.MessageEmpty })
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, { error: ChatMessage.MessageEmpty })
  .refine((value) => codePoints(value) <= CHAT_MESSAGE_MAX, { error: ChatMessage.MessageTooLong, abort: true })
  .refine(hasNoNul, { error: ChatMessage.MessageInvalid });

/**
 * A chat message as the spec names its fields (section 3): `message` the text, `publishTimeView`
 * China time 'YYYY-MM-DD HH:mm:ss', `className` who wrote it ('visitor' or 'customer'),
 * `targetId` the conversation, `targetGenre` the target's kind ('visitor'), `avatar` the writer's
 * picture URL (the customer's, on the customer's side; null for visitors and on the visitor's side),
 * `replyEnabled` whether the reader may answer now; `id` orders and pages the messages.
 */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  publishTimeView: z.string(),
  className: z.enum(CHAT_SENDERS),
  targetId: z.number().int(),
  targetGenre: z.enum(CHAT_TARGET_GENRES),
  avatar: z.string().nullable(),
  replyEnabled: z.boolean(),
});
export type ChatMessageView = z.output<typeof chatMessageSchema>;

/** A conversation of the chat panel's target list. */
export const chatConversationSchema = z.object({
  id: z.number().int(),
  /** '访客' and four digits. */
  visitorName: z.string(),
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  itemId: z.number().int().nullable(),
  itemTitle: z.string().nullable(),
  pageUrl: z.string().nullable(),
  referrer: z.string().nullable(),
  /** The visitor's phone once left (typed in a message or in the phone form). */
  phone: z.string().nullable(),
  /** The smart-chat lead (resType 2) the conversation became, once it yielded a phone. */
  leadId: z.number().int().nullable(),
  /** The newest message (or the start), China time. */
  lastActivityView: z.string(),
  lastMessage: z.string().nullable(),
  unread: z.number().int(),
  /** False once closed or when the visitor is gone (CHAT_VISITOR_GONE_MS). */
  replyEnabled: z.boolean(),
  createTimeView: z.string(),
});
export type ChatConversation = z.output<typeof chatConversationSchema>;

export const chatConversationParamsSchema = z.object({ id: idParam(ChatMessage.ConversationNotFound) });
export const chatKeyParamsSchema = z.object({ id: idParam(ChatMessage.KeyNotFound) });

/** The target list: newest activity first, paged (x-pagination-info and link headers). */
export const chatConversationsQuerySchema = paginationQuerySchema;

/** A history page: the `limit` messages before message `before` (the newest ones without it), oldest first. */
export const chatHistoryQuerySchema = z.object({
  before: optionalQueryParam(idParam(ChatMessage.CursorInvalid)),
  limit: optionalQueryParam(queryInt(`每页条数须为1到${CHAT_HISTORY_PAGE_MAX}`, 1, CHAT_HISTORY_PAGE_MAX)),
});
export const chatHistorySchema = z.object({
  messages: z.array(chatMessageSchema),
  /** Older messages exist (ask again with before = the first id). */
  hasMore: z.boolean(),
  replyEnabled: z.boolean(),
});

export const chatSendSchema = z.object({ message: chatMessageText }, { error: ChatMessage.MessageEmpty });
export type ChatSend = z.output<typeof chatSendSchema>;

export const chatReadResultSchema = z.object({ unread: z.number().int(), totalUnread: z.number().int() });
export const chatUnreadSchema = z.object({ totalUnread: z.number().int() });

/** A customer's chat key; `itemId` the project its conversations' leads go to (null once that project is gone: the customer's first project). */
export const chatKeySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  itemId: z.number().int().nullable(),
  itemTitle: z.string().nullable(),
  status: z.enum(CHAT_KEY_STATUSES),
  createTimeView: z.string(),
});
export type ChatKey = z.output<typeof chatKeySchema>;
/** A new key is for one of the customer's projects (the widget of that project's landing pages). */
export const chatKeyCreateSchema = z.object({ itemId: idValue(ChatMessage.ItemInvalid) }, { error: ChatMessage.ItemInvalid });

// ---- the visitor side (no session) ----

const pageUrl = z
  .string({ error: ChatMessage.UrlInvalid })
  .max(2000, { error: ChatMessage.UrlInvalid })
  .refine((value) => value === '' || (isHttpUrl(value) && hasNoNul(value)), { error: ChatMessage.UrlInvalid })
  .transform((value) => (value === '' ? null : value.slice(0, CHAT_URL_MAX)))
  .nullish();

/** Starts a conversation: the customer's public chat key, the page the widget runs on and its referrer. */
export const chatStartSchema = z.object(
  {
    key: z.string({ error: ChatMessage.KeyInvalid }).regex(CHAT_KEY_PATTERN, { error: ChatMessage.KeyInvalid }),
    pageUrl,
    referrer: pageUrl,
  },
  { error: ChatMessage.KeyInvalid },
);
/** The conversation started: its token (keep it; sent back in X-Chat-Token on every later call). */
export const chatStartedSchema = z.object({
  conversationId: z.number().int(),
  token: z.string(),
  visitorName: z.string(),
});

/** The visitor's header: its conversation token (checked by the server: missing, malformed or unknown is 401). */
export const chatVisitorHeadersSchema = z.looseObject({
  'x-chat-token': z
    .string({ error: ChatMessage.TokenInvalid })
    .max(100, { error: ChatMessage.TokenInvalid })
    .optional()
    .describe('会话令牌 (发起会话时得到); 缺少、格式不对或未知: 401'),
});

/** A poll: the messages after message `after` (all from the start without it), oldest first, at most CHAT_POLL_MAX. */
export const chatPollQuerySchema = z.object({ after: optionalQueryParam(queryInt(ChatMessage.CursorInvalid, 0, 2_147_483_647)) });
export const chatPollSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** False once the customer closed the conversation (the widget stops sending). */
  open: z.boolean(),
});

/** The widget's phone form: the phone (PHONE_PATTERN) and an optional name. */
export const chatPhoneSchema = z.object(
  {
    phone: z
      .string({ error: PhoneMessage.Required })
      .trim()
      .min(1, { error: PhoneMessage.Required })
      .regex(PHONE_PATTERN, { error: PhoneMessage.Invalid }),
    name: z
      .string({ error: ChatMessage.NameInvalid })
      .trim()
      .max(CHAT_NAME_MAX, { error: ChatMessage.NameInvalid })
      .refine(hasNoNul, { error: ChatMessage.NameInvalid })
      .nullish(),
  },
  { error: PhoneMessage.Required },
);
export const chatPhoneResultSchema = z.object({ saved: z.literal(true) });

// ---- the visitor's socket (CHAT_SOCKET_PATH) ----

/** The visitor socket's one client frame: its hello (the conversation token, and the last message id it has). */
export const chatSocketHelloSchema = z.object({
  op: z.literal('hello'),
  token: z.string().max(100),
  after: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type ChatSocketHello = z.output<typeof chatSocketHelloSchema>;

/**
 * What the server sends a visitor socket: `ready` once the hello is accepted (`open` false: the
 * conversation is closed, the socket closes next), `messages` the ones after the hello's `after`
 * (oldest first, at most CHAT_POLL_MAX) and then each new one (the customer's replies), `closed`
 * when the customer closes the conversation.
 */
export type ChatSocketFrame =
  { kind: 'ready'; conversationId: number; open: boolean } | { kind: 'messages'; messages: ChatMessageView[] } | { kind: 'closed' };
