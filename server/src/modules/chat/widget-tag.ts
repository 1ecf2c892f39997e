import type { Db } from '../../db/schema';

/**
 * The newest active chat key of the account `loginAccount` (the platform's own sales account, whose
 * widget the visitor site embeds); null when it has none or does not exist.
 */
export async function activeKeyOfAccount(db: Db, loginAccount: string): Promise<string | null> {
  const row = await db
    .selectFrom('chatKeys')
    .innerJoin('customers', 'customers.id', 'chatKeys.customerId')
    .select('chatKeys.key')
    .where('customers.loginAccount', '=', loginAccount)
    .where('chatKeys.status', '=', 'active')
    .orderBy('chatKeys.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.key ?? null;
}
