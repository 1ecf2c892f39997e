import type { LeadListKind, MessageUnreadKind, SessionUser } from '@portal/contracts';
import type { LeadKind } from '@portal/contracts/leads';
import { BusEventWithPayload } from './BusEvent';
import type { UnreadCounters } from './unreadCounters';

/** A customer logged in (published by the shell after login succeeds). */
export class SessionLoginEvent extends BusEventWithPayload<{ user: SessionUser }> {
  static readonly type = 'session-login';
}

export type LogoutReason = 'user' | 'unauthorized';

/** The session ended: the user logged out, or a call answered 401/302. */
export class SessionLogoutEvent extends BusEventWithPayload<{ reason: LogoutReason }> {
  static readonly type = 'session-logout';
}

/** Fields of the session user changed (avatar, sound reminder, first-login flag). */
export class UserUpdatedEvent extends BusEventWithPayload<{ user: Partial<SessionUser> }> {
  static readonly type = 'user-updated';
}

/** The full unread-counter snapshot after every change; published by the counters store only. */
export class UnreadCountersEvent extends BusEventWithPayload<UnreadCounters> {
  static readonly type = 'unread-counters';
}

/** New leads arrived on a list (socket or polling); `count` is how many are new. */
export class LeadArrivedEvent extends BusEventWithPayload<{ list: LeadListKind; count: number }> {
  static readonly type = 'lead-arrived';
}

/** A lead's CRM push state changed (socket): the lists showing lead `id` reload to show it. */
export class LeadPushedEvent extends BusEventWithPayload<{ list: LeadKind; id: number }> {
  static readonly type = 'lead-pushed';
}

/**
 * New visitor messages in the live smart chat (the shell publishes it: from the socket's `chat`
 * frame, one message of one conversation; from the fallback poll, `count` more unread without
 * knowing where: conversationId undefined). The chat panel reloads its list and the open
 * conversation; the shell's notifier shows 新的在线咨询.
 */
export class ChatMessageEvent extends BusEventWithPayload<{
  /** The conversation written in; undefined when a poll only saw the total rise. */
  conversationId?: number;
  messageId?: number;
  /** How many new messages (1 from the socket). */
  count: number;
  /** The customer's unread chat messages over every conversation. */
  totalUnread: number;
  /** The visitor's label ('访客1234') and the start of its text, when known. */
  visitorName?: string;
  message?: string;
}> {
  static readonly type = 'chat-message';
}

/**
 * The conversation the chat panel shows (null: none, or the panel closed). The shell's notifier
 * keeps no notice nor sound for a new message in it while the page has the focus.
 */
export class ChatViewingEvent extends BusEventWithPayload<{ conversationId: number | null }> {
  static readonly type = 'chat-viewing';
}

/** A notice or message arrived. */
export class MessageArrivedEvent extends BusEventWithPayload<{ type: MessageUnreadKind; title: string }> {
  static readonly type = 'message-arrived';
}

/** A points task was completed (for example 'reading' after an article is read). */
export class TaskCompletedEvent extends BusEventWithPayload<{ task: string }> {
  static readonly type = 'task-completed';
}
