import type { LeadListKind } from '@portal/contracts';
import type { ChatMessageView } from '@portal/contracts/chat';
import type { Message, MessageUnreadCounts } from '@portal/contracts/messages';
import type { LeadKind } from '@portal/contracts/leads';
import fp from 'fastify-plugin';

/**
 * Things that happened, published after their transaction commits. Listeners run in process;
 * the realtime module fans them out to browsers (WebSocket) and other instances (Redis).
 */
export interface ServerEventMap {
  /** A new lead was stored. */
  'lead.arrived': { customerId: number; listKind: LeadKind; id: number };
  /** A lead's CRM push ended (delivered, refused or given up): the lists showing it reload. */
  'lead.pushed': { customerId: number; listKind: LeadKind; id: number };
  /** A notice was stored: customerId null for a system notice (every customer), else the one customer's. */
  'message.arrived': { customerId: number | null; message: Message };
  /** A customer's unread counters changed (a read, a delete, read-all); the kinds left out did not change. */
  'counters.changed': { customerId: number; messages?: MessageUnreadCounts; leads?: Partial<Record<LeadListKind, number>> };
  /** A visitor wrote in one of the customer's chat conversations: its unread count and the customer's total; who and what (the notice). */
  'chat.message': {
    customerId: number;
    conversationId: number;
    messageId: number;
    unread: number;
    totalUnread: number;
    visitorName?: string;
    message?: string;
  };
  /** The customer answered a visitor: the message as the visitor sees it (to the visitor's sockets of that conversation). */
  'chat.reply': { conversationId: number; message: ChatMessageView };
  /** The customer closed a conversation: its visitor sockets close. */
  'chat.closed': { conversationId: number };
}
export type ServerEventName = keyof ServerEventMap;
export type ServerEventListener<K extends ServerEventName> = (payload: ServerEventMap[K]) => void;

/**
 * A tiny typed emitter. A listener that throws is reported to `onError` and does not stop the
 * others, nor the request that published the event (its data is committed already).
 */
export class ServerEvents {
  private readonly listeners = new Map<ServerEventName, Set<ServerEventListener<ServerEventName>>>();

  constructor(private readonly onError: (error: unknown, name: ServerEventName) => void = () => undefined) {}

  /** Subscribes; returns the unsubscribe function. */
  on<K extends ServerEventName>(name: K, listener: ServerEventListener<K>): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as ServerEventListener<ServerEventName>);
    this.listeners.set(name, set);
    return () => {
      set.delete(listener as ServerEventListener<ServerEventName>);
    };
  }

  emit<K extends ServerEventName>(name: K, payload: ServerEventMap[K]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        this.onError(error, name);
      }
    }
  }

  listenerCount(name: ServerEventName): number {
    return this.listeners.get(name)?.size ?? 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's in-process event channel (one per app, so test apps do not hear each other). */
    events: ServerEvents;
  }
}

export const eventsPlugin = fp(
  async (app) => {
    app.decorate('events', new ServerEvents((err, name) => app.log.error({ err, event: name }, 'event listener failed')));
  },
  { name: 'events' },
);
