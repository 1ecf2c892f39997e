import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import { CommonMessage, listUnreadCounts } from '@portal/contracts';
import {
  REALTIME_MAX_SOCKETS_PER_USER,
  REALTIME_PATH,
  RealtimeCloseCode,
  realtimeClientFrameSchema,
  type RealtimeServerFrame,
} from '@portal/contracts/messages';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData } from 'ws';
import type { Db } from '../db/schema';
import { forbidden } from '../http/errors';
import { ServerMessage } from '../http/messages';
import { nowIso } from '../lib/time';
import { unreadCounts as leadUnreadCounts } from '../modules/leads/service';
import { latestUnread, unreadCounts as messageUnreadCounts } from '../modules/messages/service';
import { sessionKey } from '../modules/auth/sessions';
import { currentSession } from '../plugins/auth';

import { deliverToSubscribers, MAX_BUFFERED_BYTES, type RealtimeClient } from './hub';
import { frameText, openSocketChannel, type SocketChannelTransport } from './socket-channel';

/** A client frame is a few dozen bytes; a bigger one closes the socket (1009, by ws). */
export const MAX_CLIENT_FRAME_BYTES = 4 * 1024;

/** @fastify/websocket for every socket route of its context (the realtime socket, the visitor's chat socket). */
export const websocketPlugin = fp(async (app) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false } });
});

/** `request` answers per socket and minute; past it the socket gets an error frame instead. */
const MAX_REQUESTS_PER_MINUTE = 30;
/** The newest unread notices a snapshot carries. */
const SNAPSHOT_UNREAD = 10;
/** Sessions checked per query on the heartbeat. */
const SESSION_CHECK_CHUNK = 500;
/** An upgrade socket that is not (yet) a WebSocket and idles this long is dropped. */
const UPGRADE_IDLE_MS = 10_000;
const CrossSiteRefused = '不允许跨站连接';

export type RealtimeOptions = SocketChannelTransport;

/**
 * A browser always sends Origin on a WebSocket handshake, and cookies ride along from any page
 * of the same site: a socket opened by another origin's page is refused (cross-site WebSocket
 * hijacking). The whole origin counts (scheme, host, port): the request's own scheme is
 * `request.protocol` (X-Forwarded-Proto behind a trusted proxy), its host `request.host`.
 * Clients that send no Origin (servers, tests) are not browsers with our cookie.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const own = new URL(`${request.protocol}://${request.host}`).origin;
    // An opaque origin ('null': a sandboxed page, a scheme other than http(s)) matches nothing.
    return own !== 'null' && new URL(origin).origin === own;
  } catch {
    return false;
  }
}

async function snapshotOf(db: Db, customerId: number): Promise<RealtimeServerFrame> {
  const [messages, leads, unread] = await Promise.all([
    messageUnreadCounts(db, customerId),
    leadUnreadCounts(db, customerId),
    latestUnread(db, customerId, SNAPSHOT_UNREAD),
  ]);
  return { kind: 'snapshot', messages, leads: listUnreadCounts(leads), unread };
}

/**
 * The realtime socket `/rest/ws` (shared/contracts messages/realtime.ts), registered under the
 * /rest prefix.
 *
 * - Auth: the session cookie of the upgrade request; without a live session the answer is 401
 *   and no socket opens. A socket whose session ends (logout, expiry) is closed with 4401 on the
 *   next heartbeat.
 * - Delivery: app.events -> (Redis channel, when configured) -> deliverToSubscribers -> the
 *   sockets of the event's customer that subscribed to its topic.
 * - Heartbeat: a ping every `heartbeatMs`; a socket that did not answer the previous one is
 *   terminated.
 * - Bounds: frames from clients up to 4 KB, 10 sockets per customer (the oldest goes, 4408),
 *   1 MB unsent per socket (4409), 30 `request`s per socket and minute. With Redis the socket
 *   bound holds across instances (SocketRegistry); without it, or while Redis is down, per
 *   instance.
 */
