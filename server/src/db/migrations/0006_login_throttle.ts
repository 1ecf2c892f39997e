import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * Password throttling (issue 8) replaces login_failures:
 * - `login_throttle`: one row per throttle key (account and address, account, notice), holding
 *   the attempts counted so far, the time until which further attempts wait, and when the row
 *   is forgotten. Used when no Redis is configured; each attempt updates its row under a row
 *   lock (PostgreSQL) or the write lock (SQLite), so parallel attempts are counted one by one.
 * - `login_addresses`: where each customer last logged in from, and when (the per-account
 *   limit spares those addresses).
 * - `password_change_tokens`: SHA-256 of the one-time token a 10002 login answers, valid for
 *   10 minutes, which alone opens the forced password change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(160)', (col) => col.primaryKey())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_expires_idx').on('login_throttle').column('expires_at').execute();

  await db.schema
    .createTable('login_addresses')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .addColumn('last_login_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('login_addresses_pk', ['customer_id', 'address'])
    .execute();

  await db.schema
    .createTable('password_change_tokens')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('password_change_tokens_customer_idx').on('password_change_tokens').column('customer_id').execute();
}

export async function down(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  for (const table of ['password_change_tokens', 'login_addresses', 'login_throttle']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await columns
    .id(db.schema.createTable('login_failures'))
    .addColumn('login_account', 'varchar(64)', (col) => col.notNull())
    .addColumn('failed_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_account_idx').on('login_failures').columns(['login_account', 'failed_at']).execute();
}
