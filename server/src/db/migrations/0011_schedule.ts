import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * Call-centre scheduling and lead distribution (spec 001 sections 2-9).
 *
 * - `daily_arrangements`: one staff member (crm_users) on one day of one project, per CRM (the
 *   page's {type}): quantity per round (`data_num`, null = empty), daily cap (`data_num_limit`,
 *   null = unlimited), `time_str` ('' = all day), the accept group, the drag order (`sort`). A day
 *   is scheduled for a project while it has rows.
 * - `distribution_days`: the engine's state of one project's day (per CRM): JSON of each group's
 *   turn (whose turn, how many taken this round, which round) and each person's count that day.
 *   Its row is the lock concurrent ingestions of the project take (FOR UPDATE on PostgreSQL).
 * - `distribution_queue`: leads waiting for someone to qualify, first in first out per project.
 * - `lead_distributions`: why each lead went to whom (rule, group, person, round, who was passed
 *   over and why), or why it waits; the lead detail page shows it.
 * - `schedule_imports`: an import waiting for the customer to resolve repeated names (an hour).
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('daily_arrangements'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('crm_users.id').onDelete('cascade'))
    .addColumn('accept_group_id', 'integer', (col) => col.references('accept_groups.id').onDelete('set null'))
    .addColumn('data_num', 'integer')
    .addColumn('data_num_limit', 'integer')
    .addColumn('time_str', 'varchar(100)', (col) => col.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('create_time', 'varchar(32)', (col) => col.notNull())
    .addColumn('creater', 'varchar(50)', (col) => col.notNull().defaultTo(''))
    .addUniqueConstraint('daily_arrangements_person_unique', ['customer_id', 'crm_code', 'item_id', 'date', 'user_id'])
    .execute();
  await db.schema
    .createIndex('daily_arrangements_day_idx')
    .on('daily_arrangements')
    .columns(['customer_id', 'crm_code', 'item_id', 'date', 'sort'])
    .execute();

  await db.schema
    .createTable('distribution_days')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('distribution_days_pk', ['customer_id', 'crm_code', 'item_id', 'date'])
    .execute();

  await columns
    .id(db.schema.createTable('distribution_queue'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (col) => col.notNull().unique().references('leads.id').onDelete('cascade'))
    .addColumn('enqueued_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('distribution_queue_item_idx').on('distribution_queue').columns(['customer_id', 'item_id', 'id']).execute();

  await db.schema
    .createTable('lead_distributions')
    .addColumn('lead_id', 'integer', (col) => col.primaryKey().references('leads.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    /** 'assigned', 'waiting', 'skipped' or 'manual' (DistributionStatus). */
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('crm_code', 'varchar(10)')
    .addColumn('rule_type', 'integer')
    .addColumn('accept_group_id', 'integer')
    .addColumn('accept_group_name', 'varchar(30)')
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(50)')
    .addColumn('round', 'integer')
    .addColumn('reason', 'varchar(20)')
    /** JSON [{userId, userName, reason}]: who was passed over and why. */
    .addColumn('skipped', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('create_time', 'varchar(32)', (col) => col.notNull())
    .addColumn('assign_time', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('schedule_imports')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    /** JSON of the parsed rows and the repeated names' candidates. */
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['schedule_imports', 'lead_distributions', 'distribution_queue', 'distribution_days', 'daily_arrangements']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
