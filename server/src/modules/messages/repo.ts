import { type Insertable, sql } from 'kysely';
import type { CustomerMessagesTable, Db, NoticesTable } from '../../db/schema';

/**
 * Queries of the message centre; every one takes the customer id and sees only what that
 * customer may: their own user notices and the system notices (customer_id null), minus those
 * they deleted. A customer's read and deleted marks live in notice_states (no row: unread).
 */

export interface NoticeFilter {
  onlyUnread?: boolean;
  type?: number;
  /** Searched in title and contents, case-insensitive; LIKE wildcards match themselves. */
  contents?: string;
}

/** `%text%` for LIKE ... ESCAPE '\': the user's %, _ and \ match themselves. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The notices the customer sees, each with the customer's read mark (`s.readAt`). */
function visible(db: Db, customerId: number) {
  return db
    .selectFrom('notices as n')
    .leftJoin('noticeStates as s', (join) => join.onRef('s.noticeId', '=', 'n.id').on('s.customerId', '=', customerId))
    .where((eb) => eb.or([eb('n.customerId', '=', customerId), eb('n.customerId', 'is', null)]))
    .where('s.deletedAt', 'is', null);
}

function filtered(db: Db, customerId: number, filter: NoticeFilter) {
  let query = visible(db, customerId);
  if (filter.onlyUnread) query = query.where('s.readAt', 'is', null);
  if (filter.type !== undefined) query = query.where('n.type', '=', filter.type);
  if (filter.contents) {
    const pattern = containsPattern(filter.contents);
    // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's only for non-ASCII.
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('n.title')}) like lower(${pattern}) escape '\\'`,
        sql<boolean>`lower(${eb.ref('n.contents')}) like lower(${pattern}) escape '\\'`,
      ]),
    );
  }
  return query;
}

export async function countNotices(db: Db, customerId: number, filter: NoticeFilter): Promise<number> {
  const row = await filtered(db, customerId, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page, newest first. */
export const listNotices = (db: Db, customerId: number, filter: NoticeFilter, page: { limit: number; offset: number }) =>
  filtered(db, customerId, filter)
    .select(['n.id', 'n.title', 'n.contents', 'n.createdAt', 'n.type', 's.readAt'])
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
export type NoticeRow = Awaited<ReturnType<typeof listNotices>>[number];

/** Unread visible notices per type. */
export const unreadByType = (db: Db, customerId: number) =>
  visible(db, customerId)
    .where('s.readAt', 'is', null)
    .select((eb) => ['n.type', eb.fn.countAll<number>().as('count')])
    .groupBy('n.type')
    .execute();

/** The visible notices among `ids`, with their read mark. */
export const findVisible = (db: Db, customerId: number, ids: readonly number[]) =>
  visible(db, customerId)
    .where('n.id', 'in', [...ids])
    .select(['n.id', 's.readAt'])
    .execute();

/** The ids of the customer's unread visible notices, of one type or all. */
export async function unreadIds(db: Db, customerId: number, type?: number): Promise<number[]> {
  let query = visible(db, customerId).where('s.readAt', 'is', null);
  if (type !== undefined) query = query.where('n.type', '=', type);
  return (await query.select('n.id').execute()).map((row) => row.id);
}

/** Rows per upsert statement: 4 parameters each, far under either database's limit. */
const STATE_CHUNK = 500;

/** Sets the customer's read or deleted mark on `ids` (creating their state rows as needed). */
export async function markStates(
  db: Db,
  customerId: number,
  ids: readonly number[],
  mark: { readAt: string } | { deletedAt: string },
): Promise<void> {
  for (let start = 0; start < ids.length; start += STATE_CHUNK) {
    const rows = ids.slice(start, start + STATE_CHUNK).map((noticeId) => ({
      customerId,
      noticeId,
      readAt: 'readAt' in mark ? mark.readAt : null,
      deletedAt: 'deletedAt' in mark ? mark.deletedAt : null,
    }));
    await db
      .insertInto('noticeStates')
      .values(rows)
      .onConflict((oc) => oc.columns(['customerId', 'noticeId']).doUpdateSet(mark))
      .execute();
  }
}

export type NewNotice = Insertable<NoticesTable>;

export const insertNotice = (db: Db, notice: NewNotice) =>
  db.insertInto('notices').values(notice).returning(['id', 'title', 'contents', 'createdAt', 'type']).executeTakeFirstOrThrow();

export const customerExists = async (db: Db, customerId: number): Promise<boolean> =>
  Boolean(await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst());

export async function insertCustomerMessage(db: Db, message: Insertable<CustomerMessagesTable>): Promise<number> {
  const row = await db.insertInto('customerMessages').values(message).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The newest customer messages (suggestions first of all), with the sender's account; for the operator. */
export const latestCustomerMessages = (db: Db, limit: number) =>
  db
    .selectFrom('customerMessages')
    .leftJoin('customers', 'customers.id', 'customerMessages.customerId')
    .select(['customerMessages.id', 'customers.loginAccount', 'customerMessages.type', 'customerMessages.content', 'customerMessages.createdAt'])
    .orderBy('customerMessages.createdAt', 'desc')
    .orderBy('customerMessages.id', 'desc')
    .limit(limit)
    .execute();

/** Whether the customer has any notice or notice state of their own (the seed tops up those that have none). */
export async function hasOwnNotices(db: Db, customerId: number): Promise<boolean> {
  const own = await db.selectFrom('notices').select('id').where('customerId', '=', customerId).limit(1).executeTakeFirst();
  if (own) return true;
  return Boolean(await db.selectFrom('noticeStates').select('noticeId').where('customerId', '=', customerId).limit(1).executeTakeFirst());
}

export const hasSystemNotices = async (db: Db): Promise<boolean> =>
  Boolean(await db.selectFrom('notices').select('id').where('customerId', 'is', null).limit(1).executeTakeFirst());

/** The system notices, oldest first. */
export const systemNoticeIds = async (db: Db): Promise<number[]> =>
  (await db.selectFrom('notices').select('id').where('customerId', 'is', null).orderBy('createdAt').orderBy('id').execute()).map((row) => row.id);
