import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ResType } from '@portal/contracts';
import {
  CHAT_HISTORY_PAGE_DEFAULT,
  CHAT_KEYS_MAX,
  CHAT_POLL_MAX,
  CHAT_TOKEN_PATTERN,
  CHAT_VISITOR_GONE_MS,
  type ChatConversation,
  type ChatKey,
  ChatMessage,
  type ChatMessageView,
  type ChatSender,
  phonesIn,
  TRANSCRIPT_OMITTED,
  transcriptLine,
} from '@portal/contracts/chat';
import type { PaginationQuery } from '@portal/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { chinaToday, toChinaDateTime } from '../../lib/time';
import type { ServerEvents } from '../../realtime/events';
import { type PublishAfterCommit, withEvents } from '../../realtime/with-events';
import { avatarUrl } from '../account/service';
import { storeLead } from '../ingest/service';
import * as repo from './repo';

/** Where a chat call runs: the database, the event channel, the clock (the tests'). */
export interface ChatContext {
  db: Kysely<Database>;
  events: ServerEvents;
  now?: () => Date;
}
const nowOf = (context: ChatContext): Date => context.now?.() ?? new Date();

/** The lead list of smart-chat leads (spec 000: the intelligent-investment list has the form-or-smart-chat column). */
export const CHAT_LEAD_KIND = 'resource' as const;
/** The lead's source. */
export const CHAT_LEAD_SOURCE = '在线咨询';
/** A lead's content holds at most this much of the conversation (the ingestion's bound): its newest messages. */
const TRANSCRIPT_MAX = 5000;
/** Messages a transcript reads at most (500 characters each would fill it ten times over). */
const TRANSCRIPT_MESSAGES = 200;
/** A poll refreshes the visitor's last-seen time at most this often (a write per poll would be waste). */
const SEEN_REFRESH_MS = 30_000;

