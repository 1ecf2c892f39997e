import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_ID } from '@portal/contracts';
import {
  ARTICLE_CATEGORY_KEYS,
  type ArticleCategory,
  CONTENT_BODY_MAX,
  CONTENT_SUMMARY_MAX,
  CONTENT_TITLE_MAX,
  PUBLIC_PRODUCT_KEYS,
  type PublicProduct,
} from '@portal/contracts/public';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import type { Db } from '../../db/schema';
import { choiceOption, refuseUsage, UsageError, wholeOption } from '../../lib/cli-options';
import { nowIso, toChinaDateTime } from '../../lib/time';
import * as repo from './repo';

/** `content ...` of the operator CLI (server/src/cli.ts): adds and lists the visitor site's content. */
export const CONTENT_USAGE = `  content add-case --title <t> --company <name> --summary <s> (--body <text> | --body-file <path>)
          [--industry <name>] [--impression <n>] [--click <n>] [--goods-id <id>]
  content add-article --title <t> --category ${ARTICLE_CATEGORY_KEYS.join('|')} --summary <s> (--body <text> | --body-file <path>)
  content add-about --title <t> --summary <s> (--body <text> | --body-file <path>)
  content add-service --product ${PUBLIC_PRODUCT_KEYS.join('|')} --title <t> --summary <s>
  content add-position --title <t> --city <city> --headcount <n> --salary <text>
          (--duties <text> | --duties-file <path>) (--requirements <text> | --requirements-file <path>)
  content add-banner --title <t> [--subtitle <s>] [--link-url </path or https://...>]
  content list cases|articles|abouts|services|positions|banners
                                                              add the visitor site's content (prints the new id), or list it;
                                                              bodies are plain text, paragraphs separated by blank lines`;

/** Limits of the short fields the contract leaves open. */
const NAME_MAX = 50;
const SALARY_MAX = 50;
const HEADCOUNT_MAX = 999;
const LINK_MAX = 500;
/** How many rows `content list` prints, newest or first in order. */
const LIST_MAX = 200;

const LIST_KINDS = ['cases', 'articles', 'abouts', 'services', 'positions', 'banners'] as const;
type ListKind = (typeof LIST_KINDS)[number];

type Addition =
  | { kind: 'case'; row: Omit<repo.NewCase, 'publishTime'> }
  | { kind: 'article'; row: Omit<repo.NewArticle, 'publishTime'> }
  | { kind: 'about'; row: { title: string; summary: string; body: string } }
  | { kind: 'service'; row: { product: PublicProduct; title: string; summary: string } }
  | { kind: 'position'; row: Omit<repo.NewPosition, 'publishTime'> }
  | { kind: 'banner'; row: { title: string; subtitle: string; linkUrl: string | null; linkType: number } };

export type ContentCommand = { kind: 'add'; addition: Addition } | { kind: 'list'; what: ListKind };

const refuse = refuseUsage;

// Control characters other than tab and newline (NUL included: PostgreSQL text cannot hold it).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f]/;

type Values = Record<string, string | undefined>;

/** A one-line text: trimmed, not empty unless optional, at most `max` characters, no control characters. */
function line(values: Values, flag: string, max: number, optional = false): string {
  const text = (values[flag] ?? '').trim();
  if (!text && !optional) refuse(`--${flag} is required`);
  if (text.length > max) refuse(`--${flag} is at most ${max} characters (got ${text.length})`);
  if (LINE_BREAK_OR_CONTROL.test(text)) refuse(`--${flag} is one line of text, without control characters`);
  return text;
}

/**
 * A long text from --<flag> or the file of --<flag>-file (relative to `base`): line ends made \n,
 * trimmed, at most `max` characters.
 */
function longText(values: Values, flag: string, max: number, base: string): string {
  const inline = values[flag];
  const given = values[`${flag}-file`];
  const file = given === undefined ? undefined : path.resolve(base, given);
  if ((inline === undefined) === (file === undefined)) refuse(`give one of --${flag} and --${flag}-file`);
  let text = inline ?? '';
  if (file !== undefined) {
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch {
      return refuse(`--${flag}-file: cannot read ${given}`);
    }
    // UTF-8 takes at most 4 bytes a character: a larger file cannot be within the limit.
    if (size > max * 4) refuse(`--${flag}-file is at most ${max} characters`);
    text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  }
  text = text.replace(/\r\n?/g, '\n').trim();
  if (!text) refuse(`--${flag} is empty`);
  if (text.length > max) refuse(`--${flag} is at most ${max} characters (got ${text.length})`);
  if (CONTROL.test(text)) refuse(`--${flag} has control characters`);
  return text;
}

