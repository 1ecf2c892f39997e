import { setFlagsFromString } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { migrateToLatest } from './db/migrate';

/** What an entry adds to the start: the demo's data and CRM sandbox (server/src/demo/main.ts). */
export interface StartSteps {
  /** Adds routes of the entry's own before the app is ready (the demo's pictures); nothing of the production start. */
  routes?(app: FastifyInstance): void;
  /**
   * Runs once the database is migrated, before the port opens (nothing is served yet); answers
   * what to close after the server on SIGINT / SIGTERM.
   */
  prepare?(app: FastifyInstance): Promise<(() => Promise<void>) | undefined>;
  /** Lines printed once the port is open, after the URL. */
  banner?: string[];
}

/**
 * The start both entries share: build the app (with `steps.routes`), migrate the database, `steps.prepare`, listen, and
 * close cleanly on SIGINT / SIGTERM. Nothing here writes data or starts anything but the server:
 * the production entry (main.ts) is this alone.
 */
export async function startServer(config: AppConfig, steps: StartSteps = {}): Promise<void> {
  // V8 lets a small heap grow to about four times its live size before a full collection. An
  // export streams hundreds of MB of short-lived rows through the heap, and that rule let the
  // server's memory grow by 100-120 MB during one on PostgreSQL (bench/leads.ts); collecting at
  // 1.5 times the live size keeps the growth under 20 MB.
  setFlagsFromString('--heap-growing-percent=50');
  const app = buildApp(config);
  steps.routes?.(app);
  await app.ready();
  await migrateToLatest(app.db, config.database);
  const closePrepared = (await steps.prepare?.(app)) ?? (async () => {});

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app
        .close()
        .then(closePrepared)
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  console.log(`Portal: http://localhost:${config.port}`);
  for (const line of steps.banner ?? []) console.log(line);
  if (!(await app.db.selectFrom('customers').select('id').limit(1).executeTakeFirst())) {
    console.log('No account yet: create the first with `npm run create-account -- <loginAccount> <password>` (docs/deploying.md).');
  }
}

/** Runs an entry's start; a failure (a bad variable, an unreachable database) is printed and ends the process with 1. */
export function runEntry(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
