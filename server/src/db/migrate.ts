import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { DatabaseConfig } from '../config';
import { dialectColumns } from './columns';
import { migrations } from './migrations';
import type { Database } from './schema';

/** Tries of the migrator when another schema vanished under its look (see migrateToLatest). */
const SCHEMA_RACE_TRIES = 3;

/**
 * Brings the database to the latest migration; throws when one fails (the migration runs in a
 * transaction). On PostgreSQL the migrator's look for its bookkeeping table reads every schema's
 * tables, and another schema dropped at that moment (parallel test suites, an operator's cleanup)
 * fails the look with 3F000 although ours is whole: that look is tried again, a few times.
 */
export async function migrateToLatest(db: Kysely<Database>, config: DatabaseConfig): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db, config);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      if (config.dialect !== 'postgres' || cause?.code !== '3F000' || attempt >= SCHEMA_RACE_TRIES) throw error;
    }
  }
}

async function migrateOnce(db: Kysely<Database>, config: DatabaseConfig): Promise<void> {
  const columns = dialectColumns(config.dialect);
  const provided: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      { up: (tx) => migration.up(tx, columns), down: migration.down && ((tx) => migration.down!(tx, columns)) },
    ]),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => provided },
    // Kysely looks for its bookkeeping table in every schema it can see; naming ours keeps a
    // PostgreSQL database that holds other schemas (parallel test suites) from confusing it.
    ...(config.dialect === 'postgres' ? { migrationTableSchema: config.schema ?? 'public' } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    // The cause's own text in the message: the CLI prints only the message.
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new Error(`Migration ${failed?.migrationName ?? '(bookkeeping)'} failed${reason}`, { cause: error });
  }
}
