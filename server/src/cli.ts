import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { AppError } from './http/errors';
import { createAccount } from './modules/auth/service';

const USAGE = `Usage:
  create-account <loginAccount> <password> [--force-change]   create a customer account
  migrate                                                     bring the database to the latest schema`;

/** Runs one command against the configured database; returns the process exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create-account' && command !== 'migrate') {
    console.error(USAGE);
    return 2;
  }
  let parsed: ReturnType<typeof parseCreateAccount> | undefined;
  if (command === 'create-account') {
    try {
      parsed = parseCreateAccount(rest);
    } catch {
      console.error(USAGE);
      return 2;
    }
  }

  const config = loadConfig(env);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database);
    if (!parsed) {
      console.log('Database is up to date.');
      return 0;
    }
    const id = await createAccount(db, parsed);
    console.log(`Created account ${parsed.loginAccount} (id ${id})${parsed.forcePasswordChange ? '; the first login must change the password' : ''}.`);
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

if (require.main === module) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
