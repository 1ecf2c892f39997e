import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/** Accounts, sessions, login failures, items, channels, daily stats and the editorial content. */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('customers'))
    .addColumn('login_account', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('type', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('whether_voice', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_login', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('force_password_change', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('avatar_version', 'integer')
    .addColumn('register_time', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('avatars')
    .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('bytes', columns.bytes, (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_customer_idx').on('sessions').column('customer_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  // Keyed by the typed account, not a customer id: attempts on unknown accounts are limited too.
  await columns
    .id(db.schema.createTable('login_failures'))
    .addColumn('login_account', 'varchar(64)', (col) => col.notNull())
    .addColumn('failed_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_account_idx').on('login_failures').columns(['login_account', 'failed_at']).execute();

  await columns
    .id(db.schema.createTable('items'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('mode_type', 'integer')
    .execute();
  await db.schema.createIndex('items_customer_idx').on('items').column('customer_id').execute();

  await columns
    .id(db.schema.createTable('channels'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('channel_type', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('channels_customer_idx').on('channels').column('customer_id').execute();

  await columns
    .id(db.schema.createTable('daily_stats'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('impressions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('messages', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('valid_conversations', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('phone_requests', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('daily_stats_item_date_unique', ['item_id', 'date'])
    .execute();
  await db.schema.createIndex('daily_stats_customer_date_idx').on('daily_stats').columns(['customer_id', 'date']).execute();

  await columns
    .id(db.schema.createTable('banners'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('subtitle', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('link_url', 'varchar(500)')
    .addColumn('link_type', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await columns
    .id(db.schema.createTable('articles'))
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('publish_time', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('articles_publish_idx').on('articles').column('publish_time').execute();

  await columns
    .id(db.schema.createTable('industries'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'industries',
    'articles',
    'banners',
    'daily_stats',
    'channels',
    'items',
    'login_failures',
    'sessions',
    'avatars',
    'customers',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
