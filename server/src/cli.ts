import { parseArgs } from 'node:util';
import { type AppConfig, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { AppError } from './http/errors';
import { createAccount } from './modules/auth/service';
import { issueSsoToken, ssoLinkUrl } from './modules/auth/sso';
import { latestCustomerMessages } from './modules/messages/repo';
import { createNotice } from './modules/messages/service';
import { chinaToday, toChinaDateTime } from './lib/time';
import { bookDay } from './modules/ledger/job';
import { topUp } from './modules/ledger/service';
import { chinaDate, SSO_TOKEN_DEFAULT_MINUTES, SSO_TOKEN_MAX_MINUTES } from '@portal/contracts';
import { fenToYuan, TopupType } from '@portal/contracts/reports';
import { wholeOption, yuanOption } from './lib/cli-options';
import { publishOnce } from './realtime/bridge';
import { CONTENT_USAGE, runContentCli } from './modules/public-content/cli';
import { MALL_COMMANDS, MALL_USAGE, type MallCommandName, runMallCli } from './modules/mall/cli';
import { HELP_COMMANDS, HELP_USAGE, type HelpCommandName, runHelpCli } from './modules/help/cli';
import { type ServerEventMap, ServerEvents } from './realtime/events';

const USAGE = `Usage:
  create-account <loginAccount> <password> [--force-change]   create a customer account
  migrate                                                     bring the database to the latest schema
  notice --title <title> --contents <text> [--account <loginAccount>]
                                                              send a notice: to every customer (system), or to one account
  suggestions [--limit <n>]                                   print the newest suggestions customers sent (default 20)
  ledger topup --account <loginAccount> --item <id> --money <yuan> [--type 1|2] [--remark <text>] [--date YYYY-MM-DD]
                                                              top up a project (yuan, up to 2 decimals; type 1 normal, 2 intelligent;
                                                              date: the arrival day, default today)
  ledger consume --date YYYY-MM-DD [--account <loginAccount>] book that day's consumption (as the daily job does; idempotent)
  assign-mode --account <loginAccount> --mode 1|2|3            set how the account assigns leads by hand (1 to staff,
                                                              2 to a channel source, 3 pushed straight to its CRM)
  sso-link --account <loginAccount> [--minutes <1-15>] [--origin <https://host>]
                                                              print a single-use login link for the account (default
                                                              5 minutes; origin default http://localhost:8080)
${CONTENT_USAGE}
${MALL_USAGE}
${HELP_USAGE}`;

const COMMANDS = new Set<string>([
  'create-account',
  'migrate',
  'notice',
  'suggestions',
  'ledger',
  'assign-mode',
  'content',
  'sso-link',
  ...MALL_COMMANDS,
  ...HELP_COMMANDS,
]);

/** Where the portal is when `sso-link` is not told (the server's default port, locally). */
export const DEFAULT_SSO_ORIGIN = 'http://localhost:8080';

/** Runs one command against the configured database; returns the process exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (!COMMANDS.has(command)) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'content') return runContentCli(rest, env, USAGE);
  if ((MALL_COMMANDS as readonly string[]).includes(command)) return runMallCli(command as MallCommandName, rest, env, USAGE);
  if ((HELP_COMMANDS as readonly string[]).includes(command)) return runHelpCli(command as HelpCommandName, rest, env, USAGE);
  let parsed: ReturnType<typeof parseCreateAccount> | undefined;
  let notice: ReturnType<typeof parseNotice> | undefined;
  let suggestionLimit: number | undefined;
  let ledger: LedgerCommand | undefined;
  let assignMode: { account: string; mode: number } | undefined;
  let ssoLink: ReturnType<typeof parseSsoLink> | undefined;
  try {
    if (command === 'sso-link') ssoLink = parseSsoLink(rest);
    if (command === 'assign-mode') assignMode = parseAssignMode(rest);
    if (command === 'ledger') ledger = parseLedger(rest);
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
    if (ledger) return await runLedger(db, ledger);
    if (ssoLink) return await printSsoLink(db, ssoLink);
    if (assignMode) return await setAssignMode(db, assignMode);
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

function parseAssignMode(args: string[]) {
  const { values } = parseArgs({ args, options: { account: { type: 'string' }, mode: { type: 'string' } }, allowPositionals: false });
  if (values.account === undefined || !['1', '2', '3'].includes(values.mode ?? '')) throw new Error('expected --account and --mode 1|2|3');
  return { account: values.account, mode: Number(values.mode) };
}

/** The operator's switch of an account's manual-assignment mode (spec 001: the server decides it, not a role). */
async function setAssignMode(db: ReturnType<typeof openDatabase>, command: { account: string; mode: number }): Promise<number> {
  const row = await db.selectFrom('customers').select('id').where('loginAccount', '=', command.account).executeTakeFirst();
  if (!row) {
    console.error(`No account ${command.account}.`);
    return 1;
  }
  await db
    .insertInto('customerSettings')
    .values({ customerId: row.id, assignResourceType: command.mode })
    .onConflict((conflict) => conflict.column('customerId').doUpdateSet({ assignResourceType: command.mode }))
    .execute();
  console.log(`${command.account} now assigns leads by hand in mode ${command.mode}.`);
  return 0;
}

function parseSsoLink(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { account: { type: 'string' }, minutes: { type: 'string' }, origin: { type: 'string' } },
    allowPositionals: false,
  });
  if (values.account === undefined) throw new Error('expected --account');
  const minutesText = values.minutes ?? String(SSO_TOKEN_DEFAULT_MINUTES);
  const minutes = Number(minutesText);
  if (!/^\d{1,2}$/.test(minutesText) || minutes < 1 || minutes > SSO_TOKEN_MAX_MINUTES) throw new Error(`--minutes is 1 to ${SSO_TOKEN_MAX_MINUTES}`);
  // A bare origin (scheme, host, port): the link's path is the portal's own /login.
  const originText = values.origin ?? DEFAULT_SSO_ORIGIN;
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(originText)) throw new Error('--origin is http(s)://host[:port]');
  return { account: values.account, minutes, origin: new URL(originText).origin };
}

