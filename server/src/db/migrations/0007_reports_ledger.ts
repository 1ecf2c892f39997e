import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * Reports and finance.
 *
 * - `items` gain the balance centre's and promotion page's people: industry, salesperson
 *   (saler) and service manager.
 * - The project ledger: `ledger_topups` (one per top-up, money in fen), `ledger_consumptions`
 *   (one per project and China day, booked once: the primary key makes the consumption job
 *   idempotent), and `ledger_accounts` (per project the running totals, updated in the same
 *   transaction as each top-up or consumption, so a balance is one row, and the low-balance
 *   notice's arming flag).
 * - `ledger_job_runs`: one row per day the consumption job ran for; claiming the row is how one
 *   of several instances runs it.
 * - Lead rollups, maintained in the transaction that stores, assigns or reassigns a lead, so
 *   the reports count without scanning the leads: `lead_day_counts` per customer, report group
 *   (smart or cpc), China day, project and receiver; `lead_dim_counts` per customer, analysis
 *   dimension (province, ip province, search-engine provinces, genre, keyword), China day and key.
 *   A deleted lead stays counted: it was received (and billed).
 *
 * Money and counts that can grow past 2^31 are bigint; the repositories read them with Number().
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('industry', 'varchar(50)', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('saler', 'varchar(50)', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('server_manager', 'varchar(50)', (col) => col.notNull().defaultTo(''))
    .execute();

  await columns
    .id(db.schema.createTable('ledger_topups'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('money', 'bigint', (col) => col.notNull())
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('pay_time', 'varchar(10)', (col) => col.notNull())
    .addColumn('remark', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('publish_time', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ledger_topups_customer_pay_idx').on('ledger_topups').columns(['customer_id', 'pay_time', 'id']).execute();
  await db.schema.createIndex('ledger_topups_item_idx').on('ledger_topups').columns(['item_id', 'pay_time']).execute();

  await db.schema
    .createTable('ledger_consumptions')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('cost_coin', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cost_money', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('service_coin', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cp_cost_coin', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cp_cost_money', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('jp_cost_coin', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('jp_cost_money', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('impressions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('talks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('booked_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('ledger_consumptions_pk', ['item_id', 'day'])
    .execute();
  await db.schema.createIndex('ledger_consumptions_customer_day_idx').on('ledger_consumptions').columns(['customer_id', 'day', 'item_id']).execute();

  await db.schema
    .createTable('ledger_accounts')
    .addColumn('item_id', 'integer', (col) => col.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('topped_up', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('consumed', 'bigint', (col) => col.notNull().defaultTo(0))
    // 1 once the low-balance notice went out for the current drop; back to 0 when the balance rises above the threshold.
    .addColumn('low_notice_sent', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ledger_accounts_customer_idx').on('ledger_accounts').column('customer_id').execute();

  await db.schema
    .createTable('ledger_job_runs')
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('started_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();

  // Clustered on SQLite: the receive report's totals sum a year of a customer's rows straight from
  // the key's range (bench/reports.ts: 29 ms -> 8 ms for 123,000 rows).
  await columns
    .clustered(db.schema.createTable('lead_day_counts'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('lead_group', 'varchar(8)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('receiver', 'varchar(100)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lead_day_counts_pk', ['customer_id', 'lead_group', 'day', 'item_id', 'receiver'])
    .execute();
  // PostgreSQL: the same totals as an index-only scan (a year of one customer: 120 ms -> 26 ms).
  await columns.coveringIndex(
    db,
    'lead_day_counts_range_idx',
    'lead_day_counts',
    ['customer_id', 'lead_group', 'day'],
    ['item_id', 'receiver', 'count'],
  );

  await columns
    .clustered(db.schema.createTable('lead_dim_counts'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('dim', 'varchar(16)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('key', 'varchar(100)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lead_dim_counts_pk', ['customer_id', 'dim', 'day', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lead_dim_counts', 'lead_day_counts', 'ledger_job_runs', 'ledger_accounts', 'ledger_consumptions', 'ledger_topups']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const column of ['server_manager', 'saler', 'industry']) {
    await db.schema.alterTable('items').dropColumn(column).execute();
  }
}
