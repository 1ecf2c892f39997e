import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  CamelCasePlugin,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from './schema';

const WORKER_FILE = path.join(__dirname, 'sqlite-reader-worker.js');

/** Read connections (worker threads) per SQLite file. */
export const SQLITE_READERS = 2;

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

/** One worker thread holding one read-only connection; runs one query at a time (the pool hands it out whole). */
class ReaderConnection implements DatabaseConnection {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly file: string) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await this.run(compiled.sql, compiled.parameters);
    return { rows: rows as R[] };
  }

  // eslint-disable-next-line require-yield -- Kysely's interface; no report streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The SQLite readers do not stream; read in batches.');
  }

  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = this.started();
    const id = (this.nextId += 1);
    return new Promise<unknown[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, parameters });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  /** The worker, started on first use and again after one died (its queries fail, the next start afresh). */
  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE, { workerData: { file: this.file } });
    worker.on('message', ({ id, rows, error }: { id: number; rows?: unknown[]; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(rows ?? []);
    });
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(new Error('The SQLite reader stopped.'));
      this.pending.clear();
    });
    this.worker = worker;
    return worker;
  }
}

/** Hands each query (or transaction) a reader of its own; the next waits for one to be released. */
class ReaderDriver implements Driver {
  private readonly free: ReaderConnection[];
  private readonly all: ReaderConnection[];
  private readonly waiting: Array<(connection: ReaderConnection) => void> = [];

  constructor(file: string, readers: number) {
    this.all = Array.from({ length: readers }, () => new ReaderConnection(file));
    this.free = [...this.all];
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.free.pop();
    if (connection) return connection;
    return new Promise<ReaderConnection>((resolve) => this.waiting.push(resolve));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const next = this.waiting.shift();
    if (next) next(connection as ReaderConnection);
    else this.free.push(connection as ReaderConnection);
  }

  // A read transaction (one snapshot for several queries) on the connection's own reader.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as ReaderConnection).run('begin', []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as ReaderConnection).run('commit', []);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as ReaderConnection).run('rollback', []);
  }

  async destroy(): Promise<void> {
    await Promise.all(this.all.map((connection) => connection.close()));
  }
}

class SqliteReaderDialect implements Dialect {
  constructor(
    private readonly file: string,
    private readonly readers: number,
  ) {}

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver() {
    return new ReaderDriver(this.file, this.readers);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * Long reads of a SQLite database off the event loop: a Kysely instance whose queries run on
 * read-only connections in worker threads (`readers` of them, each running one query at a time).
 * better-sqlite3 runs a query synchronously, so a year-long report on the server's own connection
 * (0.8 s on a million leads) would hold every other customer's call meanwhile; here it holds one
 * reader. The reports read through it (`app.readDb`); every write, and every short read, stays on
 * the server's connection. Read-only: a write through it fails.
 */
export function openSqliteReaders(file: string, readers = SQLITE_READERS): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteReaderDialect(file, readers), plugins: [new CamelCasePlugin()] });
}
