import { type Kysely, sql } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * The daily sign-in of the points mall (issue 22; spec 000 section 4).
 *
 * `mall_signins`: one row per customer and China day ('YYYY-MM-DD'), PRIMARY KEY (customer_id,
 * day), so that two sign-ins of one day (concurrent ones too) insert one row and give points once;
 * `continuity_day` the day of the 7-day cycle (1..7) it took, `points` what it gave (the points
 * change itself is the points_log row 'signin' of the same transaction), `streak_start` the first
 * day of the unbroken streak it belongs to (the sign-in's startTime).
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .clustered(
      db.schema
        .createTable('mall_signins')
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (col) => col.notNull())
        .addColumn('continuity_day', 'integer', (col) => col.notNull())
        .addColumn('points', 'integer', (col) => col.notNull())
        .addColumn('streak_start', 'varchar(10)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addPrimaryKeyConstraint('mall_signins_pk', ['customer_id', 'day'])
        .addCheckConstraint('mall_signins_continuity_day_ck', sql`continuity_day between 1 and 7`)
        .addCheckConstraint('mall_signins_points_ck', sql`points >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mall_signins').execute();
}
