import { type Kysely, sql } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * The points mall (issue 22; spec 000 sections 1, 3 and 5).
 *
 * - `points_accounts`: per customer the points balance, never below 0 (CHECK), changed only in
 *   the transaction that writes its `points_log` row; `points_log`: every change, signed
 *   (`variational`), its source ('topup', 'order', 'order-cancel', 'signin', 'task', 'seed'), the
 *   balance after it and what caused it (ref_type/ref_id).
 * - `mall_goods`: the goods of the four sections (1 gifts, 2 intelligent-investment tools, 3 brand
 *   tools, 4 media tools), price in points (> 0), market prices in fen, stock (never below 0),
 *   pictures as a JSON array of URLs, status 1 on sale, 0 off.
 * - `mall_addresses`: a customer's delivery addresses (at most 20; one default).
 * - `mall_orders`: one exchange, with the good and the address copied as they were when ordered,
 *   UNIQUE (customer_id, idempotency_key); `mall_order_tracks`: its logistics events.
 *
 * Times are UTC ISO strings.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await db.schema
    .createTable('points_accounts')
    .addColumn('customer_id', 'integer', (col) => col.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('points_accounts_balance_ck', sql`balance >= 0`)
    .execute();

  await columns
    .id(db.schema.createTable('points_log'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('source', 'varchar(20)', (col) => col.notNull())
    .addColumn('variational', 'integer', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    .addColumn('ref_type', 'varchar(20)')
    .addColumn('ref_id', 'integer')
    .addColumn('publish_time', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('points_log_balance_after_ck', sql`balance_after >= 0`)
    .execute();
  await db.schema.createIndex('points_log_customer_time_idx').on('points_log').columns(['customer_id', 'publish_time', 'id']).execute();

  await columns
    .id(db.schema.createTable('mall_goods'))
    .addColumn('section', 'integer', (col) => col.notNull())
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('exchange_score', 'integer', (col) => col.notNull())
    .addColumn('min_market_price', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('max_market_price', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('product_pics', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('details', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('link_url', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('mall_goods_section_ck', sql`section between 1 and 4`)
    .addCheckConstraint('mall_goods_exchange_score_ck', sql`exchange_score > 0`)
    .addCheckConstraint('mall_goods_stock_ck', sql`stock >= 0`)
    .addCheckConstraint('mall_goods_prices_ck', sql`min_market_price >= 0 and max_market_price >= min_market_price`)
    .execute();
  await db.schema.createIndex('mall_goods_section_idx').on('mall_goods').columns(['status', 'section', 'id']).execute();

  await columns
    .id(db.schema.createTable('mall_addresses'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'varchar(20)', (col) => col.notNull())
    .addColumn('mobile', 'varchar(20)', (col) => col.notNull())
    .addColumn('province', 'varchar(50)', (col) => col.notNull())
    .addColumn('city', 'varchar(50)', (col) => col.notNull())
    .addColumn('area', 'varchar(50)', (col) => col.notNull())
    .addColumn('street', 'varchar(50)', (col) => col.notNull())
    .addColumn('address', 'varchar(200)', (col) => col.notNull())
    .addColumn('postal_code', 'varchar(6)')
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mall_addresses_customer_idx').on('mall_addresses').columns(['customer_id', 'id']).execute();

  await columns
    .id(db.schema.createTable('mall_orders'))
    .addColumn('order_code', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('good_id', 'integer', (col) => col.notNull().references('mall_goods.id'))
    .addColumn('good_title', 'varchar(100)', (col) => col.notNull())
    .addColumn('good_min_market_price', 'bigint', (col) => col.notNull())
    .addColumn('good_max_market_price', 'bigint', (col) => col.notNull())
    .addColumn('good_exchange_score', 'integer', (col) => col.notNull())
    .addColumn('consume_score', 'integer', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('receiver_name', 'varchar(20)', (col) => col.notNull())
    .addColumn('receiver_mobile', 'varchar(20)', (col) => col.notNull())
    .addColumn('receiver_region', 'varchar(210)', (col) => col.notNull())
    .addColumn('receiver_address', 'varchar(200)', (col) => col.notNull())
    .addColumn('receiver_postal_code', 'varchar(6)')
    .addColumn('idempotency_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('publish_time', 'varchar(32)', (col) => col.notNull())
    .addColumn('express_company', 'varchar(50)')
    .addColumn('express_code', 'varchar(50)')
    .addUniqueConstraint('mall_orders_customer_key_uq', ['customer_id', 'idempotency_key'])
    .addCheckConstraint('mall_orders_amount_ck', sql`amount >= 1`)
    .execute();
  await db.schema.createIndex('mall_orders_customer_idx').on('mall_orders').columns(['customer_id', 'status', 'id']).execute();

  await columns
    .id(db.schema.createTable('mall_order_tracks'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('mall_orders.id').onDelete('cascade'))
    .addColumn('time', 'varchar(32)', (col) => col.notNull())
    .addColumn('context', 'varchar(500)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mall_order_tracks_order_idx').on('mall_order_tracks').columns(['order_id', 'time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mall_order_tracks').execute();
  await db.schema.dropTable('mall_orders').execute();
  await db.schema.dropTable('mall_addresses').execute();
  await db.schema.dropTable('mall_goods').execute();
  await db.schema.dropTable('points_log').execute();
  await db.schema.dropTable('points_accounts').execute();
}
