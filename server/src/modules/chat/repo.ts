import { ItemStatus } from '@portal/contracts';
import type { ChatSender } from '@portal/contracts/chat';
import { type Insertable, type Selectable } from 'kysely';
import type { ChatConversationsTable, ChatKeysTable, Db } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

/**
 * Queries of the live smart chat. Every read and write on the customer's side takes the customer
 * id and filters by it; the visitor's side reaches exactly one conversation, by its token's hash.
 */

export type ConversationRow = Selectable<ChatConversationsTable>;
export type KeyRow = Selectable<ChatKeysTable>;

// ---- keys ----

export const keysOf = (db: Db, customerId: number) =>
  db
    .selectFrom('chatKeys')
    .leftJoin('items', 'items.id', 'chatKeys.itemId')
    .select(['chatKeys.id', 'chatKeys.key', 'chatKeys.itemId', 'items.title as itemTitle', 'chatKeys.status', 'chatKeys.createdAt'])
    .where('chatKeys.customerId', '=', customerId)
    .orderBy('chatKeys.id', 'desc')
    .execute();

export const keyOf = (db: Db, customerId: number, id: number) =>
  db
    .selectFrom('chatKeys')
    .leftJoin('items', 'items.id', 'chatKeys.itemId')
    .select(['chatKeys.id', 'chatKeys.key', 'chatKeys.itemId', 'items.title as itemTitle', 'chatKeys.status', 'chatKeys.createdAt'])
    .where('chatKeys.customerId', '=', customerId)
    .where('chatKeys.id', '=', id)
    .executeTakeFirst();

export const activeKey = (db: Db, key: string) =>
  db.selectFrom('chatKeys').selectAll().where('key', '=', key).where('status', '=', 'active').executeTakeFirst();

