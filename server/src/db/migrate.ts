import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { DatabaseConfig } from '../config';
import { dialectColumns } from './columns';
import { migrations } from './migrations';
import type { Database } from './schema';

/** Brings the database to the latest migration; throws when one fails (the migration runs in a transaction). */
export async function migrateToLatest(db: Kysely<Database>, config: DatabaseConfig): Promise<void> {
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
