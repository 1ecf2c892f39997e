/**
 * The help search's index of 1- and 2-character substrings on SQLite (migration 0026): the FTS5
 * table `help_article_grams` holds, for each article (its rowid the article's id), every 1- and
 * 2-character substring of its title and of its plain text as one token each, so that a search of
 * 1 or 2 characters is one token's list of articles rather than a LIKE over every article. The
 * repository writes it with the article (repo.ts); PostgreSQL computes its own (the migration).
 *
 * A token is the substring's UTF-8 bytes in hex: the table's ascii tokenizer keeps a run of
 * [0-9a-f] whole, whatever characters (punctuation, %, quotes, emoji) the substring has. Letters
 * A-Z are lower-cased first, and only they, as SQLite's LIKE compares them (case-insensitive for
 * ASCII, other letters as written): the index finds exactly what the LIKE over the rows found.
 */

/** How many characters a search the gram index answers may have at most (longer ones read the trigram indexes). */
export const GRAM_MAX = 2;

const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

const token = (gram: string): string => Buffer.from(gram, 'utf8').toString('hex');

/** The token of a search of 1 or 2 characters. */
export const gramToken = (q: string): string => token(asciiLower(q));

/** The tokens of an article, each once, space-separated: of its title and of its plain text, never across the two. */
export function articleGramTokens(title: string, bodyText: string): string {
  const grams = new Set<string>();
  for (const text of [title, bodyText]) {
    // Characters as SQLite counts them: code points (an emoji is one).
    const chars = [...asciiLower(text)];
    for (let i = 0; i < chars.length; i += 1) {
      grams.add(chars[i]);
      if (i + 1 < chars.length) grams.add(chars[i] + chars[i + 1]);
    }
  }
  return [...grams].map(token).join(' ');
}
