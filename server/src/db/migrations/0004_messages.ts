import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * The message centre: `notices` (a system notice has no customer and goes to every customer, a
 * user notice to its one customer), `notice_states` (one customer's read and deleted marks on a
 * notice, so a system notice read or deleted by one customer stays unread for the others; no
 * row means unread and not deleted), and `customer_messages` (what customers send the
 * operator: the navigation's suggestion dialog, type 9 platform 2).
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('notices'))
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id').onDelete('cascade'))
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('contents', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // The list and the counters: one customer's notices plus the system ones (customer_id null), newest first.
  await db.schema.createIndex('notices_customer_created_idx').on('notices').columns(['customer_id', 'created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('notice_states')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('notice_id', 'integer', (col) => col.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('read_at', 'varchar(32)')
    .addColumn('deleted_at', 'varchar(32)')
    .addPrimaryKeyConstraint('notice_states_pk', ['customer_id', 'notice_id'])
    .execute();
  // Deleting a notice cascades to its states.
  await db.schema.createIndex('notice_states_notice_idx').on('notice_states').column('notice_id').execute();

  // customer_id is null for what visitors of the public site send (type 4 platform 1).
  await columns
    .id(db.schema.createTable('customer_messages'))
    .addColumn('customer_id', 'integer', (col) => col.references('customers.id').onDelete('cascade'))
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('platform', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('customer_messages_customer_idx').on('customer_messages').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('customer_messages_created_idx').on('customer_messages').columns(['created_at', 'type']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['customer_messages', 'notice_states', 'notices']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
