import { LEAD_LIST_KINDS } from '@portal/contracts';
import { REALTIME_CHAT_PREVIEW_MAX, type RealtimeServerFrame, type RealtimeTopic } from '@portal/contracts/messages';
import type { ServerEventMap, ServerEventName } from './events';
import type { ChannelClient, SocketChannel } from './socket-channel';

/**
 * A slow reader's bound: when a frame would take the socket's unsent bytes past it, the socket
 * is closed (4409) instead of queueing more, so a client that stops reading cannot make the
 * server's memory grow. Frames are small (a snapshot is a few KB): only a stuck client gets here.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One open socket of a logged-in customer. */
export interface RealtimeClient extends ChannelClient {
  readonly customerId: number;
  /** The database key of the session that opened it (checked on every heartbeat). */
  readonly sessionKey: string;
  /** Topics it subscribed to (none until its first `subscribe`). */
  topics: ReadonlySet<RealtimeTopic>;
}

/** An event as the hub delivers it: a name of ServerEventMap and its payload. */
export type HubEvent = { [K in ServerEventName]: { name: K; payload: ServerEventMap[K] } }[ServerEventName];

/**
 * Delivers an event to the portal sockets of this instance it concerns: it is turned into one
 * frame, serialized once, and sent to the sockets of that customer (or of every customer, for a
 * system notice) that subscribed to its topic, so a customer's events never reach another
 * customer's sockets.
 */
export function deliverToSubscribers(event: HubEvent, sockets: SocketChannel<RealtimeClient, RealtimeServerFrame>): void {
  const target = routeOf(event);
  if (!target) return;
  const data = JSON.stringify(target.frame);
  const recipients = target.customerId === null ? [...sockets.clients()] : sockets.clientsOf(target.customerId);
  for (const client of recipients) if (client.topics.has(target.topic)) sockets.send(client, data);
}

/** Which sockets an event goes to (one customer's, or everyone's when null), on which topic, as which frame. */
function routeOf(event: HubEvent): { customerId: number | null; topic: RealtimeTopic; frame: RealtimeServerFrame } | null {
  switch (event.name) {
    case 'message.arrived': {
      const { customerId, message } = event.payload;
      const topic = customerId === null ? 'system' : 'user';
      return { customerId, topic, frame: { kind: 'message', topic, message } };
    }
    case 'lead.arrived': {
      const { customerId, listKind, id } = event.payload;
      return { customerId, topic: 'user', frame: { kind: 'lead', topic: 'user', listKind, id } };
    }
    case 'lead.pushed': {
      const { customerId, listKind, id } = event.payload;
      return { customerId, topic: 'user', frame: { kind: 'pushed', topic: 'user', listKind, id } };
    }
    case 'chat.message': {
      const { customerId, conversationId, messageId, unread, totalUnread, visitorName, message } = event.payload;
      const frame: RealtimeServerFrame = { kind: 'chat', topic: 'user', conversationId, messageId, unread, totalUnread };
      if (visitorName !== undefined) frame.visitorName = visitorName;
      // The notice's part of the text (whole characters): the panel loads the message itself.
      if (message !== undefined) frame.message = [...message].slice(0, REALTIME_CHAT_PREVIEW_MAX).join('');
      return { customerId, topic: 'user', frame };
    }
    case 'counters.changed': {
      const { customerId, messages, leads } = event.payload;
      const frame: RealtimeServerFrame = { kind: 'counters', topic: 'unread' };
      if (messages) frame.messages = messages;
      if (leads) {
        // Only the lists with a badge; the event may carry more kinds.
        const listed = Object.fromEntries(LEAD_LIST_KINDS.filter((kind) => leads[kind] !== undefined).map((kind) => [kind, leads[kind]]));
        if (Object.keys(listed).length) frame.leads = listed;
      }
      if (!frame.messages && !frame.leads) return null;
      return { customerId, topic: 'unread', frame };
    }
    default:
      return null;
  }
}
