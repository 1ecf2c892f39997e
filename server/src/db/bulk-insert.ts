import { CompiledQuery, type Insertable } from 'kysely';
import type { Database, Db } from './schema';

/** Parameters per statement: under SQLite's 32766 and PostgreSQL's 65535. */
const MAX_PARAMETERS = 30_000;

/**
 * Inserts many rows fast (seed, tests): Kysely builds the statement of the first row (table,
 * column names, placeholder style), then each batch reuses it with one parameterised tuple per
 * row. Building a big multi-row insert through the query builder costs ~0.4 ms a row; this
 * costs almost nothing beyond the database's own work. Every row must set the same columns
 * (values are always bound parameters, never SQL text). Run it in a transaction for speed.
 */
export async function bulkInsert<T extends keyof Database & string>(db: Db, table: T, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void> {
  if (rows.length === 0) return;
  const first = rows[0] as Record<string, unknown>;
  const columns = Object.keys(first).filter((column) => first[column] !== undefined);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one row of the table, typed by the caller's signature
  const row = first as any;
  const probe = db.insertInto(table).values(row).compile();
  const valuesAt = probe.sql.lastIndexOf(' values ');
  const expected = columns.map((column) => first[column]);
  if (valuesAt < 0 || probe.parameters.length !== expected.length || probe.parameters.some((value, i) => value !== expected[i])) {
    throw new Error(`bulkInsert(${table}): unexpected statement shape`);
  }
  const head = probe.sql.slice(0, valuesAt + ' values '.length);
  const numbered = probe.sql.includes('$1');
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));

  for (let start = 0; start < rows.length; start += perStatement) {
    const parameters: unknown[] = [];
    const tuples: string[] = [];
    for (const row of rows.slice(start, start + perStatement) as Array<Record<string, unknown>>) {
      const placeholders = columns.map((column) => {
        parameters.push(row[column] ?? null);
        return numbered ? `$${parameters.length}` : '?';
      });
      tuples.push(`(${placeholders.join(', ')})`);
    }
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), parameters));
  }
}
