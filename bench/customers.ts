import type { Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema';
import { hashPassword } from '../server/src/modules/auth/passwords';

/**
 * `count` bench customers (`<prefix>0`, `<prefix>1`, ...; password Bench12345), each with one
 * on-air project, straight in the database, 100 a statement: answers each customer's id and
 * project, in order. Logins through the API would measure argon2, not what a bench is about.
 */
export async function insertBenchCustomers(
  db: Kysely<Database>,
  prefix: string,
  count: number,
): Promise<Array<{ customerId: number; itemId: number }>> {
  const passwordHash = await hashPassword('Bench12345');
  const registerTime = new Date().toISOString();
  const made: Array<{ customerId: number; itemId: number }> = [];
  for (let start = 0; start < count; start += 100) {
    const rows = Array.from({ length: Math.min(100, count - start) }, (_, i) => ({
      loginAccount: `${prefix}${start + i}`,
      passwordHash,
      registerTime,
    }));
    const ids = await db.insertInto('customers').values(rows).returning('id').execute();
    const items = await db
      .insertInto('items')
      .values(ids.map(({ id }) => ({ customerId: id, title: '压测项目', status: 1, modeType: null })))
      .returning(['id', 'customerId'])
      .execute();
    for (const item of items) made.push({ customerId: item.customerId, itemId: item.id });
  }
  return made;
}
