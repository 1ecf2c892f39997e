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

/** A notice or message arrived. */
export class MessageArrivedEvent extends BusEventWithPayload<{ type: MessageUnreadKind; title: string }> {
  static readonly type = 'message-arrived';
}

/** A points task was completed (for example 'reading' after an article is read). */
export class TaskCompletedEvent extends BusEventWithPayload<{ task: string }> {
  static readonly type = 'task-completed';
}
