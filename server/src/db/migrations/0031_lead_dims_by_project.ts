import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectColumns } from '../columns';
import { recomputeListedDims } from './0014_lead_dims_listed';

/**
 * Issue 27 ("the analysis pages have no project filter") and issue 24 ("a duplicate counts once"):
 * lead_dim_counts is kept per project too (item_id in its key), so the analysis pies can be read
 * for one project and agree with the daily statements per project and day, and it counts the
 * originals only, as every other lead-count figure does. SQLite cannot change a primary key, so
 * the table is made again and recounted from the leads (kinds frozen as they were when this was
 * written).
 */
const LISTED_KINDS = ['resource', 'distribution', 'feedback', 'cpc', 'infoList', 'todayHeader', 'baiList'];

/** lead_dim_counts made again: per project (this migration) or as 0007 made it. */
async function remake(db: Kysely<unknown>, columns: DialectColumns, byItem: boolean): Promise<void> {
  await db.schema.dropTable('lead_dim_counts').execute();
  // Its columns typed as any name: item_id is there only when byItem.
  let table: CreateTableBuilder<'lead_dim_counts', string> = db.schema
    .createTable('lead_dim_counts')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('dim', 'varchar(16)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull());
  if (byItem) table = table.addColumn('item_id', 'integer', (col) => col.notNull());
  table = table
    .addColumn('key', 'varchar(100)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lead_dim_counts_pk', byItem ? ['customer_id', 'dim', 'day', 'item_id', 'key'] : ['customer_id', 'dim', 'day', 'key']);
  await columns.clustered(table).execute();
}

export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await remake(db, columns, true);
  await recomputeListedDims(db, LISTED_KINDS, { byItem: true, originalsOnly: true });
}

/** The table as 0007 made it, recounted as 0025 left it (every listed lead, over all projects). */
export async function down(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await remake(db, columns, false);
  await recomputeListedDims(db, LISTED_KINDS);
}
