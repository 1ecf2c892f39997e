import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * The reward tasks of the task wall (issue 22; spec 000 section 2): consumption, reading, share,
 * activity and official (the top-up's points come with the top-up itself).
 *
 * `mall_task_completions`: one row per customer, task and period, UNIQUE (customer_id, task,
 * period), so that a task completed twice in its period (concurrently too) inserts one row and
 * grants its points once, in the transaction of what completed it. `period` is the China day
 * ('YYYY-MM-DD') of a daily task (consumption: the day of the booked spend; reading and share:
 * the day they happened), the activity's name for an activity, 'once' for the official account;
 * `day` the China day the completion was granted (the wall's "done today"); `subject_id` what
 * completed it (the article, the good, the project), null for the operator's; `points` what it
 * gave (the points change itself is the points_log row 'task', ref_type the task, ref_id this row).
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('mall_task_completions'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('task', 'varchar(20)', (col) => col.notNull())
    .addColumn('period', 'varchar(64)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('subject_id', 'integer')
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('mall_task_completions_period_uq', ['customer_id', 'task', 'period'])
    .addCheckConstraint('mall_task_completions_points_ck', sql`points >= 0`)
    .execute();
  await db.schema.createIndex('mall_task_completions_customer_day_idx').on('mall_task_completions').columns(['customer_id', 'day']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mall_task_completions').execute();
}