/** Issues a single-sign-on link (modules/auth/sso.ts) and prints it alone on stdout; its expiry goes to stderr. */
async function printSsoLink(db: ReturnType<typeof openDatabase>, command: ReturnType<typeof parseSsoLink>): Promise<number> {
  const issued = await issueSsoToken(db, command.account, command.minutes);
  if (issued.kind === 'unknown-account') {
    console.error(`No account ${command.account}.`);
    return 1;
  }
  if (issued.kind === 'must-change-password') {
    console.error(`Account ${command.account} must change its password at its next login: log in with the password instead.`);
    return 1;
  }
  console.log(ssoLinkUrl(command.origin, issued.token));
  console.error(`Single-use login link for ${command.account}, valid until ${toChinaDateTime(issued.expiresAt)} (China time).`);
  return 0;
}

function parseLimit(args: string[]): number {
  const { values } = parseArgs({ args, options: { limit: { type: 'string' } }, allowPositionals: false });
  return wholeOption(values.limit, 'limit', { min: 1, max: 1000, fallback: 20 });
}

type LedgerCommand =
  | { kind: 'topup'; account: string; itemId: number; money: number; type: number; remark: string; payTime: string }
  | { kind: 'consume'; day: string; account?: string };

const dayOption = (value: string | undefined, fallback?: string): string => {
  const day = value ?? fallback;
  if (day === undefined || !chinaDate().safeParse(day).success) throw new Error('expected a day YYYY-MM-DD');
  return day;
};

function parseLedger(args: string[]): LedgerCommand {
  const [sub, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      account: { type: 'string' },
      item: { type: 'string' },
      money: { type: 'string' },
      type: { type: 'string' },
      remark: { type: 'string' },
      date: { type: 'string' },
    },
    allowPositionals: false,
  });
  if (sub === 'consume') {
    if (values.item !== undefined || values.money !== undefined || values.type !== undefined || values.remark !== undefined)
      throw new Error('consume takes --date and --account');
    return { kind: 'consume', day: dayOption(values.date), account: values.account };
  }
  if (sub !== 'topup') throw new Error('expected topup or consume');
  if (values.account === undefined || values.item === undefined || values.money === undefined)
    throw new Error('expected --account, --item and --money');
  if (!/^[1-9]\d{0,9}$/.test(values.item) || Number(values.item) > 2147483647) throw new Error('--item is a project id');
  const type = values.type === undefined ? TopupType.Normal : Number(values.type);
  if (values.type !== undefined && values.type !== '1' && values.type !== '2') throw new Error('--type is 1 or 2');
  return {
    kind: 'topup',
    account: values.account,
    itemId: Number(values.item),
    money: yuanOption(values.money, 'money', 1),
    type,
    remark: values.remark ?? '',
    payTime: dayOption(values.date, chinaToday()),
  };
}

/** Tops a project up, or books a day's consumption; prints what it did. Notices go out by database (seen at the next poll). */
async function runLedger(db: ReturnType<typeof openDatabase>, command: LedgerCommand): Promise<number> {
  let customerId: number | undefined;
  if (command.account !== undefined) {
    const row = await db.selectFrom('customers').select('id').where('loginAccount', '=', command.account).executeTakeFirst();
    if (!row) {
      console.error(`No account ${command.account}.`);
      return 1;
    }
    customerId = row.id;
  }
  const events = new ServerEvents();
  if (command.kind === 'topup') {
    const { id, state } = await topUp(db, events, {
      customerId: customerId!,
      itemId: command.itemId,
      money: command.money,
      type: command.type,
      payTime: command.payTime,
      remark: command.remark,
    });
    console.log(
      `Top-up ${id}: ${fenToYuan(command.money)} yuan to project ${command.itemId} of ${command.account} (arrival ${command.payTime}); balance ${fenToYuan(state.balance)} yuan, ${state.canConsumeDay === null ? 'no estimate of days' : `about ${state.canConsumeDay} day(s)`}.`,
    );
    return 0;
  }
  const results = await bookDay(db, events, command.day, { customerId });
  const booked = results.filter((result) => result.booked);
  for (const result of booked) {
    console.log(
      `Booked ${command.day} project ${result.itemId}: ${fenToYuan(result.costMoney)} yuan; balance ${fenToYuan(result.state.balance)} yuan${result.noticed ? ' (low-balance notice sent)' : ''}.`,
    );
  }
  console.log(`Booked ${booked.length} project(s) for ${command.day}; ${results.length - booked.length} already booked.`);
  return 0;
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