/** A canonically written whole number from `min` to `max`; `fallback` when the flag is absent (required when it has none). */
const count = (values: Values, flag: string, min: number, max: number, fallback?: number): number =>
  wholeOption(values[flag], flag, { min, max, fallback });

const oneOf = <T extends string>(values: Values, flag: string, allowed: readonly T[]): T => choiceOption(values[flag], flag, allowed);

/** A link of a banner: a path of the site ('/cases') or an http(s) address. */
function link(values: Values): string | null {
  const text = line(values, 'link-url', LINK_MAX, true);
  if (!text) return null;
  if (!/^(\/(?!\/)|https?:\/\/)\S*$/.test(text)) refuse('--link-url is a path of the site (/cases) or an http(s):// address');
  return text;
}

const FLAGS = [
  'title',
  'summary',
  'body',
  'body-file',
  'company',
  'industry',
  'impression',
  'click',
  'goods-id',
  'category',
  'product',
  'city',
  'headcount',
  'salary',
  'duties',
  'duties-file',
  'requirements',
  'requirements-file',
  'subtitle',
  'link-url',
] as const;

/** Which flags each addition takes (any other is refused). */
const ALLOWED: Record<string, readonly string[]> = {
  'add-case': ['title', 'company', 'industry', 'summary', 'body', 'body-file', 'impression', 'click', 'goods-id'],
  'add-article': ['title', 'category', 'summary', 'body', 'body-file'],
  'add-about': ['title', 'summary', 'body', 'body-file'],
  'add-service': ['product', 'title', 'summary'],
  'add-position': ['title', 'city', 'headcount', 'salary', 'duties', 'duties-file', 'requirements', 'requirements-file'],
  'add-banner': ['title', 'subtitle', 'link-url'],
};

/**
 * The command of `content <args>`, files read relative to `base` (where the command was started);
 * throws a UsageError naming what is wrong.
 */
export function parseContentCommand(args: string[], base = ''): ContentCommand {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    if (rest.length !== 1 || !(LIST_KINDS as readonly string[]).includes(rest[0])) refuse(`list takes one of ${LIST_KINDS.join(', ')}`);
    return { kind: 'list', what: rest[0] as ListKind };
  }
  const allowed = ALLOWED[sub ?? ''];
  if (!allowed) return refuse(`unknown content command ${sub ?? '(none)'}`);
  let values: Values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: Object.fromEntries(FLAGS.map((flag) => [flag, { type: 'string' as const }])),
      allowPositionals: false,
      strict: true,
    }) as { values: Values });
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
  const extra = Object.keys(values).filter((flag) => !allowed.includes(flag));
  if (extra.length) refuse(`${sub} does not take ${extra.map((flag) => `--${flag}`).join(', ')}`);

  switch (sub) {
    case 'add-case': {
      const impression = count(values, 'impression', 0, MAX_ID, 0);
      const click = count(values, 'click', 0, MAX_ID, 0);
      if (click > impression) refuse('--click cannot exceed --impression');
      const goodsId = values['goods-id'] === undefined ? null : count(values, 'goods-id', 1, MAX_ID);
      return {
        kind: 'add',
        addition: {
          kind: 'case',
          row: {
            title: line(values, 'title', CONTENT_TITLE_MAX),
            company: line(values, 'company', CONTENT_TITLE_MAX),
            industry: line(values, 'industry', NAME_MAX, true),
            summary: line(values, 'summary', CONTENT_SUMMARY_MAX),
            content: longText(values, 'body', CONTENT_BODY_MAX, base),
            impression,
            click,
            goodsId,
          },
        },
      };
    }
    case 'add-article':
      return {
        kind: 'add',
        addition: {
          kind: 'article',
          row: {
            title: line(values, 'title', CONTENT_TITLE_MAX),
            category: oneOf<ArticleCategory>(values, 'category', ARTICLE_CATEGORY_KEYS),
            summary: line(values, 'summary', CONTENT_SUMMARY_MAX),
            body: longText(values, 'body', CONTENT_BODY_MAX, base),
          },
        },
      };
    case 'add-about':
      return {
        kind: 'add',
        addition: {
          kind: 'about',
          row: {
            title: line(values, 'title', CONTENT_TITLE_MAX),
            summary: line(values, 'summary', CONTENT_SUMMARY_MAX),
            body: longText(values, 'body', CONTENT_BODY_MAX, base),
          },
        },
      };
    case 'add-service':
      return {
        kind: 'add',
        addition: {
          kind: 'service',
          row: {
            product: oneOf<PublicProduct>(values, 'product', PUBLIC_PRODUCT_KEYS),
            title: line(values, 'title', CONTENT_TITLE_MAX),
            summary: line(values, 'summary', CONTENT_SUMMARY_MAX),
          },
        },
      };
    case 'add-position':
      return {
        kind: 'add',
        addition: {
          kind: 'position',
          row: {
            title: line(values, 'title', CONTENT_TITLE_MAX),
            city: line(values, 'city', NAME_MAX),
            headcount: count(values, 'headcount', 1, HEADCOUNT_MAX),
            salary: line(values, 'salary', SALARY_MAX),
            duties: longText(values, 'duties', CONTENT_BODY_MAX, base),
            requirements: longText(values, 'requirements', CONTENT_BODY_MAX, base),
          },
        },
      };
    default: {
      const linkUrl = link(values);
      return {
        kind: 'add',
        addition: {
          kind: 'banner',
          row: {
            title: line(values, 'title', CONTENT_TITLE_MAX),
            subtitle: line(values, 'subtitle', CONTENT_TITLE_MAX, true),
            linkUrl,
            // BannerLinkType: 1 links, 0 does not.
            linkType: linkUrl === null ? 0 : 1,
          },
        },
      };
    }
  }
}

