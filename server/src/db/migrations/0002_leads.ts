import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * Leads (one table behind every lead list, `list_kind` telling which), the customer's
 * call-centre staff and CRM channel sources (targets of manual assignment), and per-customer
 * settings (assign resource type, ingestion key).
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('crm_users'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('user_name', 'varchar(50)', (col) => col.notNull())
    .addColumn('phone', 'varchar(20)', (col) => col.notNull().defaultTo(''))
    .addColumn('dept_name', 'varchar(50)', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('crm_users_customer_idx').on('crm_users').column('customer_id').execute();

  await columns
    .id(db.schema.createTable('channel_sources'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('source_code', 'varchar(64)', (col) => col.notNull())
    .addColumn('source_name', 'varchar(100)', (col) => col.notNull())
    .addUniqueConstraint('channel_sources_code_unique', ['customer_id', 'source_code'])
    .execute();

  await db.schema
    .createTable('customer_settings')
    .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('assign_resource_type', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('ingest_key', 'varchar(64)', (col) => col.unique())
    .execute();

  await columns
    .id(db.schema.createTable('leads'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('list_kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('table_name', 'varchar(32)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
    .addColumn('item_title', 'varchar(100)', (col) => col.notNull().defaultTo(''))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('mobile', 'varchar(20)', (col) => col.notNull())
    .addColumn('mobile_status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('other', 'varchar(100)')
    .addColumn('channel_id', 'integer', (col) => col.references('channels.id').onDelete('set null'))
    .addColumn('channel_title', 'varchar(100)')
    .addColumn('search_word', 'varchar(100)')
    .addColumn('region', 'varchar(50)')
    .addColumn('province', 'varchar(20)')
    .addColumn('city', 'varchar(20)')
    .addColumn('res_type', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('descrip', 'varchar(500)')
    .addColumn('other_info', 'varchar(500)')
    .addColumn('create_time', 'varchar(32)', (col) => col.notNull())
    .addColumn('crm_follower', 'varchar(100)')
    .addColumn('crm_follower_id', 'integer', (col) => col.references('crm_users.id').onDelete('set null'))
    .addColumn('channel_source_code', 'varchar(64)')
    .addColumn('crm_pushed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)')
    .addColumn('read_status', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('genre_id', 'integer')
    .addColumn('template_style', 'integer')
    .addColumn('search_domain', 'varchar(100)')
    .addColumn('referrer_url', 'varchar(2000)')
    .addColumn('page_url', 'varchar(2000)')
    .addColumn('content', 'text')
    .addColumn('call_data', 'text')
    .addColumn('questionnaire', 'text')
    .addColumn('feedback_id', 'varchar(64)')
    .addColumn('client_id', 'varchar(64)')
    .addColumn('source', 'varchar(50)')
    .addColumn('qq', 'varchar(20)')
    .addColumn('address', 'varchar(200)')
    .addColumn('ip_area', 'varchar(50)')
    .addColumn('mode_type', 'integer')
    .execute();
  // The lists and exports: one kind, live leads, a range of days, newest first.
  await db.schema.createIndex('leads_list_idx').on('leads').columns(['customer_id', 'list_kind', 'status', 'create_time']).execute();
  await db.schema.createIndex('leads_mobile_idx').on('leads').columns(['customer_id', 'mobile']).execute();
  await db.schema.createIndex('leads_item_idx').on('leads').columns(['customer_id', 'item_id', 'create_time']).execute();
  // The unread counters answered with every lead action.
  await db.schema.createIndex('leads_unread_idx').on('leads').columns(['customer_id', 'read_status', 'status', 'list_kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['leads', 'customer_settings', 'channel_sources', 'crm_users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
