import { NoticeStatus, NoticeType } from '@portal/contracts';
import {
  type Message,
  type MessageActionResult,
  type MessageListQuery,
  MessageText,
  type MessageUnreadCounts,
  noticeInputSchema,
  type suggestionSchema,
} from '@portal/contracts/messages';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { nowIso, toChinaDateTime } from '../../lib/time';
import type { ServerEvents } from '../../realtime/events';
import { withEvents } from '../../realtime/with-events';
import * as repo from './repo';

/**
 * The message centre's rules. A customer sees their own user notices (type 1) and every
 * system notice (type 0, customer_id null, including those sent before the account existed),
 * except those they deleted. Read and deleted are per customer: a system notice read or
 * deleted by one customer is untouched for the others.
 */

/** A stored notice as the message centre answers it (China time, status from the customer's read mark). */
export function toMessage(row: { id: number; title: string; contents: string; createdAt: string; type: number; readAt?: string | null }): Message {
  return {
    id: row.id,
    title: row.title,
    contents: row.contents,
    createTime: toChinaDateTime(row.createdAt),
    type: row.type === NoticeType.System ? NoticeType.System : NoticeType.User,
    status: row.readAt ? NoticeStatus.Read : NoticeStatus.Unread,
  };
}

/** One page of the customer's notices, newest first, and the count of all that match. */
export async function listPage(db: Db, customerId: number, query: MessageListQuery): Promise<{ rows: Message[]; totalRow: number }> {
  const filter: repo.NoticeFilter = { onlyUnread: query.onlyUnread === 1, type: query.type, contents: query.contents || undefined };
  const [totalRow, rows] = await Promise.all([
    repo.countNotices(db, customerId, filter),
    repo.listNotices(db, customerId, filter, pageWindow(query)),
  ]);
  return { rows: rows.map(toMessage), totalRow };
}

/** The customer's unread system and user notices, and `customer`, all of them (the bell's count). */
export async function unreadCounts(db: Db, customerId: number): Promise<MessageUnreadCounts> {
  const counts = { system: 0, user: 0, customer: 0 };
  for (const row of await repo.unreadByType(db, customerId)) {
    const count = Number(row.count);
    if (row.type === NoticeType.System) counts.system += count;
    else counts.user += count;
    counts.customer += count;
  }
  return counts;
}

/** The customer's `limit` newest unread notices (the notification popover). */
export async function latestUnread(db: Db, customerId: number, limit: number): Promise<Message[]> {
  const rows = await repo.listNotices(db, customerId, { onlyUnread: true }, { limit: Math.max(0, Math.floor(limit)), offset: 0 });
  return rows.map(toMessage);
}

/** `count`: how many notices changed (0 when all were already so); `unread`: the counters after the commit. */
async function withCounts(db: Kysely<Database>, customerId: number, count: number): Promise<MessageActionResult> {
  return { count, unread: await unreadCounts(db, customerId) };
}

/** Reads one notice (expanding its row); 404 when the customer does not see it. Reading a read notice changes nothing. */
export async function markRead(db: Kysely<Database>, customerId: number, id: number): Promise<MessageActionResult> {
  const count = await db.transaction().execute(async (tx) => {
    const [found] = await repo.findVisible(tx, customerId, [id]);
    if (!found) throw notFound(MessageText.MessageNotFound);
    if (found.readAt) return 0;
    await repo.markStates(tx, customerId, [id], { readAt: nowIso() });
    return 1;
  });
  return withCounts(db, customerId, count);
}

/** Reads every unread notice of the customer, or only those of `type`. */
export async function markAllRead(db: Kysely<Database>, customerId: number, type?: number): Promise<MessageActionResult> {
  const count = await db.transaction().execute(async (tx) => {
    const ids = await repo.unreadIds(tx, customerId, type);
    await repo.markStates(tx, customerId, ids, { readAt: nowIso() });
    return ids.length;
  });
  return withCounts(db, customerId, count);
}

/**
 * Deletes notices for this customer only (a system notice stays for everyone else), all or
 * nothing: when any id is not a notice the customer sees, 404 and nothing changes.
 */
export async function remove(db: Kysely<Database>, customerId: number, ids: readonly number[]): Promise<MessageActionResult> {
  const unique = [...new Set(ids)];
  const count = await db.transaction().execute(async (tx) => {
    const found = await repo.findVisible(tx, customerId, unique);
    if (found.length !== unique.length) throw notFound(MessageText.MessageNotFound);
    await repo.markStates(tx, customerId, unique, { deletedAt: nowIso() });
    return unique.length;
  });
  return withCounts(db, customerId, count);
}

export interface NoticeInput {
  /** null: a system notice for every customer; else a user notice for this one. */
  customerId: number | null;
  title: string;
  contents: string;
}

/**
 * Stores a notice (type 0 without a customer, else 1), then publishes `message.arrived` once;
 * the realtime layer fans a system notice out to every customer. Title and contents are
 * checked with noticeInputSchema (400 with its message); an unknown customer is 404.
 */
export async function createNotice(db: Kysely<Database>, events: ServerEvents, input: NoticeInput): Promise<Message> {
  const parsed = noticeInputSchema.safeParse({ title: input.title, contents: input.contents });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MessageText.ContentRequired);
  const { customerId } = input;
  // withEvents: listeners only ever hear of notices that are really there (after the commit).
  return withEvents(db, events, async (tx, publish) => {
    if (customerId !== null && !(await repo.customerExists(tx, customerId))) throw notFound();
    const row = await repo.insertNotice(tx, {
      customerId,
      type: customerId === null ? NoticeType.System : NoticeType.User,
      title: parsed.data.title,
      contents: parsed.data.contents,
      createdAt: nowIso(),
    });
    const message = toMessage({ ...row, readAt: null });
    publish('message.arrived', { customerId, message });
    return message;
  });
}

/** Stores the navigation's suggestion (type 9, platform 2) for the operator. */
export async function sendSuggestion(db: Db, customerId: number, input: z.output<typeof suggestionSchema>): Promise<number> {
  return repo.insertCustomerMessage(db, {
    customerId,
    type: input.type,
    platform: input.platform,
    content: input.content,
    createdAt: nowIso(),
  });
}
