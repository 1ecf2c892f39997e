import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config';
import { openDatabase } from '../db/database';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/** Opens the database as `app.db` and closes it with the app. Migrating is the caller's step (main, CLI, tests). */
export const dbPlugin = fp<{ database: DatabaseConfig }>(
  async (app, { database }) => {
    const db = openDatabase(database, (err) => app.log.error({ err }, 'PostgreSQL pool error'));
    app.decorate('db', db);
    app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db' },
);
