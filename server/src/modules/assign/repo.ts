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
