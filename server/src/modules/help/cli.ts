import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HELP_SECTION_KEYS, type HelpSection } from '@portal/contracts/help';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { choiceOption, optionalWholeOption, refuseUsage, wholeOption } from '../../lib/cli-options';
import { importArticles, SHIPPED_ARTICLES_DIR } from './articles';
import * as help from './service';

/** The help centre's commands of the operator CLI (server/src/cli.ts, `npm run help -- <command>`). */
export const HELP_COMMANDS = ['help-add', 'help-edit', 'help-publish', 'help-unpublish', 'help-import'] as const;
export type HelpCommandName = (typeof HELP_COMMANDS)[number];

export const HELP_USAGE = `  help-add --section ${HELP_SECTION_KEYS.join('|')}
          --title <t> (--body <markdown> | --body-file <path>) [--sort <n>] [--draft]
                                                              add a help centre article (Markdown; published unless
                                                              --draft; lower --sort first in its section); prints its id
  help-edit --id <id> [--section <s>] [--title <t>] [--body <markdown> | --body-file <path>] [--sort <n>]
                                                              change an article
  help-publish --id <id>                                      publish an article (shown in the lists and the search)
  help-unpublish --id <id>                                    unpublish it (hidden; its page answers 404)
  help-import [<dir>]                                         import the articles of <dir>/<section>/<name>.md (default
                                                              the shipped ones): new ones added, changed ones updated,
                                                              by file name; running it again changes nothing`;

export type HelpCommand =
  | { kind: 'help-add'; article: help.NewArticle }
  | { kind: 'help-edit'; id: number; edit: help.ArticleEdit }
  | { kind: 'help-publish' | 'help-unpublish'; id: number }
  | { kind: 'help-import'; dir: string };

/** The Markdown of --body or of the file of --body-file (relative to `base`); undefined when neither is given and it is optional. */
function body(values: { body?: string; 'body-file'?: string }, base: string, optional: boolean): string | undefined {
  const inline = values.body;
  const given = values['body-file'];
  if (inline !== undefined && given !== undefined) refuseUsage('give one of --body and --body-file');
  if (inline === undefined && given === undefined) return optional ? undefined : refuseUsage('give one of --body and --body-file');
  if (inline !== undefined) return inline;
  const file = path.resolve(base, given!);
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size;
  if (size === undefined) return refuseUsage(`--body-file: cannot read ${given}`);
  // UTF-8 takes at most 4 bytes a character: a larger file cannot be within the limit.
  if (size > help.HELP_BODY_MAX * 4) refuseUsage(`--body-file is at most ${help.HELP_BODY_MAX} characters`);
  return fs.readFileSync(file, 'utf8');
}

/** Parses the arguments of one help command; throws a UsageError. `base` is where relative paths start. */
export function parseHelpCommand(command: HelpCommandName, args: string[], base = ''): HelpCommand {
  const { values, positionals } = parseArgs({
    args,
    options: {
      id: { type: 'string' },
      section: { type: 'string' },
      title: { type: 'string' },
      body: { type: 'string' },
      'body-file': { type: 'string' },
      sort: { type: 'string' },
      draft: { type: 'boolean' },
    },
    allowPositionals: command === 'help-import',
  });
  const sort = optionalWholeOption(values.sort, 'sort', help.HELP_SORT_RANGE);
  switch (command) {
    case 'help-add':
      if (values.id !== undefined) refuseUsage('help-add takes no --id');
      return {
        kind: command,
        article: {
          section: choiceOption(values.section, 'section', HELP_SECTION_KEYS),
          title: values.title ?? refuseUsage('--title is required'),
          body: body(values, base, false)!,
          sort,
          status: values.draft ? 'draft' : 'published',
        },
      };
    case 'help-edit': {
      if (values.draft) refuseUsage('help-edit takes no --draft: use help-unpublish');
      const edit: help.ArticleEdit = {
        section: values.section === undefined ? undefined : choiceOption<HelpSection>(values.section, 'section', HELP_SECTION_KEYS),
        title: values.title,
        body: body(values, base, true),
        sort,
      };
      if (Object.values(edit).every((value) => value === undefined)) refuseUsage('give what to change: --section, --title, --body or --sort');
      return { kind: command, id: wholeOption(values.id, 'id', { min: 1 }), edit };
    }
    case 'help-import':
      if (positionals.length > 1) refuseUsage('help-import takes one folder');
      if (Object.values(values).some((value) => value !== undefined)) refuseUsage('help-import takes only a folder');
      return { kind: command, dir: positionals.length ? path.resolve(base, positionals[0]) : SHIPPED_ARTICLES_DIR };
    default:
      if (values.section ?? values.title ?? values.body ?? values['body-file'] ?? values.sort ?? values.draft)
        refuseUsage(`${command} takes only --id`);
      return { kind: command, id: wholeOption(values.id, 'id', { min: 1 }) };
  }
}

/** Runs one help command against the configured database; the process exit code. */
export async function runHelpCli(command: HelpCommandName, args: string[], env: NodeJS.ProcessEnv, usage: string): Promise<number> {
  let parsed: HelpCommand;
  try {
    // npm runs the script in server/: a relative path is taken from where the command was started (INIT_CWD).
    parsed = parseHelpCommand(command, args, env.INIT_CWD ?? '');
  } catch (error) {
    // A UsageError of ours, or parseArgs' refusal of an unknown or ambiguous option.
    console.error(`${command}: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    switch (parsed.kind) {
      case 'help-add': {
        const id = await help.addArticle(db, parsed.article);
        console.log(`Added help article ${id}${parsed.article.status === 'draft' ? ' (a draft: help-publish shows it)' : ''}.`);
        break;
      }
      case 'help-edit':
        await help.editArticle(db, parsed.id, parsed.edit);
        console.log(`Changed help article ${parsed.id}.`);
        break;
      case 'help-publish':
        await help.setStatus(db, parsed.id, 'published');
        console.log(`Published help article ${parsed.id}.`);
        break;
      case 'help-unpublish':
        await help.setStatus(db, parsed.id, 'draft');
        console.log(`Unpublished help article ${parsed.id}.`);
        break;
      case 'help-import': {
        const { added, updated, unchanged } = await importArticles(db, parsed.dir);
        console.log(`Imported the help articles of ${parsed.dir}: ${added} added, ${updated} updated, ${unchanged} unchanged.`);
        break;
      }
    }
    return 0;
  } catch (error) {
    console.error(error instanceof help.HelpInputError ? `${command}: ${error.message}` : error);
    return 1;
  } finally {
    await db.destroy();
  }
}
