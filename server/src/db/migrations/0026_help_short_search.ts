import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { articleGramTokens } from '../../modules/help/grams';
import type { DialectColumns } from '../columns';

/**
 * The help search of 1 and 2 characters from an index (issue 23: 200 ms p99 over 10,000 articles).
 * Neither trigram index (0022) looks up fewer than 3 characters, and the LIKE over every published
 * article that such a search was took 100-300 ms over 10,000 (bench/README.md); Chinese searches
 * are very often 2 characters (充值, 退款). Both databases now keep, per article, every 1- and
 * 2-character substring of its title and of its plain text (never across the two), and a search of
 * 1 or 2 characters reads the articles of that one substring:
 *
 * - SQLite: `help_article_grams`, a contentless FTS5 table (rowid = the article's id, detail=none:
 *   the list of articles per token and nothing else) whose tokens are the substrings' UTF-8 bytes in
 *   hex, ASCII letters lower-cased as LIKE compares them (modules/help/grams.ts). SQL cannot cut a
 *   text into its characters in linear time inside a trigger (substr counts from the start each
 *   time), so the help repository writes an article's row with the article, in its transaction; the
 *   delete trigger below drops it with the article. The rows of the articles already stored are
 *   written here.
 * - PostgreSQL: `help_article_grams` (article_id, grams text[]) with a GIN index, written by a
 *   trigger on every insert and on every update of the title or the plain text, from
 *   `help_article_grams_of`, which lower-cases as ILIKE does (lower(), one character for one), so
 *   the index finds exactly what ILIKE found. The search asks `help_article_ids_with_gram`, which
 *   reads the GIN index with sequential scans disabled: for a substring in most articles the planner
 *   would otherwise read every row's array (detoasting each: 120-270 ms over 10,000 articles, measured)
 *   where the index's list of those articles takes a few milliseconds.
 *
 * Drafts are indexed too (the search keeps only published articles, as for the trigram indexes), so
 * publishing and unpublishing change nothing here; an edit of the title or the body replaces the
 * article's substrings.
 *
 * `help_articles_search_idx` holds what the search ranks its matches by (title first, then the
 * order, newest first), so that a word found in thousands of articles is ranked from the index
 * alone: without it SQLite reads each match's row past its three long texts (overflow pages) for
 * `sort` and `updated_at`, and PostgreSQL fetches each heap row (an index-only scan instead).
 */
export async function up(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await db.schema.createIndex('help_articles_search_idx').on('help_articles').columns(['status', 'id', 'sort', 'updated_at', 'title']).execute();
  if (columns.dialect === 'sqlite') {
    await sql`create virtual table help_article_grams using fts5(grams, content='', contentless_delete=1, detail='none', tokenize='ascii')`.execute(
      db,
    );
    await sql`create trigger help_article_grams_ad after delete on help_articles begin
      delete from help_article_grams where rowid = old.id;
    end`.execute(db);
    const { rows } = await sql<{ id: number; title: string; body: string }>`select id, title, body_text as body from help_articles`.execute(db);
    for (const row of rows) {
      await sql`insert into help_article_grams (rowid, grams) values (${row.id}, ${articleGramTokens(row.title, row.body)})`.execute(db);
    }
    return;
  }

  // Every 1- and 2-character substring of the lower-cased title and body, each once; '' never.
  await sql`create function help_article_grams_of(title text, body text) returns text[]
    language sql immutable strict parallel safe as $$
      select array(select distinct g from (
        select regexp_split_to_table(t, '') from (values (lower(title)), (lower(body))) as f(t)
        union all select (regexp_matches(t, '..', 'g'))[1] from (values (lower(title)), (lower(body))) as f(t)
        union all select (regexp_matches(substr(t, 2), '..', 'g'))[1] from (values (lower(title)), (lower(body))) as f(t)
      ) as x(g) where g <> '')
    $$`.execute(db);
  await sql`create table help_article_grams (
    article_id integer primary key references help_articles (id) on delete cascade,
    grams text[] not null
  )`.execute(db);
  await sql`create index help_article_grams_idx on help_article_grams using gin (grams)`.execute(db);
  await sql`create function help_article_grams_write() returns trigger language plpgsql as $$
    begin
      insert into help_article_grams (article_id, grams) values (new.id, help_article_grams_of(new.title, new.body_text))
        on conflict (article_id) do update set grams = excluded.grams;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger help_article_grams_write after insert or update of title, body_text on help_articles
    for each row execute function help_article_grams_write()`.execute(db);
  await sql`insert into help_article_grams (article_id, grams) select id, help_article_grams_of(title, body_text) from help_articles`.execute(db);
  // The articles holding one (lower-cased) substring, from the GIN index whatever its share of them.
  await sql`create function help_article_ids_with_gram(gram text) returns setof integer
    language sql stable strict parallel safe set enable_seqscan = off as $$
      select article_id from help_article_grams where grams @> array[gram]
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>, columns: DialectColumns): Promise<void> {
  await db.schema.dropIndex('help_articles_search_idx').execute();
  if (columns.dialect === 'sqlite') {
    await sql`drop trigger help_article_grams_ad`.execute(db);
    await sql`drop table help_article_grams`.execute(db);
    return;
  }
  await sql`drop function help_article_ids_with_gram(text)`.execute(db);
  await sql`drop trigger help_article_grams_write on help_articles`.execute(db);
  await sql`drop function help_article_grams_write()`.execute(db);
  await sql`drop table help_article_grams`.execute(db);
  await sql`drop function help_article_grams_of(text, text)`.execute(db);
}
