import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config';
import { openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { openSqliteReaders } from '../db/sqlite-reader';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /**
     * Where the long reads go (the reports and exports over a range): on SQLite, read-only
     * connections in worker threads (db/sqlite-reader.ts), so that a year of a report never holds
     * the event loop; on PostgreSQL, whose queries never hold it, `db` itself. Reads only.
     */
    readDb: Kysely<Database>;
  }
}

/** Opens the database as `app.db` (and `app.readDb`) and closes it with the app. Migrating is the caller's step (main, CLI, tests). */
export const dbPlugin = fp<{ database: DatabaseConfig }>(
  async (app, { database }) => {
    const db = openDatabase(database, (err) => app.log.error({ err }, 'PostgreSQL pool error'));
    const readDb = database.dialect === 'sqlite' ? openSqliteReaders(database.path) : db;
    app.decorate('db', db);
    app.decorate('readDb', readDb);
    app.addHook('onClose', async () => {
      if (readDb !== db) await readDb.destroy();
      await db.destroy();
    });
  },
  { name: 'db' },
);
