import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import { CommonMessage } from '@portal/contracts';
import {
  REALTIME_MAX_SOCKETS_PER_USER,
  REALTIME_PATH,
  RealtimeCloseCode,
  realtimeClientFrameSchema,
  type RealtimeServerFrame,
} from '@portal/contracts/messages';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import type { Db } from '../db/schema';
import { forbidden } from '../http/errors';
import { ServerMessage } from '../http/messages';
import { nowIso } from '../lib/time';
import { unreadCounts as leadUnreadCounts } from '../modules/leads/service';
import { latestUnread, unreadCounts as messageUnreadCounts } from '../modules/messages/service';
import { sessionKey } from '../modules/auth/sessions';
import { currentSession } from '../plugins/auth';
import { type Eviction, RedisBridge } from './bridge';
import { leadListCounts } from './counters';
import type { ServerEventName } from './events';
import { type HubEvent, RealtimeHub, type RealtimeClient } from './hub';
import { instanceOf, SocketRegistry } from './registry';

/** A client frame is a few dozen bytes; a bigger one closes the socket (1009, by ws). */
export const MAX_CLIENT_FRAME_BYTES = 4 * 1024;
/** `request` answers per socket and minute; past it the socket gets an error frame instead. */
const MAX_REQUESTS_PER_MINUTE = 30;
/** The newest unread notices a snapshot carries. */
const SNAPSHOT_UNREAD = 10;
/** Sessions checked per query on the heartbeat. */
const SESSION_CHECK_CHUNK = 500;
/** An instance's lease in the socket registry: a few heartbeats, and never under this. */
const MIN_LEASE_MS = 10_000;
/** An upgrade socket that is not (yet) a WebSocket and idles this long is dropped. */
const UPGRADE_IDLE_MS = 10_000;
const CrossSiteRefused = '不允许跨站连接';

export interface RealtimeOptions {
  /** Fan-out over Redis pub/sub across instances; in-process when null. */
  redisUrl: string | null;
  channel: string;
  heartbeatMs: number;
}

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
  return { kind: 'snapshot', messages, leads: leadListCounts(leads), unread };
}

/**
 * The realtime socket `/rest/ws` (shared/contracts messages/realtime.ts), registered under the
 * /rest prefix.
 *
 * - Auth: the session cookie of the upgrade request; without a live session the answer is 401
 *   and no socket opens. A socket whose session ends (logout, expiry) is closed with 4401 on the
 *   next heartbeat.
 * - Delivery: app.events -> (Redis channel, when configured) -> RealtimeHub -> the sockets of the
 *   event's customer that subscribed to its topic.
 * - Heartbeat: a ping every `heartbeatMs`; a socket that did not answer the previous one is
 *   terminated.
 * - Bounds: frames from clients up to 4 KB, 10 sockets per customer (the oldest goes, 4408),
 *   1 MB unsent per socket (4409), 30 `request`s per socket and minute. With Redis the socket
 *   bound holds across instances (SocketRegistry); without it, or while Redis is down, per
 *   instance.
 */
