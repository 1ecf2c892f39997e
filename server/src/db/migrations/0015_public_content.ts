import type { Kysely } from 'kysely';
import type { DialectColumns } from '../columns';

/**
 * The visitor site's content (issue 21; spec 000 sections 1 to 3).
 *
 * - `articles` (the workbench's article list) gains `category` (guide | marketing | news) and
 *   `body`, and `industries` gains `body`: the workbench and the visitor site list the same rows,
 *   and the visitor site's detail pages read their bodies. Existing rows get 'news' and ''.
 * - `public_banners`: the visitor site's carousel (the workbench's carousel stays `banners`).
 * - `success_cases`, `about_items`, `marketing_services` (one of the three product tabs) and
 *   `job_positions` (recruitment, full-brand hosts only).
 *
 * Bodies are plain text, paragraphs separated by blank lines; times are UTC ISO strings.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await db.schema
    .alterTable('articles')
    .addColumn('category', 'varchar(16)', (col) => col.notNull().defaultTo('news'))
    .execute();
  await db.schema
    .alterTable('articles')
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('articles_category_publish_idx').on('articles').columns(['category', 'publish_time']).execute();
  await db.schema
    .alterTable('industries')
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await columns
    .id(db.schema.createTable('public_banners'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('subtitle', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('link_url', 'varchar(500)')
    .addColumn('link_type', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await columns
    .id(db.schema.createTable('success_cases'))
    .addColumn('goods_id', 'integer')
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('company', 'varchar(100)', (col) => col.notNull())
    .addColumn('industry', 'varchar(50)', (col) => col.notNull().defaultTo(''))
    .addColumn('impression', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('click', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('publish_time', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('success_cases_publish_idx').on('success_cases').column('publish_time').execute();

  await columns
    .id(db.schema.createTable('about_items'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await columns
    .id(db.schema.createTable('marketing_services'))
    .addColumn('product', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await columns
    .id(db.schema.createTable('job_positions'))
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('city', 'varchar(50)', (col) => col.notNull())
    .addColumn('headcount', 'integer', (col) => col.notNull())
    .addColumn('salary', 'varchar(50)', (col) => col.notNull())
    .addColumn('duties', 'text', (col) => col.notNull())
    .addColumn('requirements', 'text', (col) => col.notNull())
    .addColumn('publish_time', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_positions', 'marketing_services', 'about_items', 'success_cases', 'public_banners']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('articles_category_publish_idx').ifExists().execute();
  await db.schema.alterTable('industries').dropColumn('body').execute();
  await db.schema.alterTable('articles').dropColumn('body').execute();
  await db.schema.alterTable('articles').dropColumn('category').execute();
}
