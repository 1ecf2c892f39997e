import { NoticeType, type LeadListKind, type MessageUnreadKind } from '@portal/contracts';
import { type Message } from '@portal/contracts/messages';
import { ChatMessageEvent, LeadArrivedEvent, MessageArrivedEvent, type EventBus } from '@portal/event-bus';
import type { CountMemory } from './countMemory';

/**
 * The order totals are compared and announced in: messages first, then form leads (the
 * information-feed list), then smart-investment resources (spec 000 section 4), then the other
 * lists with a counter.
 */
export const LEAD_NOTICE_ORDER: readonly LeadListKind[] = ['infoList', 'resource', 'feedback', 'baiList'];

/** The bus kind of a notice: type 0 is a system notice, 1 a user notice. */
export const messageKindOf = (message: Pick<Message, 'type'>): MessageUnreadKind => (message.type === NoticeType.System ? 'system' : 'user');

export interface Totals {
  /** All of the customer's unread messages (the `customer` counter). */
  messages?: number;
  /** The newest unread message, when known: names the notice. */
  newestMessage?: Message;
  leads?: Partial<Record<LeadListKind, number>>;
  /** The unread visitor messages over every chat conversation. */
  chat?: number;
}

/**
 * Compares the totals with the remembered counts, in LEAD_NOTICE_ORDER after the messages, then
 * the chat's, and publishes a MessageArrivedEvent / LeadArrivedEvent / ChatMessageEvent for each
 * that rose (the memory stores them all).
 */
export function announceRises(memory: CountMemory, bus: EventBus, totals: Totals): void {
  if (totals.messages !== undefined && memory.compare('messages', totals.messages) > 0) {
    const newest = totals.newestMessage;
    bus.publish(new MessageArrivedEvent(newest ? { type: messageKindOf(newest), title: newest.title } : { type: 'customer', title: '' }));
  }
  for (const list of LEAD_NOTICE_ORDER) {
    const total = totals.leads?.[list];
    if (total === undefined) continue;
    const count = memory.compare(list, total);
    if (count > 0) bus.publish(new LeadArrivedEvent({ list, count }));
  }
  if (totals.chat !== undefined) {
    // A total says how many, not where: the chat panel reloads all it shows.
    const count = memory.compare('chat', totals.chat);
    if (count > 0) bus.publish(new ChatMessageEvent({ count, totalUnread: totals.chat }));
  }
}
