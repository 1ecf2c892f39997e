import { type Kysely, sql } from 'kysely';

/**
 * Phone-number classes (issue 24):
 * - `leads.phone_class`: the checker's class (empty, real, suspended, silent, risky), null until
 *   checked; `phone_checked_at` when. `phone_check_due`: a check is wanted from then on (set at
 *   arrival and by a re-check; moved by the retry backoff; null once answered or given up), with
 *   `phone_check_attempts` spent. Its partial index holds only the leads waiting for a check, so
 *   the worker's claim is an index range however many leads are stored. Leads already stored are
 *   not queued: the customer re-checks them from the list.
 * - `leads.phone_held`: 'waiting' (held until its check answers, under the hold-back setting) or
 *   'held' (checked empty or risky under it): neither distributed nor pushed.
 * - `phone_checks`: the class of each number (its duplicate key), reused for PHONE_CHECK_CACHE_DAYS.
 * - `customer_settings.phone_hold_back`: the hold-back setting (0 off, the default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('phone_class', 'varchar(10)').execute();
  await db.schema.alterTable('leads').addColumn('phone_checked_at', 'varchar(30)').execute();
  await db.schema.alterTable('leads').addColumn('phone_check_due', 'varchar(30)').execute();
  await db.schema
    .alterTable('leads')
    .addColumn('phone_check_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('leads').addColumn('phone_held', 'varchar(10)').execute();
  await sql`create index leads_phone_check_due_idx on leads (phone_check_due) where phone_check_due is not null`.execute(db);

  await db.schema
    .createTable('phone_checks')
    .addColumn('phone_key', 'varchar(20)', (col) => col.primaryKey())
    .addColumn('phone_class', 'varchar(10)', (col) => col.notNull())
    .addColumn('checked_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('customer_settings')
    .addColumn('phone_hold_back', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customer_settings').dropColumn('phone_hold_back').execute();
  await db.schema.dropTable('phone_checks').execute();
  await sql`drop index leads_phone_check_due_idx`.execute(db);
  for (const column of ['phone_held', 'phone_check_attempts', 'phone_check_due', 'phone_checked_at', 'phone_class'])
    await db.schema.alterTable('leads').dropColumn(column).execute();
}
