import { createHash } from 'node:crypto';
import { CHAT_LIMITS, CHAT_TOKEN_HEADER, ChatMessage } from '@portal/contracts/chat';
import { chatEndpoints } from '@portal/contracts/endpoints';
import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify';
import { tooManyRequests } from '../../http/errors';
import { setPaginationHeaders } from '../../http/pagination';
import { route } from '../../http/route';
import { currentCustomerId } from '../../plugins/auth';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { ConversationRow as ChatConversationRow } from './repo';
import * as chat from './service';

const TOKEN_HEADER = CHAT_TOKEN_HEADER.toLowerCase();
/** A visitor's call is small: a message of 500 characters, a phone and a name, a key and two addresses. */
const VISITOR_BODY_LIMIT = 8 * 1024;
const REPLY_BODY_LIMIT = 8 * 1024;

export interface ChatRoutesOptions {
  /** Per-minute limits of the visitor side (CHAT_LIMITS by default; the tests' smaller ones). */
  limits?: Partial<{ visitorMessagesPerMinute: number; conversationsPerKeyPerMinute: number }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The conversation of the visitor's X-Chat-Token (visitor routes, once checked). */
    chatConversation: ChatConversationRow | null;
  }
}

const tokenOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};
/** A counter key of a secret (a key, a token): hashed, so that it never reaches the counter store. */
const hashed = (value: string): string => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * The live smart chat (@portal/contracts chatEndpoints).
 *
 * The visitor side, /rest/public/chat/...: called by the widget from the customer's landing pages,
 * on other sites, without cookies. Any origin may call (Access-Control-Allow-Origin: *, the
 * preflight answered here, never credentials): the credential is the conversation token in
 * X-Chat-Token, which reaches exactly one conversation, never the customer's data. The posts keep
 * the requested-with guard (the widget sends X-Requested-With; a preflight is needed anyway for
 * the JSON body and the token header). Limits: the app-wide count per client address, and per
 * minute a conversation's messages and phone forms, a key's conversations started (429
 * '发送过于频繁，请稍后再试', nothing stored).
 *
 * The customer side, /rest/customer/chat/...: the chat panel and the keys, each scoped to the
 * session's customer (another customer's ids: 404).
 */
export const chatRoutes: FastifyPluginAsync<ChatRoutesOptions> = async (app, { limits: given }) => {
  const limits = { ...CHAT_LIMITS, ...given };
  app.decorateRequest('chatConversation', null);
  const context = (): chat.ChatContext => ({ db: app.db, events: app.events });

  const refuse = async (limiter: RateLimiter, request: FastifyRequest): Promise<void> => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(ChatMessage.TooFrequent, result.ttl);
  };
  const perVisitor = app.createRateLimit({
    max: limits.visitorMessagesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `chat-visitor-${hashed(tokenOf(request) ?? '')}`,
  });
  const perKey = app.createRateLimit({
    max: limits.conversationsPerKeyPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `chat-key-${hashed(String((request.body as { key?: unknown } | undefined)?.key ?? ''))}`,
  });

  const cors = { 'access-control-allow-origin': '*' } as const;
  const corsHeaders: onRequestHookHandler = async (_request, reply) => {
    reply.headers(cors);
  };
  // The preflight of every visitor call (their paths are all under /public/chat/).
  app.options('/public/chat/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .headers({
        ...cors,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': `content-type, x-requested-with, ${TOKEN_HEADER}`,
        'access-control-max-age': '600',
      })
      .send(),
  );
  /** The visitor's token checked before the body is read: 401 for a missing, malformed or unknown one. */
  const visitorToken: onRequestHookHandler = async (request) => {
    request.chatConversation = await chat.visitorConversation(app.db, tokenOf(request));
  };
  const visitorOptions = (withToken: boolean) => ({
    bodyLimit: VISITOR_BODY_LIMIT,
    onRequest: withToken ? [corsHeaders, visitorToken] : [corsHeaders],
  });

  route(
    app,
    chatEndpoints.start,
    async (request) => {
      const key = await chat.requireActiveKey(app.db, request.body.key);
      await refuse(perKey, request);
      return chat.startConversation(context(), key, request.body);
    },
    visitorOptions(false),
  );

  route(
    app,
    chatEndpoints.visitorMessages,
    async (request) => {
      return chat.poll(context(), request.chatConversation!, request.query.after ?? 0);
    },
    visitorOptions(true),
  );

  route(
    app,
    chatEndpoints.visitorSend,
    async (request) => {
      await refuse(perVisitor, request);
      return chat.visitorSend(context(), request.chatConversation!.id, request.body.message);
    },
    visitorOptions(true),
  );

  route(
    app,
    chatEndpoints.visitorPhone,
    async (request) => {
      await refuse(perVisitor, request);
      await chat.visitorPhone(context(), request.chatConversation!.id, request.body.phone, request.body.name ?? null);
      return { saved: true as const };
    },
    visitorOptions(true),
  );

  route(app, chatEndpoints.conversations, async (request, reply) => {
    const { rows, totalRow } = await chat.conversationsPage(app.db, currentCustomerId(request), request.query);
    setPaginationHeaders(request, reply, request.query, totalRow);
    return rows;
  });
  route(app, chatEndpoints.unread, async (request) => chat.totalUnread(app.db, currentCustomerId(request)));
  route(app, chatEndpoints.conversation, async (request) => chat.conversation(app.db, currentCustomerId(request), request.params.id));
  route(app, chatEndpoints.history, async (request) => chat.history(app.db, currentCustomerId(request), request.params.id, request.query));
  route(app, chatEndpoints.reply, async (request) => chat.reply(context(), currentCustomerId(request), request.params.id, request.body.message), {
    bodyLimit: REPLY_BODY_LIMIT,
  });
  route(app, chatEndpoints.read, async (request) => chat.markRead(app.db, currentCustomerId(request), request.params.id));
  route(app, chatEndpoints.close, async (request) => chat.close(context(), currentCustomerId(request), request.params.id));

  route(app, chatEndpoints.keys, async (request) => chat.listKeys(app.db, currentCustomerId(request)));
  route(app, chatEndpoints.createKey, async (request) => chat.createKey(app.db, currentCustomerId(request), request.body.itemId));
  route(app, chatEndpoints.revokeKey, async (request) => chat.revokeKey(app.db, currentCustomerId(request), request.params.id));
};
