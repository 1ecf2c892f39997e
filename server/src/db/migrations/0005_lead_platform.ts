import type { Kysely } from 'kysely';

/**
 * The platform a lead form was sent from (MessagePlatform: 1 the public site, 2 a logged-in
 * page; null when the sender did not say). The form-list page lists the information-feed leads of
 * platform 1; the index keeps its count a covering range, as 0003's do for the other filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('platform', 'integer').execute();
  await db.schema
    .createIndex('leads_list_platform_idx')
    .on('leads')
    .columns(['customer_id', 'list_kind', 'status', 'platform', 'create_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leads_list_platform_idx').ifExists().execute();
  await db.schema.alterTable('leads').dropColumn('platform').execute();
}
