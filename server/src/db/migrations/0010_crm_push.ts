import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * CRM push (spec 001, CRM_APIS.md).
 *
 * Settings, each row one customer's:
 * - `crm_accounts`: one per customer and CRM code, the spec's param1..param10, edition, the sync
 *   switch; the push connection's state (consecutive failures, paused); the CRM login token
 *   (lixiao) shared by every instance.
 * - `crm_discovery`: what 'update data' pulled from the CRM (fields, labels, templates), JSON per kind.
 * - `crm_field_mappings` (one row per CRM field and resType; children JSON), `crm_label_mappings`,
 *   `crm_template_mappings`, `crm_creators` (the ec notice creator).
 * - `accept_groups`, `distribute_rules` (the type per CRM) and `distribute_rule_rows` (region,
 *   channel-type and per-project rows).
 * - `crm_users` and `channel_sources` gain the CRM they were synced from and the CRM's own id.
 *
 * The push pipeline:
 * - `crm_push_jobs`, the outbox: one row per lead and CRM (unique: a lead is pushed once per
 *   CRM), written in the transaction that stores or hands over the lead; workers claim due rows
 *   (`next_attempt_at`) with a lease (`lease_until`, `claimed_by`), record the CRM's id.
 * - `crm_push_attempts`, the delivery log: every attempt, the mapped fields sent, outcome,
 *   reason, next retry; kept 90 days.
 *
 * Times of the pipeline are epoch milliseconds (bigint: compared, not shown); shown times are
 * 'YYYY-MM-DD HH:mm:ss' China time strings like every other table's.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('crm_accounts'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('param1', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param2', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param3', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param4', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param5', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param6', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param7', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param8', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param9', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('param10', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('edition', 'varchar(1)', (col) => col.notNull().defaultTo('1'))
    .addColumn('sync', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('channel_source_name', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('create_time', 'varchar(32)', (col) => col.notNull())
    .addColumn('creater', 'varchar(50)', (col) => col.notNull().defaultTo(''))
    .addColumn('consecutive_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('paused_at', 'varchar(32)')
    .addColumn('auth_token', 'varchar(500)')
    .addColumn('auth_token_expires', 'bigint')
    .addUniqueConstraint('crm_accounts_customer_code_unique', ['customer_id', 'crm_code'])
    .execute();

  await db.schema
    .createTable('crm_discovery')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('crm_discovery_pk', ['customer_id', 'crm_code', 'kind'])
    .execute();

  await columns
    .id(db.schema.createTable('crm_field_mappings'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('res_type', 'integer', (col) => col.notNull())
    .addColumn('crm_fcode', 'varchar(100)', (col) => col.notNull())
    .addColumn('crm_fname', 'varchar(100)', (col) => col.notNull().defaultTo(''))
    .addColumn('wy_fcode', 'varchar(30)')
    .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
    .addColumn('channel_id', 'integer', (col) => col.references('channels.id').onDelete('set null'))
    .addColumn('wy_default_value', 'varchar(200)')
    .addColumn('wy_default_boolean_value', 'integer')
    .addColumn('wy_use_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('children', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('crm_field_mappings_customer_idx').on('crm_field_mappings').columns(['customer_id', 'crm_code', 'res_type']).execute();

  await columns
    .id(db.schema.createTable('crm_label_mappings'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('class_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('class_name', 'varchar(100)', (col) => col.notNull().defaultTo(''))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (col) => col.references('channels.id').onDelete('set null'))
    .addColumn('res_type', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('crm_label_mappings_customer_idx').on('crm_label_mappings').columns(['customer_id', 'crm_code']).execute();

  await columns
    .id(db.schema.createTable('crm_template_mappings'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('crm_template_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('type', 'integer', (col) => col.notNull())
    .addUniqueConstraint('crm_template_mappings_unique', ['customer_id', 'crm_code', 'type'])
    .execute();

  await columns
    .id(db.schema.createTable('crm_creators'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_name', 'varchar(50)', (col) => col.notNull())
    .addColumn('account', 'varchar(100)', (col) => col.notNull().defaultTo(''))
    .addUniqueConstraint('crm_creators_unique', ['customer_id', 'crm_code'])
    .execute();

  await columns
    .id(db.schema.createTable('accept_groups'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('accept_groups_customer_idx').on('accept_groups').column('customer_id').execute();

  await db.schema
    .createTable('distribute_rules')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('type', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('distribute_rules_pk', ['customer_id', 'crm_code'])
    .execute();

  await columns
    .id(db.schema.createTable('distribute_rule_rows'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    /** 'area', 'channelType' or 'item'. */
    .addColumn('kind', 'varchar(12)', (col) => col.notNull())
    .addColumn('accept_group_id', 'integer', (col) => col.references('accept_groups.id').onDelete('cascade'))
    .addColumn('province_list', 'text')
    .addColumn('channel_type', 'integer')
    .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('cascade'))
    .addColumn('crm_fcode', 'varchar(100)')
    .addColumn('crm_fname', 'varchar(100)')
    .addColumn('data_num', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('data_num_limit', 'integer')
    .addColumn('distribute_num', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('distribute_rule_rows_customer_idx').on('distribute_rule_rows').columns(['customer_id', 'crm_code', 'kind']).execute();

  await db.schema.alterTable('crm_users').addColumn('crm_code', 'varchar(10)').execute();
  await db.schema.alterTable('crm_users').addColumn('crm_user_id', 'varchar(64)').execute();
  await db.schema.alterTable('channel_sources').addColumn('crm_code', 'varchar(10)').execute();

  await columns
    .id(db.schema.createTable('crm_push_jobs'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('crm_code', 'varchar(10)', (col) => col.notNull())
    .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    /** 'pending', 'delivered', 'refused', 'failed' (PushStatus). */
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    /** 'auto' or 'manual'. */
    .addColumn('origin', 'varchar(10)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('crm_id', 'varchar(100)')
    .addColumn('last_reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('create_time', 'varchar(32)', (col) => col.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .addUniqueConstraint('crm_push_jobs_lead_unique', ['lead_id', 'crm_code'])
    .execute();
  // The workers' claim: due pending jobs in order.
  await db.schema.createIndex('crm_push_jobs_due_idx').on('crm_push_jobs').columns(['status', 'next_attempt_at']).execute();
  // The push log: one customer's jobs of a CRM, newest first.
  await db.schema.createIndex('crm_push_jobs_log_idx').on('crm_push_jobs').columns(['customer_id', 'crm_code', 'created_at']).execute();

  await columns
    .id(db.schema.createTable('crm_push_attempts'))
    .addColumn('job_id', 'integer', (col) => col.notNull().references('crm_push_jobs.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('attempt_no', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('started_ms', 'bigint', (col) => col.notNull())
    .addColumn('outcome', 'varchar(10)', (col) => col.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('fields', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('crm_id', 'varchar(100)')
    .addColumn('next_retry_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('crm_push_attempts_job_idx').on('crm_push_attempts').columns(['job_id', 'attempt_no']).execute();
  await db.schema.createIndex('crm_push_attempts_age_idx').on('crm_push_attempts').column('started_ms').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'crm_push_attempts',
    'crm_push_jobs',
    'distribute_rule_rows',
    'distribute_rules',
    'accept_groups',
    'crm_creators',
    'crm_template_mappings',
    'crm_label_mappings',
    'crm_field_mappings',
    'crm_discovery',
    'crm_accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