export async function countKeys(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('chatKeys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertKey(db: Db, row: Insertable<ChatKeysTable>): Promise<number> {
  return (await db.insertInto('chatKeys').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function revokeKey(db: Db, customerId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('chatKeys')
    .set({ status: 'revoked' })
    .where('customerId', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const ownItem = (db: Db, customerId: number, itemId: number) =>
  db.selectFrom('items').select(['id', 'title']).where('customerId', '=', customerId).where('id', '=', itemId).executeTakeFirst();

/** The customer's first project: the first on the air, else the first. */
export async function firstItem(db: Db, customerId: number): Promise<number | null> {
  const items = db.selectFrom('items').select('id').where('customerId', '=', customerId).orderBy('id').limit(1);
  const onAir = await items.where('status', '=', ItemStatus.OnAir).executeTakeFirst();
  return (onAir ?? (await items.executeTakeFirst()))?.id ?? null;
}

// ---- conversations ----

export async function insertConversation(db: Db, row: Insertable<ChatConversationsTable>): Promise<number> {
  return (await db.insertInto('chatConversations').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export const conversationByToken = (db: Db, tokenHash: string) =>
  db.selectFrom('chatConversations').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();

/**
 * The conversation, held until the transaction ends (PostgreSQL's FOR UPDATE), so that the
 * messages of one conversation are stored one after the other (one lead however many phone
 * messages arrive at once); SQLite runs one write transaction at a time.
 */
export async function lockConversation(tx: Db, id: number): Promise<ConversationRow | undefined> {
  let query = tx.selectFrom('chatConversations').selectAll().where('id', '=', id);
  if (isPostgres(tx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export const ownConversation = (db: Db, customerId: number, id: number) =>
  db.selectFrom('chatConversations').selectAll().where('customerId', '=', customerId).where('id', '=', id).executeTakeFirst();

/** The conversations of the target list (newest activity first), with their project's title and newest message. */
export const conversationViews = (db: Db, customerId: number) =>
  db
    .selectFrom('chatConversations as c')
    .leftJoin('items', 'items.id', 'c.itemId')
    .selectAll('c')
    .select('items.title as itemTitle')
    .select((eb) =>
      eb
        .selectFrom('chatMessages as m')
        .select('m.body')
        .whereRef('m.conversationId', '=', 'c.id')
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('lastMessage'),
    )
    .where('c.customerId', '=', customerId);

export async function countConversations(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('chatConversations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customerId', '=', customerId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function totalUnread(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('chatConversations')
    .select((eb) => eb.fn.sum<number>('customerUnread').as('total'))
    .where('customerId', '=', customerId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function updateConversation(db: Db, id: number, changes: Partial<Omit<ConversationRow, 'id'>>): Promise<void> {
  await db.updateTable('chatConversations').set(changes).where('id', '=', id).execute();
}

/** Counts a visitor message: activity, seen, one more unread; the unread count after it. */
export async function countVisitorMessage(db: Db, id: number, now: string): Promise<number> {
  const row = await db
    .updateTable('chatConversations')
    .set((eb) => ({ lastActivityAt: now, visitorSeenAt: now, customerUnread: eb(eb.ref('customerUnread'), '+', 1) }))
    .where('id', '=', id)
    .returning('customerUnread')
    .executeTakeFirstOrThrow();
  return row.customerUnread;
}

export async function markRead(db: Db, customerId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('chatConversations')
    .set({ customerUnread: 0 })
    .where('customerId', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- valid conversations (the workbench's 有效对话) ----

/** Whether the conversation has a message of `sender`. */
export async function hasMessageFrom(db: Db, conversationId: number, sender: ChatSender): Promise<boolean> {
  const row = await db
    .selectFrom('chatMessages')
    .select('id')
    .where('conversationId', '=', conversationId)
    .where('sender', '=', sender)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the conversation valid on `day` (a China day), unless it is already. */
export async function markValid(db: Db, id: number, day: string): Promise<void> {
  await db.updateTable('chatConversations').set({ validDay: day }).where('id', '=', id).where('validDay', 'is', null).execute();
}

/** The customer's valid conversations per China day of [start, end] (one project's, or all). */
export function validCountsByDay(db: Db, customerId: number, { start, end, itemId }: { start: string; end: string; itemId?: number }) {
  let query = db
    .selectFrom('chatConversations')
    .select((eb) => ['validDay', eb.fn.countAll<number | string>().as('count')])
    .where('customerId', '=', customerId)
    .where('validDay', '>=', start)
    .where('validDay', '<=', end);
  if (itemId !== undefined) query = query.where('itemId', '=', itemId);
  return query.groupBy('validDay').execute();
}

// ---- messages ----

export async function insertMessage(db: Db, conversationId: number, sender: ChatSender, body: string, createdAt: string) {
  return db.insertInto('chatMessages').values({ conversationId, sender, body, createdAt }).returningAll().executeTakeFirstOrThrow();
}

/** Messages after `after`, oldest first, at most `limit`. */
export const messagesAfter = (db: Db, conversationId: number, after: number, limit: number) =>
  db.selectFrom('chatMessages').selectAll().where('conversationId', '=', conversationId).where('id', '>', after).orderBy('id').limit(limit).execute();

/** The `limit` messages before `before` (the newest without it), newest first. */
export function messagesBefore(db: Db, conversationId: number, before: number | undefined, limit: number) {
  let query = db.selectFrom('chatMessages').selectAll().where('conversationId', '=', conversationId);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** The newest `limit` messages, newest first (a lead's transcript). */
export const newestMessages = (db: Db, conversationId: number, limit: number) =>
  db
    .selectFrom('chatMessages')
    .select(['sender', 'body', 'createdAt'])
    .where('conversationId', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

// ---- the lead ----

export const leadContacts = (db: Db, customerId: number, leadId: number) =>
  db.selectFrom('leads').select(['id', 'name', 'mobile', 'other']).where('customerId', '=', customerId).where('id', '=', leadId).executeTakeFirst();

export async function updateLead(
  db: Db,
  customerId: number,
  leadId: number,
  changes: { name?: string; other?: string; content?: string },
): Promise<void> {
  await db.updateTable('leads').set(changes).where('customerId', '=', customerId).where('id', '=', leadId).execute();
}

export async function customerAvatarVersion(db: Db, customerId: number): Promise<number | null> {
  const row = await db.selectFrom('customers').select('avatarVersion').where('id', '=', customerId).executeTakeFirst();
  return row?.avatarVersion ?? null;
}
