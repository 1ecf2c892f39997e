import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DatabaseConfig } from '../config';

export type SqlDialect = DatabaseConfig['dialect'];

/** The few column types that differ between SQLite and PostgreSQL; migrations use nothing else dialect-specific. */
export interface DialectColumns {
  /** The database the migration runs on, for what only one of them has (full-text search, extensions). */
  dialect: SqlDialect;
  /** Adds an auto-increment integer primary key `id`. */
  id<TB extends string>(table: CreateTableBuilder<TB, never>): CreateTableBuilder<TB, 'id'>;
  /** Binary data. */
  bytes: 'blob' | 'bytea';
  /**
   * A table stored in its primary key's order (SQLite WITHOUT ROWID), so that a range of the key
   * reads every column without a second lookup; PostgreSQL has no such table and is unchanged.
   */
  clustered<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>): CreateTableBuilder<TB, C>;
  /**
   * What `clustered` gives SQLite, for PostgreSQL: an index on `key` carrying `include`, so that a
   * range of the key is an index-only scan (kept by autovacuum's visibility map). Nothing on SQLite,
   * whose clustered table is already read that way.
   */
  coveringIndex(db: Kysely<unknown>, name: string, table: string, key: readonly string[], include: readonly string[]): Promise<void>;
}

export function dialectColumns(dialect: SqlDialect): DialectColumns {
  return {
    dialect,
    // PostgreSQL: serial is int4, which pg returns as a JS number (bigserial would come back as a string).
    // SQLite: INTEGER PRIMARY KEY is the rowid; AUTOINCREMENT keeps ids of deleted rows from being reused.
    id: (table) =>
      dialect === 'postgres'
        ? table.addColumn('id', 'serial', (col) => col.primaryKey())
        : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()),
    bytes: dialect === 'postgres' ? 'bytea' : 'blob',
    clustered: (table) => (dialect === 'postgres' ? table : table.modifyEnd(sql`without rowid`)),
    coveringIndex: async (db, name, table, key, include) => {
      if (dialect !== 'postgres') return;
      await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.join(key.map((column) => sql.id(column)))}) include (${sql.join(include.map((column) => sql.id(column)))})`.execute(
        db,
      );
    },
  };
}
