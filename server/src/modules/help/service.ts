import {
  HELP_SECTION_KEYS,
  type HelpArticle,
  type HelpArticleCard,
  type HelpArticlesQuery,
  HelpMessage,
  type HelpSearchHit,
  type HelpSearchQuery,
  type HelpSection,
} from '@portal/contracts/help';
import type { Db } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { nowIso, toChinaDateTime } from '../../lib/time';
import { highlight, snippet } from './highlight';
import { plainText, renderHtml, summaryOf } from './markdown';
import * as repo from './repo';

/** The longest title and Markdown body an article holds (the table's CHECKs say the same). */
export const HELP_TITLE_MAX = 100;
export const HELP_BODY_MAX = 50_000;
/** An article's place in its section: lower first, negative allowed. */
export const HELP_SORT_RANGE = { min: -9_999_999, max: 9_999_999 };

export type HelpStatus = 'published' | 'draft';

// Control characters other than tab and newline (NUL included: PostgreSQL text cannot hold it).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

const card = (row: Pick<repo.HelpArticleRow, 'id' | 'section' | 'title' | 'summary' | 'updatedAt'>): HelpArticleCard => ({
  id: row.id,
  section: row.section as HelpSection,
  title: row.title,
  summary: row.summary,
  updateTime: toChinaDateTime(row.updatedAt),
});

export async function listArticles(db: Db, query: HelpArticlesQuery): Promise<{ rows: HelpArticleCard[]; totalRow: number }> {
  const { rows, totalRow } = await repo.listPublished(db, query.section, pageWindow(query));
  return { rows: rows.map(card), totalRow };
}

/** A published article; a draft or unknown one is 404. */
export async function getArticle(db: Db, id: number): Promise<HelpArticle> {
  const row = await repo.findPublished(db, id);
  if (!row) throw notFound(HelpMessage.NotFound);
  return { ...card(row), html: row.html };
}

/** One page of the search (repo.searchPublished), each hit with its title and a snippet of its body marked. */
export async function search(db: Db, query: HelpSearchQuery): Promise<{ rows: HelpSearchHit[]; totalRow: number }> {
  // No article holds a control character (renderedBody, checkedTitle), and PostgreSQL cannot take NUL.
  if (CONTROL.test(query.q)) return { rows: [], totalRow: 0 };
  const { rows, totalRow } = await repo.searchPublished(db, query.q, pageWindow(query));
  return {
    rows: rows.map((row) => ({ ...card(row), titleHighlight: highlight(row.title, query.q), snippet: snippet(row.bodyText, query.q) })),
    totalRow,
  };
}

// ---- the operator's (cli.ts, articles.ts) ----

/** A refusal of an operator's article: the CLI prints it and exits 1. */
export class HelpInputError extends Error {}

export function checkedTitle(text: string): string {
  const title = text.trim();
  if (!title || title.length > HELP_TITLE_MAX || /[\r\n]/.test(title) || CONTROL.test(title))
    throw new HelpInputError(`the title is one line of 1 to ${HELP_TITLE_MAX} characters`);
  return title;
}

export function checkedSection(text: string): HelpSection {
  if (!(HELP_SECTION_KEYS as readonly string[]).includes(text)) throw new HelpInputError(`the section is one of ${HELP_SECTION_KEYS.join(', ')}`);
  return text as HelpSection;
}

/** The Markdown (line ends made \n, trimmed) and what is stored with it: the sanitised HTML, the plain text, the summary. */
export function renderedBody(markdown: string): { bodyMd: string; html: string; bodyText: string; summary: string } {
  const bodyMd = markdown
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trim();
  if (!bodyMd) throw new HelpInputError('the body is empty');
  if (bodyMd.length > HELP_BODY_MAX) throw new HelpInputError(`the body is at most ${HELP_BODY_MAX} characters (got ${bodyMd.length})`);
  if (CONTROL.test(bodyMd)) throw new HelpInputError('the body has control characters');
  const bodyText = plainText(bodyMd);
  return { bodyMd, html: renderHtml(bodyMd), bodyText, summary: summaryOf(bodyText) };
}

export interface NewArticle {
  section: string;
  title: string;
  body: string;
  sort?: number;
  status?: HelpStatus;
  /** An imported article's '<section>/<file name>'. */
  slug?: string;
}

/** Adds an article (published unless a draft); its id. */
export async function addArticle(db: Db, article: NewArticle): Promise<number> {
  const now = nowIso();
  return repo.insertArticle(db, {
    slug: article.slug ?? null,
    section: checkedSection(article.section),
    title: checkedTitle(article.title),
    ...renderedBody(article.body),
    sort: article.sort ?? 0,
    status: article.status ?? 'published',
    createdAt: now,
    updatedAt: now,
  });
}

export interface ArticleEdit {
  section?: string;
  title?: string;
  body?: string;
  sort?: number;
}

/** Changes what is given of an article; its updated time becomes now. */
export async function editArticle(db: Db, id: number, edit: ArticleEdit): Promise<void> {
  const result = await repo.updateArticle(db, id, {
    ...(edit.section !== undefined ? { section: checkedSection(edit.section) } : {}),
    ...(edit.title !== undefined ? { title: checkedTitle(edit.title) } : {}),
    ...(edit.body !== undefined ? renderedBody(edit.body) : {}),
    ...(edit.sort !== undefined ? { sort: edit.sort } : {}),
    updatedAt: nowIso(),
  });
  if (Number(result.numUpdatedRows) === 0) throw new HelpInputError(`no help article ${id}`);
}

/** Publishes or unpublishes an article (a draft is absent from the lists and the search, and 404). */
export async function setStatus(db: Db, id: number, status: HelpStatus): Promise<void> {
  // Publishing is news (the article's time); unpublishing hides it and changes nothing else.
  const result = await repo.updateArticle(db, id, { status, ...(status === 'published' ? { updatedAt: nowIso() } : {}) });
  if (Number(result.numUpdatedRows) === 0) throw new HelpInputError(`no help article ${id}`);
}