/** Stores an addition (published now); answers the new id. */
async function add(db: Db, addition: Addition): Promise<number> {
  const publishTime = nowIso();
  switch (addition.kind) {
    case 'case':
      return repo.insertCase(db, { ...addition.row, publishTime });
    case 'article':
      return repo.insertArticle(db, { ...addition.row, publishTime });
    case 'position':
      return repo.insertPosition(db, { ...addition.row, publishTime });
    case 'about':
      return repo.insertAbout(db, addition.row);
    case 'service':
      return repo.insertService(db, addition.row);
    case 'banner':
      return repo.insertBanner(db, addition.row);
  }
}

/** One line per row: id, then what tells it apart. */
async function listLines(db: Db, what: ListKind): Promise<string[]> {
  const window = { limit: LIST_MAX, offset: 0 };
  switch (what) {
    case 'cases':
      return (await repo.listCases(db, window)).map((row) => `#${row.id} ${row.company}: ${row.title}`);
    case 'articles':
      return (await repo.listArticles(db, window)).map((row) => `#${row.id} [${row.category}] ${toChinaDateTime(row.publishTime)} ${row.title}`);
    case 'abouts':
      return (await repo.listAbouts(db, LIST_MAX)).map((row) => `#${row.id} ${row.title}`);
    case 'services':
      return (await repo.listServices(db, LIST_MAX)).map((row) => `#${row.id} [${row.product}] ${row.title}`);
    case 'positions':
      return (await repo.listPositions(db, LIST_MAX)).map((row) => `#${row.id} ${row.title} (${row.city}, ${row.headcount})`);
    case 'banners':
      return (await repo.listBanners(db, LIST_MAX)).map((row) => `#${row.id} ${row.title}${row.linkUrl ? ` -> ${row.linkUrl}` : ''}`);
  }
}

/**
 * `content ...`: checks the command line first (a refusal names the flag, prints the usage and
 * exits 2 without opening the database), then migrates the configured database and adds or lists.
 */
export async function runContentCli(args: string[], env: NodeJS.ProcessEnv, usage: string): Promise<number> {
  let command: ContentCommand;
  try {
    // npm runs the script in server/: a relative path is taken from where the command was started (INIT_CWD).
    command = parseContentCommand(args, env.INIT_CWD ?? '');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`content: ${error.message}`);
    console.error(usage);
    return 2;
  }
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    if (command.kind === 'list') {
      const lines = await listLines(db, command.what);
      if (!lines.length) console.log(`No ${command.what} yet.`);
      for (const text of lines) console.log(text);
      return 0;
    }
    const id = await add(db, command.addition);
    console.log(`Added ${command.addition.kind} ${id}.`);
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    await db.destroy();
  }
}
