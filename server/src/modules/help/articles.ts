import fs from 'node:fs';
import path from 'node:path';
import { CUSTOMER_LABELS, HELP_SECTION_KEYS, PHONE_CLASSES, type PhoneClass } from '@portal/contracts/help';
import { POINTS_PER_YUAN } from '@portal/contracts/mall';
import type { Db } from '../../db/schema';
import * as repo from './repo';
import { addArticle, checkedTitle, HELP_SORT_RANGE, HelpInputError, renderedBody } from './service';

/** The help centre's shipped articles: articles/<section>/<slug>.md. */
export const SHIPPED_ARTICLES_DIR = path.join(__dirname, 'articles');

type CustomerLabel = keyof typeof CUSTOMER_LABELS;

/** When a lead gets each suggested label (the label itself is the contract's). */
const LABEL_NOTES: Record<CustomerLabel, string> = {
  notReached: '电话未接听、关机或占线，建议换个时段再次拨打',
  general: '已接通，有初步了解但暂无明确需求',
  intent: '明确表达了兴趣，愿意进一步沟通方案或报价',
  key: '需求明确、预算充足，需要优先安排专人跟进',
  visited: '客户已到店或已安排上门拜访',
  deal: '已签约或已付款',
  invalid: '号码错误、同行咨询或明确表示没有需求',
};

/** What each class of the phone-number checker means (the class names are the contract's). */
const PHONE_NOTES: Record<PhoneClass, string> = {
  empty: '号码不存在或已销号，无需拨打',
  real: '号码正常使用中，可以优先联系',
  suspended: '号码因欠费等原因停机，建议稍后再试或通过其他方式联系',
  silent: '号码长期没有通话、短信等使用记录，接通率较低',
  risky: '号码存在骚扰投诉、频繁更换等风险特征，联系前请谨慎核实',
};

const list = (items: Array<[string, string]>): string => items.map(([name, note]) => `- **${name}**：${note}`).join('\n');

/** The placeholders a shipped article may hold, with what replaces them at import. */
export const PLACEHOLDERS: Record<string, () => string> = {
  CUSTOMER_LABELS: () => list(Object.entries(CUSTOMER_LABELS).map(([key, label]) => [label, LABEL_NOTES[key as CustomerLabel]])),
  CUSTOMER_LABEL_NAMES: () => Object.values(CUSTOMER_LABELS).join('、'),
  PHONE_CLASSES: () => list(Object.entries(PHONE_CLASSES).map(([key, label]) => [label, PHONE_NOTES[key as PhoneClass]])),
  PHONE_CLASS_NAMES: () => Object.values(PHONE_CLASSES).join('、'),
  POINTS_PER_YUAN: () => String(POINTS_PER_YUAN),
};

/** `text` with every {{NAME}} replaced; an unknown name is refused (a typo would reach the customers). */
export function expandPlaceholders(text: string): string {
  return text.replace(/\{\{\s*([A-Z_]+)\s*\}\}/g, (_whole, name: string) => {
    const value = PLACEHOLDERS[name];
    if (!value) throw new HelpInputError(`unknown placeholder {{${name}}}`);
    return value();
  });
}

export interface ArticleFile {
  slug: string;
  section: string;
  title: string;
  sort: number;
  body: string;
}

/** A shipped article: front matter (title, sort) between --- lines, then the Markdown. */
export function parseArticleFile(slug: string, text: string): Omit<ArticleFile, 'section'> {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new HelpInputError(`${slug}: the file starts with front matter between --- lines`);
  const fields = new Map<string, string>();
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim()) continue;
    const field = /^([a-z]+):\s*(.*?)\s*$/.exec(line);
    if (!field) throw new HelpInputError(`${slug}: front matter line "${line}" is not name: value`);
    fields.set(field[1], field[2].replace(/^(['"])(.*)\1$/, '$2'));
  }
  const sortText = fields.get('sort') ?? '0';
  const sort = Number(sortText);
  if (!/^-?\d+$/.test(sortText) || sort < HELP_SORT_RANGE.min || sort > HELP_SORT_RANGE.max)
    throw new HelpInputError(`${slug}: sort is a whole number`);
  try {
    return { slug, title: checkedTitle(fields.get('title') ?? ''), sort, body: expandPlaceholders(match[2]) };
  } catch (error) {
    throw new HelpInputError(`${slug}: ${(error as Error).message}`);
  }
}

/** The articles under `dir`: <section>/<name>.md of the eight sections, each section's files by name. */
export function readArticleFiles(dir: string): ArticleFile[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new HelpInputError(`${dir} is not a folder`);
  const files: ArticleFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !(HELP_SECTION_KEYS as readonly string[]).includes(entry.name))
      throw new HelpInputError(`${entry.name}: not a section (${HELP_SECTION_KEYS.join(', ')})`);
  }
  for (const section of HELP_SECTION_KEYS) {
    const folder = path.join(dir, section);
    if (!fs.existsSync(folder)) continue;
    const names = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.md'))
      .sort();
    for (const name of names) {
      const slug = `${section}/${name.slice(0, -'.md'.length)}`;
      if (!/^[a-z0-9-]+\/[a-z0-9-]{1,60}$/.test(slug)) throw new HelpInputError(`${slug}: a file name is lower-case letters, digits and -`);
      files.push({ section, ...parseArticleFile(slug, fs.readFileSync(path.join(folder, name), 'utf8')) });
    }
  }
  return files;
}

export interface ImportResult {
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * Imports the articles under `dir` (default the shipped ones), by their slug: a new one is added
 * published, a changed one updated (its status kept: an article the operator unpublished stays
 * so), an unchanged one left alone. Running it again changes nothing.
 */
export async function importArticles(db: Db, dir: string = SHIPPED_ARTICLES_DIR): Promise<ImportResult> {
  const files = readArticleFiles(dir);
  const result: ImportResult = { added: 0, updated: 0, unchanged: 0 };
  for (const file of files) {
    const existing = await repo.findBySlug(db, file.slug);
    if (!existing) {
      await addArticle(db, file);
      result.added += 1;
      continue;
    }
    const body = renderedBody(file.body);
    const same = existing.section === file.section && existing.title === file.title && existing.sort === file.sort && existing.bodyMd === body.bodyMd;
    // The stored rendering too: a newer renderer (markdown-it's update) gives the same Markdown new HTML.
    if (same && existing.html === body.html && existing.bodyText === body.bodyText) {
      result.unchanged += 1;
      continue;
    }
    await repo.updateArticle(db, existing.id, {
      section: file.section,
      title: file.title,
      sort: file.sort,
      ...body,
      ...(same ? {} : { updatedAt: new Date().toISOString() }),
    });
    result.updated += 1;
  }
  return result;
}
