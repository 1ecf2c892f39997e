import { ItemStatus } from '@portal/contracts';
import type { Kysely } from 'kysely';
import { hashPassword } from '../modules/auth/passwords';
import type { Database } from './schema';
import { DEMO_PASSWORD } from './seed-data';

/** The login account of the platform's own sales team by default (AppConfig.publicLeadsAccount). */
export const SALES_ACCOUNT = 'sales';
/** The project the visitor site's forms arrive under when the sales account has none on air. */
export const SALES_ITEM_TITLE = '官网线索';

/**
 * The platform's own sales account, where the visitor site's forms become leads (the demo, and
 * the forms' tests): created with DEMO_PASSWORD and one on-air project ('官网线索') when
 * missing; one that exists but has no project gets the project. Not a demo customer
 * (DEMO_CUSTOMERS): it has no demo leads of its own. Answers whether it wrote anything.
 */
export async function seedSalesAccountIfMissing(db: Kysely<Database>, loginAccount: string = SALES_ACCOUNT): Promise<boolean> {
  const existing = await db.selectFrom('customers').select('id').where('loginAccount', '=', loginAccount).executeTakeFirst();
  const passwordHash = existing ? '' : await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (tx) => {
    let customerId = existing?.id;
    if (customerId === undefined) {
      customerId = (
        await tx
          .insertInto('customers')
          .values({ loginAccount, passwordHash, firstLogin: 0, registerTime: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    const item = await tx.selectFrom('items').select('id').where('customerId', '=', customerId).executeTakeFirst();
    if (item && existing) return false;
    if (!item) await tx.insertInto('items').values({ customerId, title: SALES_ITEM_TITLE, status: ItemStatus.OnAir, modeType: null }).execute();
    return true;
  });
}
