import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type BenchDialect = 'sqlite' | 'postgres';

/**
 * A fresh database for one benchmark run: a new SQLite file, or a new PostgreSQL schema (on
 * DATABASE_URL, else the machine's `test` database) that `drop` removes. `env` is what the
 * server processes need to use it.
 */
export async function benchDatabase(dialect: BenchDialect, name: string): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    return {
      env: { DATABASE_URL: '', SQLITE_PATH: join(mkdtempSync(join(tmpdir(), `portal-bench-${name}-`)), 'bench.sqlite') },
      drop: async () => {},
    };
  }
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    async drop() {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
