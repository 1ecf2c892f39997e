import {
  CHAT_SOCKET_FRAME_MAX,
  CHAT_SOCKET_HELLO_MS,
  CHAT_SOCKET_PATH,
  CHAT_SOCKETS_PER_CONVERSATION,
  type ChatSocketFrame,
  chatSocketHelloSchema,
  ChatSocketCloseCode,
} from '@portal/contracts/chat';
import type { FastifyPluginAsync } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import type { HubEvent } from '../../realtime/hub';
import { type ChannelClient, frameText, openSocketChannel, type SocketChannel, type SocketChannelTransport } from '../../realtime/socket-channel';
import * as chat from './service';

/** A slow reader's bound: past this many unsent bytes the socket is closed (4409) instead of queueing more. */
export const VISITOR_MAX_BUFFERED_BYTES = 256 * 1024;
/** Conversations whose last-seen time one query refreshes at most. */
const SEEN_CHUNK = 500;

/** Its channel is its own (the realtime channel's name and ':chat'): the customers' sockets never hear the visitors' events. */
export interface ChatVisitorSocketOptions extends SocketChannelTransport {
  /** Sockets per conversation (CHAT_SOCKETS_PER_CONVERSATION; the tests' smaller one). */
  perConversation?: number;
}

/** One visitor socket, once its hello was accepted. */
interface VisitorClient extends ChannelClient {
  readonly conversationId: number;
}

/** A reply goes to the conversation's sockets; a close closes them (4410). Other events are not the visitors'. */
function deliver(event: HubEvent, sockets: SocketChannel<VisitorClient, ChatSocketFrame>): void {
  if (event.name === 'chat.reply') {
    const { conversationId, message } = event.payload;
    const data = JSON.stringify({ kind: 'messages', messages: [message] } satisfies ChatSocketFrame);
    for (const client of sockets.clientsOf(conversationId)) sockets.send(client, data);
  } else if (event.name === 'chat.closed') {
    const data = JSON.stringify({ kind: 'closed' } satisfies ChatSocketFrame);
    for (const client of sockets.clientsOf(event.payload.conversationId)) {
      sockets.send(client, data);
      sockets.drop(client, ChatSocketCloseCode.ConversationClosed, 'conversation closed');
    }
  }
}

/**
 * The chat widget's socket, CHAT_SOCKET_PATH (`/rest/public/chat/socket`, registered under /rest):
 * the customer's replies reach the visitor the moment they are written; the widget polls
 * `GET /public/chat/messages` only while it has no socket.
 *
 * - Any origin, no cookie (the widget runs on the customer's landing pages): the credential is the
 *   conversation token, sent as the socket's FIRST frame `{op: 'hello', token, after}`. Not in the
 *   URL (access logs, proxies and the Referer keep URLs), not in a cookie (the landing page is
 *   another site, and a cookie would make the socket hijackable), not as a subprotocol (the
 *   server echoes it, and it is not what the header is for). No valid hello within
 *   CHAT_SOCKET_HELLO_MS, or a bad one: closed with 4401. The token reaches exactly its own
 *   conversation, as on the visitor's HTTP calls.
 * - After the hello: `ready`, then the messages after `after` (what the widget missed), then each
 *   reply as a `messages` frame. The customer closing the conversation: a `closed` frame and 4410.
 * - Delivery: the service publishes `chat.reply` / `chat.closed` after its commit -> this plugin's
 *   Redis channel (every instance, when configured) -> the conversation's sockets on each instance.
 * - Bounds: client frames up to CHAT_SOCKET_FRAME_MAX bytes (1009 past it), frames after the hello
 *   ignored, CHAT_SOCKETS_PER_CONVERSATION sockets per conversation across instances (the oldest
 *   closed, 4408; per instance while Redis is down), VISITOR_MAX_BUFFERED_BYTES unsent (4409); the
 *   upgrade counts against the per-address limit of calls without a session.
 * - Heartbeat: a ping every `heartbeatMs` (a socket that missed the last is terminated), and the
 *   conversations with a live socket count as heard from (the visitor is not gone while its
 *   widget is open, CHAT_VISITOR_GONE_MS).
 */
