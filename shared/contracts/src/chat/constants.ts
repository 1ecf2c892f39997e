import { PHONE_PATTERN, PhoneMessage } from '../common/phone-rule';

/** The phone rule of the widget's form 留下您的电话 (the contracts' one). */
export { PHONE_PATTERN, PhoneMessage };

/**
 * `@portal/contracts/chat/constants`: the chat's constants, texts and rules without zod, so that
 * the widget on the landing pages (chat-widget/, at most 30 KB gzip) can share them; the schemas
 * (`@portal/contracts/chat`) re-export everything here.
 */

/** A message is 1 to 500 characters (code points), blank ones refused. */
export const CHAT_MESSAGE_MAX = 500;
/**
 * The visitor counts as gone when the conversation has heard nothing from it (a message, a poll)
 * for this long: the customer's reply box is then disabled (replyEnabled false).
 */
export const CHAT_VISITOR_GONE_MS = 30 * 60_000;
/** The header carrying the visitor's conversation token (answered once, when the conversation starts). */
export const CHAT_TOKEN_HEADER = 'X-Chat-Token';
/** Where the portal serves the chat widget (`<script src="<portal origin>/chat/widget.js" data-key="<chat key>" async>`). */
export const CHAT_WIDGET_PATH = '/chat/widget.js';

/** The one script tag a landing page embeds for a chat key, the widget served from `origin` (the portal's; '' for a relative address). */
export const chatWidgetTag = (key: string, origin = ''): string =>
  `<script src="${origin}${CHAT_WIDGET_PATH}" data-key="${key.replace(/[^A-Za-z0-9_-]/g, '')}" async></script>`;

/** A customer's public chat key: 32 URL-safe characters (24 random bytes, base64url). */
export const CHAT_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** A visitor's conversation token: 43 URL-safe characters (32 random bytes, base64url). */
export const CHAT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Chat keys one customer holds at most (active and revoked). */
export const CHAT_KEYS_MAX = 50;
/** History page sizes of the chat panel. */
export const CHAT_HISTORY_PAGE_DEFAULT = 20;
export const CHAT_HISTORY_PAGE_MAX = 50;
/** Messages one visitor poll answers at most (the rest on the next poll). */
export const CHAT_POLL_MAX = 100;
/** The page address and referrer a conversation keeps, at most (longer ones are cut). */
export const CHAT_URL_MAX = 500;
/** A visitor's name left with the phone form. */
export const CHAT_NAME_MAX = 20;

/**
 * The limits of the visitor side, per minute: messages (and phone forms) per conversation,
 * conversations started per chat key. Past one: 429 with Retry-After and ChatMessage.TooFrequent,
 * and nothing stored. The server's own per-address count of calls without a session applies too.
 */
export const CHAT_LIMITS = {
  visitorMessagesPerMinute: 30,
  conversationsPerKeyPerMinute: 30,
} as const;

/** The chat's texts (the spec gives none but the disabled send button's). */
export const ChatMessage = {
  MessageEmpty: '请输入消息内容',
  MessageTooLong: `消息不能超过${CHAT_MESSAGE_MAX}个字`,
  MessageInvalid: '消息内容不正确',
  KeyInvalid: '在线咨询链接无效或已停用',
  TokenInvalid: '会话不存在或已失效，请重新发起咨询',
  TooFrequent: '发送过于频繁，请稍后再试',
  ConversationNotFound: '会话不存在',
  KeyNotFound: '聊天密钥不存在',
  KeyLimit: `最多只能创建${CHAT_KEYS_MAX}个聊天密钥`,
  ItemInvalid: '项目不存在',
  Closed: '会话已结束，无法回复',
  VisitorGone: '访客已离开，无法回复',
  PhoneRequired: PhoneMessage.Required,
  PhoneInvalid: PhoneMessage.Invalid,
  NameInvalid: `姓名不能超过${CHAT_NAME_MAX}个字`,
  CursorInvalid: '消息编号不正确',
  UrlInvalid: '页面地址不正确',
} as const;

/** Who wrote a message; also its `className` (the side of its bubble). */
export const CHAT_SENDERS = ['visitor', 'customer'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];
/** The kind of a conversation's target (`targetGenre`): a landing-page visitor, the only kind so far. */
export const CHAT_TARGET_GENRES = ['visitor'] as const;
export const CHAT_CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ChatConversationStatus = (typeof CHAT_CONVERSATION_STATUSES)[number];
export const CHAT_KEY_STATUSES = ['active', 'revoked'] as const;
export type ChatKeyStatus = (typeof CHAT_KEY_STATUSES)[number];

/** A text's length in characters (code points: an emoji counts one). */
export const codePoints = (value: string): number => [...value].length;

/** Whether the reply box may send `text` (spec 000 section 5: send disabled on an empty message). */
export const chatSendable = (text: string): boolean => text.trim().length > 0 && codePoints(text.trim()) <= CHAT_MESSAGE_MAX;

/** The mobile numbers a message contains (PHONE_PATTERN, not inside a longer run of digits), in order, once each. */
export function phonesIn(text: string): string[] {
  const found = [...text.matchAll(/(?<!\d)1\d{10}(?!\d)/g)].map((match) => match[0]).filter((candidate) => PHONE_PATTERN.test(candidate));
  return [...new Set(found)];
}

// ---- the visitor's socket ----

/**
 * The visitor's socket (the widget; no cookie, any origin): the customer's replies live. The
 * widget opens it, then sends `{op: 'hello', token, after}` as its FIRST frame (the token never
 * rides in the URL, which logs and proxies keep); the server answers `{kind: 'ready', open}` and
 * the messages after `after`, then each reply as it is written. Without a valid hello within
 * CHAT_SOCKET_HELLO_MS the socket closes (4401).
 */
export const CHAT_SOCKET_PATH = '/rest/public/chat/socket';
/** Time a socket has to send its hello. */
export const CHAT_SOCKET_HELLO_MS = 10_000;
/** A client frame is at most this many bytes (the hello is about 100); a bigger one closes the socket (1009). */
export const CHAT_SOCKET_FRAME_MAX = 1024;
/** Open sockets of one conversation, across instances; a newer one closes the oldest (4408). */
export const CHAT_SOCKETS_PER_CONVERSATION = 3;
/** Why the server closed a visitor socket. */
export const ChatSocketCloseCode = {
  /** No valid hello (missing, malformed or unknown token, or none in time): start a conversation again. */
  Unauthorized: 4401,
  /** A newer socket of the conversation took its place. */
  Replaced: 4408,
  /** Its client stopped reading. */
  TooSlow: 4409,
  /** The customer closed the conversation. */
  ConversationClosed: 4410,
} as const;
