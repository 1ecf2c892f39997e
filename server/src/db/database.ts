import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';

/** PostgreSQL's int8 type: what COUNT(*) and SUM(integer) return. */
const PG_INT8_OID = 20;

/**
 * Counts and sums come back from pg as strings (int8 may exceed 2^53). Ours are row counts
 * and daily totals far below that, so this pool parses them as numbers, like SQLite returns them.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function openSqlite(file: string): SqliteDatabase.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the one writer; the busy timeout waits out short write locks
  // (the CLI and the server may share the file); SQLite leaves foreign keys off unless asked.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

/** Statements kept prepared per SQL text (at most this many, the least recently used dropped first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely sees it, with its statements cached: Kysely prepares every query it runs,
 * and preparing costs more than running most of ours. One connection runs one query at a time
 * (Kysely queues them), so a cached statement is never used twice at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): Pick<SqliteDatabase.Database, 'prepare' | 'close'> {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare: ((source: string) => {
      let statement = statements.get(source);
      if (statement) {
        statements.delete(source);
      } else {
        statement = sqlite.prepare(source);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(source, statement);
      return statement;
    }) as SqliteDatabase.Database['prepare'],
    close: () => sqlite.close(),
  };
}

function openPool(url: string, schema: string | undefined, onPoolError: (error: Error) => void): pg.Pool {
  // The schema name goes into a connection option verbatim, so only plain identifiers pass.
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  const pool = new pg.Pool({ connectionString: url, types: pgTypes, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  // An idle connection dropped by the server (restart, failover) is an 'error' event; unhandled, it would end the process.
  pool.on('error', onPoolError);
  return pool;
}

/** A Kysely instance for the configured database; `destroy()` closes it. */
export function openDatabase(
  config: DatabaseConfig,
  onPoolError: (error: Error) => void = (error) => console.error('PostgreSQL pool error', error),
): Kysely<Database> {
  const dialect =
    config.dialect === 'sqlite'
      ? new SqliteDialect({ database: withStatementCache(openSqlite(config.path)) })
      : new PostgresDialect({ pool: openPool(config.url, config.schema, onPoolError) });
  return new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
}