export const realtimePlugin: FastifyPluginAsync<RealtimeOptions> = async (app, options) => {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false } });

  // An upgrade request to any other path is answered like a plain request and its socket then
  // left to the client (Node no longer manages it): one that idles is dropped. A socket that
  // becomes a WebSocket is not affected (ws clears the timeout).
  const onUpgrade = (_request: unknown, socket: Duplex): void => {
    if (socket instanceof Socket) socket.setTimeout(UPGRADE_IDLE_MS, () => socket.destroy());
  };
  app.server.on('upgrade', onUpgrade);

  const hub = new RealtimeHub();
  const instanceId = randomBytes(6).toString('hex');
  let socketsOpened = 0;

  /** Closes a socket the registry evicted, if it is one of this instance's. */
  const closeEvicted = ({ customerId, member }: Eviction): void => {
    if (instanceOf(member) !== instanceId) return;
    const client = hub.find(customerId, member.slice(instanceId.length + 1));
    if (client) hub.drop(client, RealtimeCloseCode.TooManySockets, 'too many sockets');
  };

  const bridge = options.redisUrl
    ? new RedisBridge({
        url: options.redisUrl,
        channel: options.channel,
        onEvent: (event) => hub.deliver(event),
        onEviction: closeEvicted,
        log: app.log,
      })
    : null;
  const registry = bridge
    ? new SocketRegistry(bridge.commands, options.channel, instanceId, REALTIME_MAX_SOCKETS_PER_USER, Math.max(3 * options.heartbeatMs, MIN_LEASE_MS))
    : null;

  const warnRegistry = (err: unknown): void => app.log.warn({ err }, 'realtime socket registry unavailable: the socket bound holds per instance');
  /** Registers a socket across instances and closes what the bound pushes out, here or on another instance. */
  const register = async (client: RealtimeClient): Promise<void> => {
    if (!registry || !bridge) return;
    const evicted = await registry.register(client.customerId, client.id);
    for (const member of evicted) {
      const eviction = { customerId: client.customerId, member };
      if (instanceOf(member) === instanceId) closeEvicted(eviction);
      else bridge.publishEviction(eviction);
    }
  };
  /**
   * Renews this instance's lease (on every heartbeat, and whenever Redis is reachable again). When
   * it had lapsed, another instance may have dropped this one's sockets: they are registered
   * again, oldest first.
   */
  const renewLease = async (): Promise<void> => {
    if (!registry || !(await registry.renew())) return;
    for (const client of [...hub.clients()]) await register(client);
  };
  bridge?.commands.on('ready', () => void renewLease().catch(warnRegistry));
  await bridge?.start();

  // With Redis, an event reaches this instance's sockets on its way back from the channel (not
  // directly as well: exactly once); when Redis is down, only directly.
  const forward = (event: HubEvent): void => {
    if (!bridge?.publish(event)) hub.deliver(event);
  };
  const bridged: ServerEventName[] = ['lead.arrived', 'lead.pushed', 'message.arrived', 'counters.changed'];
  const unsubscribe = bridged.map((name) => app.events.on(name, (payload) => forward({ name, payload } as HubEvent)));

  let checkingSessions = false;
  /** Closes (4401) the sockets whose session no longer exists or has expired. */
  const closeEndedSessions = async (): Promise<void> => {
    if (checkingSessions || hub.size === 0) return;
    checkingSessions = true;
    try {
      // The sockets open now; one that opens during the queries is checked next time.
      const checked = [...hub.clients()];
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
        if (!live.has(client.sessionKey)) hub.drop(client, RealtimeCloseCode.Unauthorized, 'session ended');
      }
    } catch (err) {
      app.log.warn({ err }, 'realtime session check failed');
    } finally {
      checkingSessions = false;
    }
  };

  const heartbeat = setInterval(() => {
    for (const client of [...hub.clients()]) {
      if (!client.alive) {
        hub.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    void closeEndedSessions();
    renewLease().catch(warnRegistry);
  }, options.heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    clearInterval(heartbeat);
    for (const stop of unsubscribe) stop();
    await registry?.retire().catch(() => undefined);
    await bridge?.close();
  });

  const requireSameOrigin = async (request: FastifyRequest): Promise<void> => {
    if (!sameOrigin(request)) throw forbidden(CrossSiteRefused);
  };

  // Under the /rest prefix: REALTIME_PATH.
  app.get(REALTIME_PATH.replace(/^\/rest/, ''), { websocket: true, onRequest: [requireSameOrigin, app.requireLogin] }, (socket, request) => {
    const session = currentSession(request);
    socketsOpened += 1;
    const client: RealtimeClient = {
      id: String(socketsOpened),
      socket,
      customerId: session.customerId,
      sessionKey: sessionKey(session.token),
      topics: new Set(),
      alive: true,
    };
    hub.add(client);
    register(client).catch(warnRegistry);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => {
      hub.remove(client);
      registry?.unregister(client.customerId, client.id).catch(() => undefined);
    });

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
          hub.send(client, await snapshotOf(app.db, client.customerId));
        } while (again && socket.readyState === socket.OPEN);
      } catch (err) {
        request.log.error({ err }, 'realtime snapshot failed');
        hub.send(client, { kind: 'error', message: CommonMessage.ServerError });
      } finally {
        answering = false;
      }
    };

    socket.on('message', (data: RawData, isBinary: boolean) => {
      const frame = isBinary ? undefined : parseFrame(data);
      if (!frame) {
        hub.send(client, { kind: 'error', message: CommonMessage.BadRequest });
        return;
      }
      if (frame.op === 'subscribe') {
        client.topics = new Set(frame.topics);
        hub.send(client, { kind: 'subscribed', topics: [...client.topics] });
        return;
      }
      const now = Date.now();
      if (now - windowStart >= 60_000) {
        windowStart = now;
        inWindow = 0;
      }
      inWindow += 1;
      if (inWindow > MAX_REQUESTS_PER_MINUTE) {
        hub.send(client, { kind: 'error', message: ServerMessage.TooManyRequests });
        return;
      }
      void answerRequest();
    });
  });
};

function parseFrame(data: RawData) {
  try {
    const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
    const result = realtimeClientFrameSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
