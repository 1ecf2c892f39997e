'use strict';
/**
 * One read-only SQLite connection in a worker thread (sqlite-reader.ts): long reads (a year of a
 * report) run here, beside the server's own connection, and never hold its event loop. WAL lets
 * this reader see every committed write without waiting for the writer. A plain CommonJS file, so
 * that it loads as it is under tsx, jest and node alike.
 *
 * Messages in: `{ id, sql, parameters }`; out: `{ id, rows }` or `{ id, error }`.
 */
const { parentPort, workerData } = require('node:worker_threads');
const SqliteDatabase = require('better-sqlite3');

const db = new SqliteDatabase(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

/** Statements kept prepared per SQL text, the least recently used dropped first. */
const CACHE_SIZE = 200;
const statements = new Map();

function statement(sql) {
  let prepared = statements.get(sql);
  if (prepared) statements.delete(sql);
  else {
    prepared = db.prepare(sql);
    if (statements.size >= CACHE_SIZE) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, prepared);
  return prepared;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const prepared = statement(sql);
    // BEGIN and COMMIT of a read transaction return no rows; a write fails on the read-only connection.
    const rows = prepared.reader ? prepared.all(parameters) : (prepared.run(parameters), []);
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
