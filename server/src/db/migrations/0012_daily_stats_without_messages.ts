import type { Kysely } from 'kysely';

/**
 * daily_stats keeps the ad platform's figures only (PUT /rest/open/daily-stats): its `messages`
 * column goes, the workbench's 留言数 is counted from the leads (lead_day_counts), never stored twice.
 * ALTER TABLE ... DROP COLUMN works in both dialects (SQLite since 3.35; the column is in no index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('daily_stats').dropColumn('messages').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('daily_stats')
    .addColumn('messages', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
