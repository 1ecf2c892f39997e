import type { Kysely } from 'kysely';

/**
 * The consumption job's price: `items.unit_price`, fen per lead received. The job books a
 * project's day as (leads received that day) × unit_price; 0 books nothing (an unpriced project).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('unit_price', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('unit_price').execute();
}