export const chatVisitorSocketPlugin: FastifyPluginAsync<ChatVisitorSocketOptions> = async (app, options) => {
  /** The conversations with a live socket are heard from (one query per SEEN_CHUNK conversations). */
  const markSeen = async (): Promise<void> => {
    const ids = sockets.keys();
    const now = new Date().toISOString();
    for (let start = 0; start < ids.length; start += SEEN_CHUNK) {
      await app.db
        .updateTable('chatConversations')
        .set({ visitorSeenAt: now })
        .where('id', 'in', ids.slice(start, start + SEEN_CHUNK))
        .where('status', '=', 'open')
        .execute();
    }
  };
  const sockets = await openSocketChannel<VisitorClient, ChatSocketFrame>(app, options, {
    label: 'chat',
    // The realtime registry's per-customer bound, keyed here by conversation (its own channel's keys).
    keyOf: (client) => client.conversationId,
    perKey: options.perConversation ?? CHAT_SOCKETS_PER_CONVERSATION,
    replaced: { code: ChatSocketCloseCode.Replaced, reason: 'replaced' },
    maxBufferedBytes: VISITOR_MAX_BUFFERED_BYTES,
    tooSlowCode: ChatSocketCloseCode.TooSlow,
    events: ['chat.reply', 'chat.closed'],
    deliver,
    onHeartbeat: () => markSeen().catch((err: unknown) => app.log.warn({ err }, 'chat socket seen-time refresh failed')),
  });

  app.get(CHAT_SOCKET_PATH.replace(/^\/rest/, ''), { websocket: true, schema: { hide: true } }, (socket, request) => {
    const send = (frame: ChatSocketFrame): void => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    };
    const refuse = (): void => socket.close(ChatSocketCloseCode.Unauthorized, 'unauthorized');
    const helloTimer = setTimeout(refuse, CHAT_SOCKET_HELLO_MS);
    let state: 'waiting' | 'checking' | 'open' = 'waiting';

    socket.on('close', () => clearTimeout(helloTimer));

    const accept = async (token: string, after: number): Promise<void> => {
      let conversation;
      try {
        conversation = await chat.visitorConversation(app.db, token);
      } catch {
        refuse();
        return;
      }
      clearTimeout(helloTimer);
      if (socket.readyState !== WebSocket.OPEN) return;
      if (conversation.status !== 'open') {
        send({ kind: 'ready', conversationId: conversation.id, open: false });
        socket.close(ChatSocketCloseCode.ConversationClosed, 'conversation closed');
        return;
      }
      // Listening before the catch-up read: a reply written meanwhile comes twice at worst (the widget keeps one per id).
      sockets.attach({ id: sockets.nextId(), socket, conversationId: conversation.id, alive: true });
      state = 'open';
      send({ kind: 'ready', conversationId: conversation.id, open: true });
      const caught = await chat.poll({ db: app.db, events: app.events }, conversation, after);
      if (caught.messages.length) send({ kind: 'messages', messages: caught.messages });
    };

    socket.on('message', (data: RawData, isBinary: boolean) => {
      const text = frameText(data);
      if (Buffer.byteLength(text) > CHAT_SOCKET_FRAME_MAX) {
        socket.close(1009, 'frame too big');
        return;
      }
      // After the hello the widget says nothing; what it sends is ignored.
      if (state !== 'waiting') return;
      let hello;
      try {
        hello = isBinary ? null : chatSocketHelloSchema.safeParse(JSON.parse(text));
      } catch {
        hello = null;
      }
      if (!hello?.success) {
        refuse();
        return;
      }
      state = 'checking';
      accept(hello.data.token, hello.data.after ?? 0).catch((err: unknown) => {
        request.log.error({ err }, 'chat socket hello failed');
        socket.close(1011, 'server error');
      });
    });
  });
};
