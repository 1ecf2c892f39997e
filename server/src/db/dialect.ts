import { PostgresAdapter } from 'kysely';
import type { Db } from './schema';

/** Whether `db` (a connection or a transaction) runs on PostgreSQL rather than SQLite. */
export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
