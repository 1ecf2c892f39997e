import { z } from 'zod';
import { LEAD_KINDS } from '../leads/kinds';
import { LEAD_LIST_KINDS } from '../session/types';
import { messageSchema, messageUnreadCountsSchema } from './schemas';

/**
 * The realtime protocol on the WebSocket `/rest/ws` (JSON text frames). The session cookie
 * authenticates the upgrade; without it the server answers 401 and no socket opens.
 *
 * Spec 000 section 4: a customer subscribes to system notifications, per-user notifications and
 * per-user not-read notifications, and can send a request for its own notifications.
 */
export const REALTIME_PATH = '/rest/ws';

/** system: notices to all; user: this customer's notices and lead arrivals; unread: its counters. */
export const REALTIME_TOPICS = ['system', 'user', 'unread'] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

/** Frames a client sends. */
export const realtimeClientFrameSchema = z.discriminatedUnion('op', [
  /** Start receiving the topics (replaces any earlier subscription). */
  z.object({ op: z.literal('subscribe'), topics: z.array(z.enum(REALTIME_TOPICS)).min(1).max(REALTIME_TOPICS.length) }),
  /**
   * The request for one's own notifications: answered by a `snapshot`. Sent after every
   * (re)connect, so nothing that arrived while disconnected is missed.
   */
  z.object({ op: z.literal('request') }),
]);
export type RealtimeClientFrame = z.infer<typeof realtimeClientFrameSchema>;

/** The unread counts of the lead lists with a badge. */
export const leadListCountsSchema = z.object(
  Object.fromEntries(LEAD_LIST_KINDS.map((kind) => [kind, z.number()])) as Record<(typeof LEAD_LIST_KINDS)[number], z.ZodNumber>,
);

/** Frames the server sends. */
export const realtimeServerFrameSchema = z.discriminatedUnion('kind', [
  /** After `subscribe`: the topics now active. */
  z.object({ kind: z.literal('subscribed'), topics: z.array(z.enum(REALTIME_TOPICS)) }),
  /** Answer to `request`: every counter, and the newest unread notices (at most 10). */
  z.object({
    kind: z.literal('snapshot'),
    messages: messageUnreadCountsSchema,
    leads: leadListCountsSchema,
    unread: z.array(messageSchema),
  }),
  /** A notice arrived (topic system for type 0, user for type 1). */
  z.object({ kind: z.literal('message'), topic: z.enum(['system', 'user']), message: messageSchema }),
  /** A lead arrived on one of this customer's lists (topic user). */
  z.object({ kind: z.literal('lead'), topic: z.literal('user'), listKind: z.enum(LEAD_KINDS), id: z.number() }),
  /** A lead's CRM push state changed (topic user): the lists showing it reload. */
  z.object({ kind: z.literal('pushed'), topic: z.literal('user'), listKind: z.enum(LEAD_KINDS), id: z.number() }),
  /**
   * A visitor wrote in one of this customer's chat conversations (topic user): the chat panel
   * reloads that conversation's new messages; unread is the conversation's, totalUnread all of them.
   * visitorName and message (the text, cut to REALTIME_CHAT_PREVIEW_MAX characters) name the
   * shell's notice; a server that sends neither gets a notice without them.
   */
  z.object({
    kind: z.literal('chat'),
    topic: z.literal('user'),
    conversationId: z.number(),
    messageId: z.number(),
    unread: z.number(),
    totalUnread: z.number(),
    visitorName: z.string().optional(),
    message: z.string().optional(),
  }),
  /** Counters changed (topic unread); kinds left out are unchanged. */
  z.object({
    kind: z.literal('counters'),
    topic: z.literal('unread'),
    messages: messageUnreadCountsSchema.optional(),
    leads: leadListCountsSchema.partial().optional(),
  }),
  /** A frame the server could not accept (bad JSON, unknown op); the socket stays open. */
  z.object({ kind: z.literal('error'), message: z.string() }),
]);
export type RealtimeServerFrame = z.infer<typeof realtimeServerFrameSchema>;

/** The characters of a visitor's message a `chat` frame carries for the notice (the panel loads the whole). */
export const REALTIME_CHAT_PREVIEW_MAX = 100;

/** WebSocket close codes the server uses, with their reasons. */
export const RealtimeCloseCode = {
  /** The session ended (logout) or expired. */
  Unauthorized: 4401,
  /** More than REALTIME_MAX_SOCKETS_PER_USER sockets: the oldest is closed. */
  TooManySockets: 4408,
  /** The client did not read its frames fast enough (its send buffer passed the bound). */
  TooSlow: 4409,
} as const;

/** Open sockets per customer, across every server instance when they share Redis. */
export const REALTIME_MAX_SOCKETS_PER_USER = 10;
/** Reconnect backoff: 1 s doubling up to 30 s, with jitter. */
export const REALTIME_RECONNECT_MIN_MS = 1000;
export const REALTIME_RECONNECT_MAX_MS = 30000;
