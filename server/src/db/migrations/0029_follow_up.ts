import { type Kysely, sql } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * Follow-up deadlines and recycling (issue 24):
 * - `follow_up_rules`: the customer's deadline per project (item_id 0: every project without its
 *   own), in minutes (plain or working), and whether and how often an overdue lead is recycled.
 * - `leads.follow_up_due`: the instant its receiver must have followed it up by (null: no
 *   deadline runs); `followed_at` when it was (read, a remark, a CRM call record);
 *   `recycle_count` its recycles so far. The partial index holds only the leads whose deadline
 *   runs, so the sweep reads an index range however many leads are stored.
 * - `lead_recycles`: each recycle, from whom to whom (null: nobody could take it) and why.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await db.schema
    .createTable('follow_up_rules')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('deadline_minutes', 'integer', (col) => col.notNull())
    .addColumn('working_hours_only', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('recycle', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('recycle_limit', 'integer', (col) => col.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('follow_up_rules_pk', ['customer_id', 'item_id'])
    .execute();

  await db.schema.alterTable('leads').addColumn('follow_up_due', 'varchar(30)').execute();
  await db.schema.alterTable('leads').addColumn('followed_at', 'varchar(30)').execute();
  await db.schema
    .alterTable('leads')
    .addColumn('recycle_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create index leads_follow_up_due_idx on leads (follow_up_due) where follow_up_due is not null`.execute(db);

  await columns
    .id(db.schema.createTable('lead_recycles'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (col) => col.notNull())
    .addColumn('from_user_id', 'integer')
    .addColumn('from_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('to_user_id', 'integer')
    .addColumn('to_name', 'varchar(100)')
    .addColumn('reason', 'varchar(100)', (col) => col.notNull())
    .addColumn('create_time', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lead_recycles_lead_idx').on('lead_recycles').columns(['lead_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_recycles').execute();
  await sql`drop index leads_follow_up_due_idx`.execute(db);
  for (const column of ['recycle_count', 'followed_at', 'follow_up_due']) await db.schema.alterTable('leads').dropColumn(column).execute();
  await db.schema.dropTable('follow_up_rules').execute();
}