export const newChatKey = (): string => randomBytes(24).toString('base64url');
export const newVisitorToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
const visitorLabel = (): string => `访客${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/** Whether the customer may answer: the conversation is open and the visitor was heard within CHAT_VISITOR_GONE_MS. */
export const replyEnabled = (conversation: Pick<repo.ConversationRow, 'status' | 'visitorSeenAt'>, now: Date): boolean =>
  conversation.status === 'open' && now.getTime() - Date.parse(conversation.visitorSeenAt) <= CHAT_VISITOR_GONE_MS;

interface StoredMessage {
  id: number;
  conversationId: number;
  sender: string;
  body: string;
  createdAt: string;
}

/** A message as the spec names its fields; `avatar` the customer's picture for its own messages (null on the visitor's side). */
const messageView = (row: StoredMessage, reply: boolean, customerAvatar: string | null): ChatMessageView => ({
  id: row.id,
  message: row.body,
  publishTimeView: toChinaDateTime(row.createdAt),
  className: row.sender as ChatSender,
  targetId: row.conversationId,
  targetGenre: 'visitor',
  avatar: row.sender === 'customer' ? customerAvatar : null,
  replyEnabled: reply,
});

// ---- keys ----

const keyView = (row: Awaited<ReturnType<typeof repo.keysOf>>[number]): ChatKey => ({
  id: row.id,
  key: row.key,
  itemId: row.itemId,
  itemTitle: row.itemTitle ?? null,
  status: row.status as ChatKey['status'],
  createTimeView: toChinaDateTime(row.createdAt),
});

export async function listKeys(db: Db, customerId: number): Promise<ChatKey[]> {
  return (await repo.keysOf(db, customerId)).map(keyView);
}

/** A new active key for one of the customer's projects (another's: 404); at most CHAT_KEYS_MAX keys. */
export async function createKey(db: Kysely<Database>, customerId: number, itemId: number, now: Date = new Date()): Promise<ChatKey> {
  if (!(await repo.ownItem(db, customerId, itemId))) throw notFound(ChatMessage.ItemInvalid);
  const id = await db.transaction().execute(async (tx) => {
    if ((await repo.countKeys(tx, customerId)) >= CHAT_KEYS_MAX) throw badRequest(ChatMessage.KeyLimit);
    return repo.insertKey(tx, { customerId, key: newChatKey(), itemId, status: 'active', createdAt: now.toISOString() });
  });
  return keyView((await repo.keyOf(db, customerId, id))!);
}

export async function revokeKey(db: Db, customerId: number, id: number): Promise<ChatKey> {
  if (!(await repo.revokeKey(db, customerId, id))) throw notFound(ChatMessage.KeyNotFound);
  return keyView((await repo.keyOf(db, customerId, id))!);
}

// ---- the visitor's side ----

/** The active key with this text; an unknown or revoked one is 400 '在线咨询链接无效或已停用'. */
export async function requireActiveKey(db: Db, key: string): Promise<repo.KeyRow> {
  const row = await repo.activeKey(db, key);
  if (!row) throw badRequest(ChatMessage.KeyInvalid);
  return row;
}

/** Starts a conversation through an active key; answers its token (kept only as its hash). */
export async function startConversation(
  context: ChatContext,
  key: repo.KeyRow,
  page: { pageUrl?: string | null; referrer?: string | null },
): Promise<{ conversationId: number; token: string; visitorName: string }> {
  const now = nowOf(context).toISOString();
  const token = newVisitorToken();
  const visitorName = visitorLabel();
  const conversationId = await repo.insertConversation(context.db, {
    customerId: key.customerId,
    keyId: key.id,
    itemId: key.itemId,
    tokenHash: tokenHash(token),
    visitorName,
    pageUrl: page.pageUrl ?? null,
    referrer: page.referrer ?? null,
    status: 'open',
    lastActivityAt: now,
    visitorSeenAt: now,
    customerUnread: 0,
    createdAt: now,
  });
  return { conversationId, token, visitorName };
}

/** The conversation of a visitor's token; missing, malformed or unknown: 401 '会话不存在或已失效，请重新发起咨询'. */
export async function visitorConversation(db: Db, token: string | undefined): Promise<repo.ConversationRow> {
  const row = token !== undefined && CHAT_TOKEN_PATTERN.test(token) ? await repo.conversationByToken(db, tokenHash(token)) : undefined;
  if (!row) throw new AppError(401, '401', ChatMessage.TokenInvalid);
  return row;
}

/** The visitor's poll: its conversation's messages after `after` (oldest first, at most CHAT_POLL_MAX); refreshes its last-seen time. */
export async function poll(
  context: ChatContext,
  conversation: repo.ConversationRow,
  after: number,
): Promise<{ messages: ChatMessageView[]; open: boolean }> {
  const now = nowOf(context);
  if (now.getTime() - Date.parse(conversation.visitorSeenAt) >= SEEN_REFRESH_MS) {
    await repo.updateConversation(context.db, conversation.id, { visitorSeenAt: now.toISOString() });
  }
  const open = conversation.status === 'open';
  const rows = await repo.messagesAfter(context.db, conversation.id, after, CHAT_POLL_MAX);
  return { messages: rows.map((row) => messageView(row, open, null)), open };
}

/**
 * A visitor's message: stored, counted unread for the customer, and `chat.message` published to the
 * customer's sockets after the commit; a mobile number in it (PHONE_PATTERN) makes the conversation
 * its lead (yieldPhone). A closed conversation takes no more messages (409 '会话已结束，无法回复').
 */
export async function visitorSend(context: ChatContext, conversationId: number, text: string): Promise<ChatMessageView> {
  const now = nowOf(context);
  return withEvents(context.db, context.events, async (tx, publish) => {
    const conversation = (await repo.lockConversation(tx, conversationId))!;
    if (conversation.status !== 'open') throw conflict(ChatMessage.Closed);
    const stored = await repo.insertMessage(tx, conversationId, 'visitor', text, now.toISOString());
    if (conversation.validDay === null && (await repo.hasMessageFrom(tx, conversationId, 'customer')))
      await repo.markValid(tx, conversationId, chinaToday(now));
    const unread = await repo.countVisitorMessage(tx, conversationId, now.toISOString());
    for (const phone of phonesIn(text)) await yieldPhone(tx, publish, conversation, phone, null, now);
    const totalUnread = await repo.totalUnread(tx, conversation.customerId);
    publish('chat.message', {
      customerId: conversation.customerId,
      conversationId,
      messageId: stored.id,
      unread,
      totalUnread,
      visitorName: conversation.visitorName,
      message: text,
    });
    return messageView(stored, true, null);
  });
}

/** The widget's phone form: the conversation's lead, as a phone typed in a message makes it (the name kept on the lead). */
export async function visitorPhone(context: ChatContext, conversationId: number, phone: string, name: string | null): Promise<void> {
  const now = nowOf(context);
  await withEvents(context.db, context.events, async (tx, publish) => {
    const conversation = (await repo.lockConversation(tx, conversationId))!;
    await repo.updateConversation(tx, conversationId, { visitorSeenAt: now.toISOString() });
    await yieldPhone(tx, publish, conversation, phone, name, now);
  });
}

/**
 * The conversation as a lead's content: its newest messages that fit TRANSCRIPT_MAX, oldest first,
 * a line each ('访客 2025-01-31 16:00:00：…' / '客服 …', transcriptLine of @portal/contracts/chat,
 * which the lead lists read back); '……' first when older ones were left out.
 */
export async function transcript(db: Db, conversationId: number): Promise<string> {
  const rows = await repo.newestMessages(db, conversationId, TRANSCRIPT_MESSAGES);
  const lines: string[] = [];
  let length = 0;
  for (const row of rows) {
    const line = transcriptLine(row.sender === 'visitor' ? 'visitor' : 'customer', toChinaDateTime(row.createdAt), row.body);
    if (length + line.length + 1 > TRANSCRIPT_MAX - 3) {
      lines.push(TRANSCRIPT_OMITTED);
      break;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return lines.reverse().join('\n');
}

/**
 * A phone the visitor left, in the transaction holding the conversation's row: the first makes the
 * conversation ONE lead of resType 2 (ResType.SmartChat) on the intelligent-investment list through
 * the ingestion's own storeLead (distribution, report rollups, CRM outbox, `lead.arrived`), for the
 * key's project or the customer's first, with the conversation as its content, and sets
 * chat_conversations.lead_id in the same transaction; a later different phone becomes the lead's
 * other contact (and refreshes its content). No project at all: the phone is kept, no lead.
 */
async function yieldPhone(
  tx: Transaction<Database>,
  publish: PublishAfterCommit,
  conversation: repo.ConversationRow,
  phone: string,
  name: string | null,
  now: Date,
): Promise<void> {
  const { customerId } = conversation;
  if (conversation.leadId === null) {
    const itemId =
      (conversation.itemId !== null && (await repo.ownItem(tx, customerId, conversation.itemId))?.id) || (await repo.firstItem(tx, customerId));
    if (itemId === null) {
      if (conversation.phone === null) await repo.updateConversation(tx, conversation.id, { phone });
      conversation.phone ??= phone;
      return;
    }
    const leadId = await storeLead(
      tx,
      publish,
      customerId,
      {
        listKind: CHAT_LEAD_KIND,
        resType: ResType.SmartChat,
        itemId,
        name: name || conversation.visitorName,
        mobile: phone,
        content: await transcript(tx, conversation.id),
        pageUrl: conversation.pageUrl ?? undefined,
        referrerUrl: conversation.referrer ?? undefined,
        source: CHAT_LEAD_SOURCE,
      },
      now,
    );
    await repo.updateConversation(tx, conversation.id, { leadId, phone: conversation.phone ?? phone, itemId });
    conversation.leadId = leadId;
    conversation.phone ??= phone;
    return;
  }
  const lead = await repo.leadContacts(tx, customerId, conversation.leadId);
  if (!lead) return;
  const changes: { name?: string; other?: string; content?: string } = {};
  if (phone !== lead.mobile && phone !== lead.other) changes.other = phone;
  if (name && lead.name === conversation.visitorName) changes.name = name;
  if (Object.keys(changes).length === 0) return;
  changes.content = await transcript(tx, conversation.id);
  await repo.updateLead(tx, customerId, lead.id, changes);
}

// ---- the customer's side ----

const conversationView = (row: repo.ConversationRow & { itemTitle?: string | null; lastMessage?: string | null }, now: Date): ChatConversation => ({
  id: row.id,
  visitorName: row.visitorName,
  status: row.status as ChatConversation['status'],
  itemId: row.itemId,
  itemTitle: row.itemTitle ?? null,
  pageUrl: row.pageUrl,
  referrer: row.referrer,
  phone: row.phone,
  leadId: row.leadId,
  lastActivityView: toChinaDateTime(row.lastActivityAt),
  lastMessage: row.lastMessage ?? null,
  unread: row.customerUnread,
  replyEnabled: replyEnabled(row, now),
  createTimeView: toChinaDateTime(row.createdAt),
});

/** The target list: the customer's conversations, newest activity first. */
export async function conversationsPage(db: Db, customerId: number, query: PaginationQuery, now: Date = new Date()) {
  const { limit, offset } = pageWindow(query);
  const [totalRow, rows] = await Promise.all([
    repo.countConversations(db, customerId),
    repo.conversationViews(db, customerId).orderBy('c.lastActivityAt', 'desc').orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { totalRow, rows: rows.map((row) => conversationView(row, now)) };
}

export async function conversation(db: Db, customerId: number, id: number, now: Date = new Date()): Promise<ChatConversation> {
  const row = await repo.conversationViews(db, customerId).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ChatMessage.ConversationNotFound);
  return conversationView(row, now);
}

async function ownConversation(db: Db, customerId: number, id: number): Promise<repo.ConversationRow> {
  const row = await repo.ownConversation(db, customerId, id);
  if (!row) throw notFound(ChatMessage.ConversationNotFound);
  return row;
}

/** A history page: the `limit` messages before `before` (the newest without it), oldest first. */
export async function history(
  db: Db,
  customerId: number,
  id: number,
  page: { before?: number; limit?: number },
  now: Date = new Date(),
): Promise<{ messages: ChatMessageView[]; hasMore: boolean; replyEnabled: boolean }> {
  const row = await ownConversation(db, customerId, id);
  const limit = page.limit ?? CHAT_HISTORY_PAGE_DEFAULT;
  const [rows, version] = await Promise.all([repo.messagesBefore(db, id, page.before, limit + 1), repo.customerAvatarVersion(db, customerId)]);
  const reply = replyEnabled(row, now);
  const avatar = avatarUrl(version);
  return {
    messages: rows
      .slice(0, limit)
      .reverse()
      .map((message) => messageView(message, reply, avatar)),
    hasMore: rows.length > limit,
    replyEnabled: reply,
  };
}

/** The customer's reply: refused (409) once the conversation is closed or the visitor gone. */
export async function reply(context: ChatContext, customerId: number, id: number, text: string): Promise<ChatMessageView> {
  const now = nowOf(context);
  const stored = await withEvents(context.db, context.events, async (tx, publish) => {
    const row = await repo.lockConversation(tx, id);
    if (!row || row.customerId !== customerId) throw notFound(ChatMessage.ConversationNotFound);
    if (row.status !== 'open') throw conflict(ChatMessage.Closed);
    if (!replyEnabled(row, now)) throw conflict(ChatMessage.VisitorGone);
    const message = await repo.insertMessage(tx, id, 'customer', text, now.toISOString());
    if (row.validDay === null && (await repo.hasMessageFrom(tx, id, 'visitor'))) await repo.markValid(tx, id, chinaToday(now));
    await repo.updateConversation(tx, id, { lastActivityAt: now.toISOString() });
    // To the visitor's sockets (the widget): the reply as the visitor sees it (no avatar).
    publish('chat.reply', { conversationId: id, message: messageView(message, true, null) });
    return message;
  });
  return messageView(stored, true, avatarUrl(await repo.customerAvatarVersion(context.db, customerId)));
}

export async function markRead(db: Db, customerId: number, id: number): Promise<{ unread: number; totalUnread: number }> {
  if (!(await repo.markRead(db, customerId, id))) throw notFound(ChatMessage.ConversationNotFound);
  return { unread: 0, totalUnread: await repo.totalUnread(db, customerId) };
}

export async function totalUnread(db: Db, customerId: number): Promise<{ totalUnread: number }> {
  return { totalUnread: await repo.totalUnread(db, customerId) };
}

/** Closes the conversation (idempotent); its lead's content gets the whole conversation. */
export async function close(context: ChatContext, customerId: number, id: number): Promise<ChatConversation> {
  await withEvents(context.db, context.events, async (tx, publish) => {
    const row = await repo.lockConversation(tx, id);
    if (!row || row.customerId !== customerId) throw notFound(ChatMessage.ConversationNotFound);
    if (row.status === 'closed') return;
    await repo.updateConversation(tx, id, { status: 'closed' });
    publish('chat.closed', { conversationId: id });
    if (row.leadId !== null) await repo.updateLead(tx, customerId, row.leadId, { content: await transcript(tx, id) });
  });
  return conversation(context.db, customerId, id, nowOf(context));
}

/**
 * The workbench's 有效对话 per China day of [start, end]: the customer's conversations that became
 * valid that day (the visitor wrote at least one message and the customer replied at least once).
 */
export async function validConversationsByDay(
  db: Db,
  customerId: number,
  range: { start: string; end: string; itemId?: number },
): Promise<Map<string, number>> {
  const rows = await repo.validCountsByDay(db, customerId, range);
  return new Map(rows.map((row) => [row.validDay as string, Number(row.count)]));
}
