import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { HELP_SECTION_KEYS, type HelpSection } from '@portal/contracts/help';
import type { Database, Db } from '../../db/schema';
import { articleGramTokens, GRAM_MAX, gramToken } from './grams';
import { isPostgres } from '../../db/dialect';

export type HelpArticleRow = Selectable<Database['helpArticles']>;
export type NewHelpArticle = Insertable<Database['helpArticles']>;
export type HelpArticleChange = Updateable<Database['helpArticles']>;

const CARD_COLUMNS = ['id', 'section', 'title', 'summary', 'updatedAt'] as const;

/** The sections in the help centre's menu order, for the list of every section. */
const sectionOrder = sql<number>`case section ${sql.join(
  HELP_SECTION_KEYS.map((key, index) => sql`when ${sql.lit(key)} then ${sql.lit(index)}`),
  sql` `,
)} end`;

/** One page of the published articles, of one section or of all (in the menu's order), each in its order; with the count of all. */
export async function listPublished(
  db: Db,
  section: HelpSection | undefined,
  window: { limit: number; offset: number },
): Promise<{ rows: Array<Pick<HelpArticleRow, (typeof CARD_COLUMNS)[number]>>; totalRow: number }> {
  let query = db.selectFrom('helpArticles').where('status', '=', 'published');
  if (section !== undefined) query = query.where('section', '=', section);
  const rows = await query
    .select(CARD_COLUMNS)
    .select(sql<number>`count(*) over ()`.as('totalRow'))
    .$if(section === undefined, (q) => q.orderBy(sectionOrder))
    .orderBy('sort')
    .orderBy('id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  // Past the last page there is no row to carry the count.
  const totalRow =
    rows.length || window.offset === 0
      ? Number(rows[0]?.totalRow ?? 0)
      : Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { rows: rows.map(({ totalRow: _count, ...row }) => row), totalRow };
}

export const findPublished = (db: Db, id: number) =>
  db.selectFrom('helpArticles').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst();

export const findById = (db: Db, id: number) => db.selectFrom('helpArticles').selectAll().where('id', '=', id).executeTakeFirst();
export const findBySlug = (db: Db, slug: string) => db.selectFrom('helpArticles').selectAll().where('slug', '=', slug).executeTakeFirst();

/** `work` in a transaction: `db`'s own when it is one, else a new one. */
const atomically = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => (db.isTransaction ? work(db) : db.transaction().execute(work));

/**
 * SQLite's index of an article's 1- and 2-character substrings (grams.ts, migration 0026), written
 * anew from its title and plain text. PostgreSQL's is written by its trigger.
 */
async function writeGrams(db: Db, id: number, title: string, bodyText: string): Promise<void> {
  await sql`delete from help_article_grams where rowid = ${id}`.execute(db);
  await sql`insert into help_article_grams (rowid, grams) values (${id}, ${articleGramTokens(title, bodyText)})`.execute(db);
}

export async function insertArticle(db: Db, row: NewHelpArticle): Promise<number> {
  const insert = async (tx: Db) => (await tx.insertInto('helpArticles').values(row).returning('id').executeTakeFirstOrThrow()).id;
  if (isPostgres(db)) return insert(db);
  return atomically(db, async (tx) => {
    const id = await insert(tx);
    await writeGrams(tx, id, row.title, row.bodyText);
    return id;
  });
}

export async function updateArticle(db: Db, id: number, change: HelpArticleChange) {
  const update = (tx: Db) => tx.updateTable('helpArticles').set(change).where('id', '=', id).executeTakeFirst();
  if (isPostgres(db) || (change.title === undefined && change.bodyText === undefined)) return update(db);
  return atomically(db, async (tx) => {
    const result = await update(tx);
    if (Number(result.numUpdatedRows) > 0) {
      const { title, bodyText } = await tx.selectFrom('helpArticles').select(['title', 'bodyText']).where('id', '=', id).executeTakeFirstOrThrow();
      await writeGrams(tx, id, title, bodyText);
    }
    return result;
  });
}

/** `text` as a LIKE pattern that matches it anywhere, its own % _ and \ taken literally (escape \). */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Whether a text may match `q` with other letters' case: when q has a cased letter (or a character
 * this Node's Unicode does not know). A character lower-cases to a cased one or to itself, so a
 * text holds such a q case-insensitively only where it holds it as it is.
 */
const mayDifferInCase = (q: string): boolean => /[\p{Cased}\p{Cn}]/u.test(q);

/** The fewest characters the trigram indexes look up: a shorter search reads the gram index (grams.ts). */
export const TRIGRAM_MIN = GRAM_MAX + 1;

export type SearchRow = Pick<HelpArticleRow, 'id' | 'section' | 'title' | 'summary' | 'updatedAt' | 'bodyText'>;

/**
 * One page of the published articles whose title or plain text holds `q` (case-insensitive: ASCII
 * letters on SQLite, as its LIKE; every letter on PostgreSQL, as ILIKE), those whose title holds
 * it first, then each by its order, newest first among equals; with the count of all, in the same
 * query.
 *
 * Which articles: 3 characters or more, SQLite matches the phrase in the FTS5 trigram table (a
 * substring of the title or body), PostgreSQL's ILIKE reads the GIN trigram indexes (migration
 * 0022). 1 or 2 characters have no trigram: both read the articles of that substring in their
 * index of every 1- and 2-character substring (migration 0026; SQLite's tokens in grams.ts).
 *
 * The page is ranked on the matches' ids and order columns alone, and only its own rows' plain
 * texts are read: a common word holds in thousands of articles.
 */
export async function searchPublished(
  db: Db,
  q: string,
  window: { limit: number; offset: number },
): Promise<{ rows: SearchRow[]; totalRow: number }> {
  const pattern = containsPattern(q);
  const postgres = isPostgres(db);
  // PostgreSQL: ILIKE lower-cases both sides of every comparison (3 times LIKE's time over 10,000
  // articles); without a cased letter in q, LIKE finds the same articles.
  const like = postgres && mayDifferInCase(q) ? sql`ilike` : sql`like`;
  const contains = (column: 'title' | 'bodyText') =>
    postgres ? sql<boolean>`${sql.ref(`a.${column}`)} ${like} ${pattern}` : sql<boolean>`${sql.ref(`a.${column}`)} like ${pattern} escape '\\'`;
  let query = db.selectFrom('helpArticles as a').where('a.status', '=', 'published');
  if ([...q].length <= GRAM_MAX) {
    query = query.where(
      postgres
        ? sql<boolean>`a.id in (select g.id from help_article_ids_with_gram(lower(${q})) as g(id))`
        : sql<boolean>`a.id in (select rowid from help_article_grams where help_article_grams match ${`"${gramToken(q)}"`})`,
    );
  } else if (!postgres) {
    // A phrase of the trigram tokenizer: the query's text as it is, quotes doubled.
    const phrase = `"${q.replace(/"/g, '""')}"`;
    query = query.where(sql<boolean>`a.id in (select rowid from help_articles_fts where help_articles_fts match ${phrase})`);
  } else {
    query = query.where((eb) => eb.or([contains('title'), contains('bodyText')]));
  }
  const page = query
    .select(['a.id', 'a.sort', 'a.updatedAt'])
    .select(sql<number>`case when ${contains('title')} then 0 else 1 end`.as('titleRank'))
    .select(sql<number>`count(*) over ()`.as('totalRow'))
    .orderBy('titleRank')
    .orderBy('a.sort')
    .orderBy('a.updatedAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .as('p');
  const rows = await db
    .selectFrom(page)
    .innerJoin('helpArticles as a', 'a.id', 'p.id')
    .select(['a.id', 'a.section', 'a.title', 'a.summary', 'a.updatedAt', 'a.bodyText', 'p.totalRow'])
    .orderBy('p.titleRank')
    .orderBy('p.sort')
    .orderBy('p.updatedAt', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  const totalRow =
    rows.length || window.offset === 0
      ? Number(rows[0]?.totalRow ?? 0)
      : Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { rows: rows.map(({ totalRow: _count, ...row }) => row), totalRow };
}
