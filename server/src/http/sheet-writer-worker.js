'use strict';
/**
 * Writes a report export in a worker thread (spreadsheet.ts), off the server's event loop: the
 * table's neutralised cells come in, the file's bytes go back (transferred, not copied). A plain
 * CommonJS file, so that it loads as it is under tsx, jest and node alike.
 *
 * Input: `{ format: 'xlsx' | 'csv', cells, widths, sheetName }`; answer: a Uint8Array.
 */
const { parentPort, workerData } = require('node:worker_threads');
const XLSX = require('@e965/xlsx');
const { stringify } = require('csv-stringify/sync');

function write({ format, cells, widths, sheetName }) {
  // The BOM spreadsheet programs need to read UTF-8.
  if (format === 'csv') return new TextEncoder().encode(`\uFEFF${stringify(cells)}`);
  const sheet = XLSX.utils.aoa_to_sheet(cells);
  sheet['!cols'] = widths.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }));
}

const bytes = write(workerData);
parentPort.postMessage(bytes, [bytes.buffer]);
