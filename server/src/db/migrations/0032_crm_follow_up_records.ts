import type { Kysely } from 'kysely';

/**
 * CRM follow-up records (issue 24): the push worker reads, from the CRMs whose API lists them
 * (FOLLOW_UP_RECORD_CRMS), the follow-up records on a pushed lead's record while its follow-up
 * deadline runs. `records_checked_at` (epoch ms) is when its push's records were last read, and
 * the claim: a worker moves it on, guarded by the value it read, so of two workers one reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crm_push_jobs').addColumn('records_checked_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crm_push_jobs').dropColumn('records_checked_at').execute();
}
