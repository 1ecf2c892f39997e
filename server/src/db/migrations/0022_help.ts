import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { HELP_SECTION_KEYS } from '@portal/contracts/help';
import type { DialectColumns } from '../columns';

/** The longest Markdown body an article holds (characters). */
const BODY_MD_MAX = 50_000;

/**
 * The help centre (issue 23; spec 000 section 2, `/common-problem`).
 *
 * `help_articles`: an article of one of the eight sections, written in Markdown (`body_md`) by the
 * operators; `html` is its rendering, sanitised, and `body_text` its plain text (what the search
 * reads and the snippets cut), both stored when it is written. `summary` is the first words of the
 * plain text. `slug` names an article imported from the shipped files ('recharge/how-to-recharge'),
 * so that importing again updates it; null for the operator's own. `status` published or draft;
 * times are UTC ISO strings.
 *
 * The search finds substrings of the title and the plain text, Chinese included:
 * - SQLite: `help_articles_fts`, an FTS5 table with the trigram tokenizer over (title, body_text),
 *   external content kept in step by triggers. A MATCH of 3 or more characters uses it.
 * - PostgreSQL: pg_trgm's GIN trigram indexes on title and body_text, which serve ILIKE '%q%' of 3
 *   or more characters. The extension is created once per database (in `public` unless it exists
 *   already), under an advisory lock because parallel migrations of several schemas race on it;
 *   its operator class is named with its schema, since our search_path may not include it.
 * Shorter searches (1 or 2 characters) have no trigram to look up: they read the index of every 1-
 * and 2-character substring of migration 0026.
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  const sections = sql.join(HELP_SECTION_KEYS.map((key) => sql.lit(key)));
  await columns
    .id(db.schema.createTable('help_articles'))
    .addColumn('slug', 'varchar(100)', (col) => col.unique())
    .addColumn('section', 'varchar(32)', (col) => col.notNull())
    .addColumn('title', 'varchar(100)', (col) => col.notNull())
    .addColumn('body_md', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('summary', 'varchar(200)', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addCheckConstraint('help_articles_section_ck', sql`section in (${sections})`)
    .addCheckConstraint('help_articles_status_ck', sql`status in ('published', 'draft')`)
    .addCheckConstraint('help_articles_title_ck', sql`length(title) between 1 and 100`)
    .addCheckConstraint('help_articles_body_ck', sql`length(body_md) <= ${sql.lit(BODY_MD_MAX)}`)
    .execute();
  // A section's list, in its order; the list of every section reads the same index.
  await db.schema.createIndex('help_articles_list_idx').on('help_articles').columns(['status', 'section', 'sort', 'id']).execute();

  if (columns.dialect === 'sqlite') {
    await sql`create virtual table help_articles_fts using fts5(title, body_text, content='help_articles', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger help_articles_fts_ai after insert on help_articles begin
      insert into help_articles_fts(rowid, title, body_text) values (new.id, new.title, new.body_text);
    end`.execute(db);
    await sql`create trigger help_articles_fts_ad after delete on help_articles begin
      insert into help_articles_fts(help_articles_fts, rowid, title, body_text) values ('delete', old.id, old.title, old.body_text);
    end`.execute(db);
    await sql`create trigger help_articles_fts_au after update of title, body_text on help_articles begin
      insert into help_articles_fts(help_articles_fts, rowid, title, body_text) values ('delete', old.id, old.title, old.body_text);
      insert into help_articles_fts(rowid, title, body_text) values (new.id, new.title, new.body_text);
    end`.execute(db);
    return;
  }

  // One migration at a time creates the extension (the lock ends with the migration's transaction).
  await sql`select pg_advisory_xact_lock(hashtext('portal:create extension pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  `.execute(db);
  const opclass = sql`${sql.id(rows[0].schema)}.gin_trgm_ops`;
  await sql`create index help_articles_title_trgm_idx on help_articles using gin (title ${opclass})`.execute(db);
  await sql`create index help_articles_body_trgm_idx on help_articles using gin (body_text ${opclass})`.execute(db);
}

export async function down(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  if (columns.dialect === 'sqlite') await sql`drop table help_articles_fts`.execute(db);
  // The triggers and indexes go with the table; the extension stays (other schemas may use it).
  await db.schema.dropTable('help_articles').execute();
}
