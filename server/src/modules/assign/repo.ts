import { AssignResourceType } from '@portal/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** Queries of the customer's assignment targets (staff, channel sources) and mode; each for the given customer only. */

export async function findAssignResourceType(db: Db, customerId: number): Promise<number> {
  const row = await db.selectFrom('customerSettings').select('assignResourceType').where('customerId', '=', customerId).executeTakeFirst();
  return row?.assignResourceType ?? AssignResourceType.User;
}

/** `%keyword%` for LIKE ... ESCAPE '\': the user's % and _ match themselves. */
const containsPattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function searchCrmUsers(db: Db, customerId: number, keyword: string, limit: number) {
  let query = db.selectFrom('crmUsers').select(['id', 'userName', 'phone', 'deptName']).where('customerId', '=', customerId);
  if (keyword) query = query.where(sql<boolean>`${sql.ref('userName')} like ${containsPattern(keyword)} escape '\\'`);
  return query.orderBy('userName').orderBy('id').limit(limit).execute();
}

export const findCrmUser = (db: Db, customerId: number, id: number) =>
  db.selectFrom('crmUsers').select(['id', 'userName']).where('customerId', '=', customerId).where('id', '=', id).executeTakeFirst();

export function searchChannelSources(db: Db, customerId: number, keyword: string, limit: number) {
  let query = db.selectFrom('channelSources').select(['id', 'sourceCode', 'sourceName']).where('customerId', '=', customerId);
  if (keyword) query = query.where(sql<boolean>`${sql.ref('sourceName')} like ${containsPattern(keyword)} escape '\\'`);
  return query.orderBy('sourceName').orderBy('id').limit(limit).execute();
}

export const findChannelSource = (db: Db, customerId: number, sourceCode: string) =>
  db
    .selectFrom('channelSources')
    .select(['id', 'sourceCode', 'sourceName'])
    .where('customerId', '=', customerId)
    .where('sourceCode', '=', sourceCode)
    .executeTakeFirst();

/** Every staff member of the customer whose name contains `keyword`, up to `limit`. */
export function candidateUsers(db: Db, customerId: number, keyword: string, limit: number) {
  let query = db.selectFrom('crmUsers').select(['id', 'userName', 'phone', 'deptName']).where('customerId', '=', customerId);
  if (keyword) query = query.where(sql<boolean>`${sql.ref('userName')} like ${containsPattern(keyword)} escape '\\'`);
  return query.orderBy('userName').orderBy('id').limit(limit).execute();
}

/** The customer's live leads among `ids` with their project (other customers' and deleted leads are left out). */
export const leadProjects = (db: Db, customerId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('leads')
        .select(['id', 'itemId', 'itemTitle'])
        .where('customerId', '=', customerId)
        .where('id', 'in', [...ids])
        .where('status', '!=', -1)
        .execute();

/** The day's schedule rows of these projects for these CRMs: who is on it, with their daily cap. */
export const scheduleRows = (db: Db, customerId: number, date: string, itemIds: readonly number[], crmCodes: readonly string[]) =>
  itemIds.length === 0 || crmCodes.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('dailyArrangements')
        .select(['itemId', 'crmCode', 'userId', 'dataNumLimit'])
        .where('customerId', '=', customerId)
        .where('date', '=', date)
        .where('itemId', 'in', [...itemIds])
        .where('crmCode', 'in', [...crmCodes])
        .execute();

/** The distribution's state of these projects' day (what each person was given today, per CRM). */
export const dayStates = (db: Db, customerId: number, date: string, itemIds: readonly number[]) =>
  itemIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('distributionDays')
        .select(['itemId', 'crmCode', 'state'])
        .where('customerId', '=', customerId)
        .where('date', '=', date)
        .where('itemId', 'in', [...itemIds])
        .execute();
