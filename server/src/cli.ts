import { parseArgs } from 'node:util';
import { type AppConfig, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { AppError } from './http/errors';
import { createAccount } from './modules/auth/service';
import { latestCustomerMessages } from './modules/messages/repo';
import { createNotice } from './modules/messages/service';
import { toChinaDateTime } from './lib/time';
import { publishOnce } from './realtime/bridge';
import { type ServerEventMap, ServerEvents } from './realtime/events';

const USAGE = `Usage:
  create-account <loginAccount> <password> [--force-change]   create a customer account
  migrate                                                     bring the database to the latest schema
  notice --title <title> --contents <text> [--account <loginAccount>]
                                                              send a notice: to every customer (system), or to one account
  suggestions [--limit <n>]                                   print the newest suggestions customers sent (default 20)`;

const COMMANDS = new Set(['create-account', 'migrate', 'notice', 'suggestions']);

/** Runs one command against the configured database; returns the process exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (!COMMANDS.has(command)) {
    console.error(USAGE);
    return 2;
  }
  let parsed: ReturnType<typeof parseCreateAccount> | undefined;
  let notice: ReturnType<typeof parseNotice> | undefined;
  let suggestionLimit: number | undefined;
  try {
    if (command === 'create-account') parsed = parseCreateAccount(rest);
    if (command === 'notice') notice = parseNotice(rest);
    if (command === 'suggestions') suggestionLimit = parseLimit(rest);
  } catch {
    console.error(USAGE);
    return 2;
  }

  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    if (notice) return await sendNotice(db, config, notice);
    if (suggestionLimit !== undefined) return await printSuggestions(db, suggestionLimit);
    if (!parsed) {
      console.log('Database is up to date.');
      return 0;
    }
    const id = await createAccount(db, parsed);
    console.log(
      `Created account ${parsed.loginAccount} (id ${id})${parsed.forcePasswordChange ? '; the first login must change the password' : ''}.`,
    );
    return 0;
  } catch (error) {
    // Refusals (bad account or password, duplicate) carry the same Chinese text the portal shows.
    console.error(error instanceof AppError ? error.message : error);
    return 1;
  } finally {
    await db.destroy();
  }
}

function parseCreateAccount(args: string[]) {
  const { values, positionals } = parseArgs({ args, options: { 'force-change': { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 2) throw new Error('expected <loginAccount> <password>');
  return { loginAccount: positionals[0], password: positionals[1], forcePasswordChange: values['force-change'] ?? false };
}

function parseNotice(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { title: { type: 'string' }, contents: { type: 'string' }, account: { type: 'string' } },
    allowPositionals: false,
  });
  if (values.title === undefined || values.contents === undefined) throw new Error('expected --title and --contents');
  return { title: values.title, contents: values.contents, account: values.account };
}

function parseLimit(args: string[]): number {
  const { values } = parseArgs({ args, options: { limit: { type: 'string' } }, allowPositionals: false });
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit is 1 to 1000');
  return limit;
}

/** The operator's inbox: one line per message, newest first (account, China time, content on one line). */
async function printSuggestions(db: ReturnType<typeof openDatabase>, limit: number): Promise<number> {
  const rows = await latestCustomerMessages(db, limit);
  if (!rows.length) console.log('No suggestions yet.');
  for (const row of rows) {
    console.log(
      `#${row.id} ${toChinaDateTime(row.createdAt)} ${row.loginAccount ?? '(visitor)'} type ${row.type}: ${row.content.replace(/\s+/g, ' ')}`,
    );
  }
  return 0;
}

/**
 * Stores a notice (system, or for one account) and, with REDIS_URL, publishes it on the realtime
 * channel so that every connected customer on every instance gets it at once.
 */
async function sendNotice(db: ReturnType<typeof openDatabase>, config: AppConfig, notice: ReturnType<typeof parseNotice>): Promise<number> {
  let customerId: number | null = null;
  if (notice.account !== undefined) {
    const row = await db.selectFrom('customers').select('id').where('loginAccount', '=', notice.account).executeTakeFirst();
    if (!row) {
      console.error(`No account ${notice.account}.`);
      return 1;
    }
    customerId = row.id;
  }
  // createNotice emits after its commit; this process has no sockets, so the event is relayed to Redis.
  const events = new ServerEvents();
  let arrived: ServerEventMap['message.arrived'] | undefined;
  events.on('message.arrived', (payload) => {
    arrived = payload;
  });
  const message = await createNotice(db, events, { customerId, title: notice.title, contents: notice.contents });
  const to = customerId === null ? 'every customer (system notice)' : `account ${notice.account}`;
  console.log(`Stored notice ${message.id} for ${to}.`);
  const atNextPoll = 'connected customers will see it at their next poll (the portal polls every 3 minutes)';
  if (!config.redisUrl) {
    console.log(`No REDIS_URL: ${atNextPoll}.`);
    return 0;
  }
  try {
    const instances = await publishOnce(config.redisUrl, config.realtimeChannel, { name: 'message.arrived', payload: arrived! });
    console.log(`Published on ${config.realtimeChannel} to ${instances} server instance(s): connected customers get it now.`);
  } catch (error) {
    // Stored already: running the command again would send it twice.
    console.error(`Redis unreachable (${error instanceof Error ? error.message : String(error)}): ${atNextPoll}.`);
  }
  return 0;
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
