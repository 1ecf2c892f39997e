import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * CRM follower changes (issue 24): a lead recycled to someone else after it was pushed has its
 * record's follower changed in the CRM where the CRM's API can (FOLLOWER_CHANGE_CRMS). One row
 * per lead and CRM: a later recycle re-arms it (the record follows the lead's receiver of the
 * moment it is sent). `next_attempt_at` is also the claim: a worker moves it on by its lease.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .clustered(
      db.schema
        .createTable('crm_follower_changes')
        .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
        /** 'pending', 'delivered', 'refused', 'failed' (PushStatus). */
        .addColumn('status', 'varchar(10)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
        .addColumn('last_reason', 'varchar(500)')
        /** The CRM user id the record was last given (delivered). */
        .addColumn('follower_crm_id', 'varchar(100)')
        .addColumn('create_time', 'varchar(32)', (col) => col.notNull())
        .addColumn('done_at', 'varchar(32)')
        .addPrimaryKeyConstraint('crm_follower_changes_pk', ['lead_id', 'crm_code']),
    )
    .execute();
  await db.schema.createIndex('crm_follower_changes_due_idx').on('crm_follower_changes').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('crm_follower_changes').execute();
}
