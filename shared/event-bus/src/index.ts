/** @portal/event-bus: the page's typed event channel on rxjs, and the shared unread counters. */
export { BusEvent, BusEventWithPayload } from './BusEvent';
export type { BusEventType } from './BusEvent';
export { EventBus, getEventBus } from './EventBus';
export {
  SessionLoginEvent,
  SessionLogoutEvent,
  UserUpdatedEvent,
  UnreadCountersEvent,
  LeadArrivedEvent,
  LeadPushedEvent,
  MessageArrivedEvent,
  ChatMessageEvent,
  ChatViewingEvent,
  TaskCompletedEvent,
} from './events';
export type { LogoutReason } from './events';
export {
  unreadCounters$,
  getUnreadCounters,
  setUnreadCounters,
  adjustLeadUnread,
  setMessageUnread,
  setChatUnread,
  resetUnreadCounters,
} from './unreadCounters';
export type { UnreadCounters, UnreadCountersPatch } from './unreadCounters';
export { LEAD_LIST_KINDS, MESSAGE_UNREAD_KINDS } from '@portal/contracts';
export type { LeadListKind, MessageUnreadKind } from '@portal/contracts';
