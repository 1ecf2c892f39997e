import { type Kysely, sql } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * The points mall's home carousel and the success cases of its goods (issue 22; spec 000 section 3,
 * Banner and Success case).
 *
 * - `mall_banners`: the slides of the mall home's carousel: the picture (`pic_url`, an http(s) URL
 *   or a path of this site), its title (the picture's alt text), where it links (`link_url`,
 *   `link_type` 0 no link, 1 a link) and its place (`sort`, then id).
 * - `mall_good_cases`: success cases of a good (`good_id`, deleted with it): the customer's
 *   company, a title, a picture and its thumbnail (URLs or paths, '' none), impressions and clicks
 *   (never below 0) and the case's text.
 *
 * Times are UTC ISO strings.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await columns
    .id(db.schema.createTable('mall_banners'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('pic_url', 'varchar(500)', (col) => col.notNull())
    .addColumn('link_url', 'varchar(500)')
    .addColumn('link_type', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('mall_banners_link_type_ck', sql`link_type in (0, 1)`)
    .execute();
  await db.schema.createIndex('mall_banners_sort_idx').on('mall_banners').columns(['sort', 'id']).execute();

  await columns
    .id(db.schema.createTable('mall_good_cases'))
    .addColumn('good_id', 'integer', (col) => col.notNull().references('mall_goods.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('company', 'varchar(100)', (col) => col.notNull())
    .addColumn('picture', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('thumbnail', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('impression', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('click', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('mall_good_cases_counts_ck', sql`impression >= 0 and click >= 0`)
    .execute();
  await db.schema.createIndex('mall_good_cases_good_idx').on('mall_good_cases').columns(['good_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mall_good_cases').execute();
  await db.schema.dropTable('mall_banners').execute();
}