export const realtimePlugin: FastifyPluginAsync<RealtimeOptions> = async (app, options) => {
  // @fastify/websocket is registered once for all of /rest by app.ts (websocketPlugin): the visitor's
  // chat socket uses it too, and two registrations would route every upgrade twice.

  // An upgrade request to any other path is answered like a plain request and its socket then
  // left to the client (Node no longer manages it): one that idles is dropped. A socket that
  // becomes a WebSocket is not affected (ws clears the timeout).
  const onUpgrade = (_request: unknown, socket: Duplex): void => {
    if (socket instanceof Socket) socket.setTimeout(UPGRADE_IDLE_MS, () => socket.destroy());
  };
  app.server.on('upgrade', onUpgrade);

  let checkingSessions = false;
  /** Closes (4401) the sockets whose session no longer exists or has expired. */
  const closeEndedSessions = async (): Promise<void> => {
    if (checkingSessions || sockets.size === 0) return;
    checkingSessions = true;
    try {
      // The sockets open now; one that opens during the queries is checked next time.
      const checked = [...sockets.clients()];
      const keys = [...new Set(checked.map((client) => client.sessionKey))];
      const live = new Set<string>();
      const now = nowIso();
      for (let start = 0; start < keys.length; start += SESSION_CHECK_CHUNK) {
        const rows = await app.db
          .selectFrom('sessions')
          .select('id')
          .where('id', 'in', keys.slice(start, start + SESSION_CHECK_CHUNK))
          .where('expiresAt', '>', now)
          .execute();
        for (const row of rows) live.add(row.id);
      }
      for (const client of checked) {
        if (!live.has(client.sessionKey)) sockets.drop(client, RealtimeCloseCode.Unauthorized, 'session ended');
      }
    } catch (err) {
      app.log.warn({ err }, 'realtime session check failed');
    } finally {
      checkingSessions = false;
    }
  };

  const sockets = await openSocketChannel<RealtimeClient, RealtimeServerFrame>(app, options, {
    label: 'realtime',
    keyOf: (client) => client.customerId,
    perKey: REALTIME_MAX_SOCKETS_PER_USER,
    replaced: { code: RealtimeCloseCode.TooManySockets, reason: 'too many sockets' },
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    tooSlowCode: RealtimeCloseCode.TooSlow,
    events: ['lead.arrived', 'lead.pushed', 'message.arrived', 'counters.changed', 'chat.message'],
    deliver: deliverToSubscribers,
    onHeartbeat: () => void closeEndedSessions(),
  });

  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
  });

  const requireSameOrigin = async (request: FastifyRequest): Promise<void> => {
    if (!sameOrigin(request)) throw forbidden(CrossSiteRefused);
  };

  // Under the /rest prefix: REALTIME_PATH.
  app.get(REALTIME_PATH.replace(/^\/rest/, ''), { websocket: true, onRequest: [requireSameOrigin, app.requireLogin] }, (socket, request) => {
    const session = currentSession(request);
    const client: RealtimeClient = {
      id: sockets.nextId(),
      socket,
      customerId: session.customerId,
      sessionKey: sessionKey(session.token),
      topics: new Set(),
      alive: true,
    };
    sockets.attach(client);

    // `request`s: one query at a time per socket (one arriving meanwhile is answered right after), bounded per minute.
    let answering = false;
    let again = false;
    let windowStart = Date.now();
    let inWindow = 0;
    const answerRequest = async (): Promise<void> => {
      if (answering) {
        again = true;
        return;
      }
      answering = true;
      try {
        do {
          again = false;
          sockets.send(client, await snapshotOf(app.db, client.customerId));
        } while (again && socket.readyState === socket.OPEN);
      } catch (err) {
        request.log.error({ err }, 'realtime snapshot failed');
        sockets.send(client, { kind: 'error', message: CommonMessage.ServerError });
      } finally {
        answering = false;
      }
    };

    socket.on('message', (data: RawData, isBinary: boolean) => {
      const frame = isBinary ? undefined : parseFrame(data);
      if (!frame) {
        sockets.send(client, { kind: 'error', message: CommonMessage.BadRequest });
        return;
      }
      if (frame.op === 'subscribe') {
        client.topics = new Set(frame.topics);
        sockets.send(client, { kind: 'subscribed', topics: [...client.topics] });
        return;
      }
      const now = Date.now();
      if (now - windowStart >= 60_000) {
        windowStart = now;
        inWindow = 0;
      }
      inWindow += 1;
      if (inWindow > MAX_REQUESTS_PER_MINUTE) {
        sockets.send(client, { kind: 'error', message: ServerMessage.TooManyRequests });
        return;
      }
      void answerRequest();
    });
  });
};

function parseFrame(data: RawData) {
  try {
    const result = realtimeClientFrameSchema.safeParse(JSON.parse(frameText(data)));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
