'use strict';
/**
 * Reads an import sheet in a worker thread (sheet-pool.ts), off the server's event loop: the
 * file's bytes come in (a transferred ArrayBuffer), plain data goes back. A plain CommonJS file,
 * so that it loads as it is under tsx, jest and node alike.
 *
 * Answer: `{ error: 'unreadable' }`, or `{ formula, rowsBeyond, wide, fullRows, cells }`:
 * whether any sheet holds a formula, whether the first sheet holds a cell in the row after the
 * `rows` allowed, or in a column past `columns`, the rows its dimension declares (an .xls's
 * DIMENSIONS; 0 when SheetJS read it whole), and its cells as [row, column, {t, v, w}].
 */
const { parentPort, workerData } = require('node:worker_threads');
const XLSX = require('@e965/xlsx');

function read({ bytes, rows, columns }) {
  let book;
  try {
    book = XLSX.read(new Uint8Array(bytes), {
      type: 'array',
      dense: true,
      cellFormula: true,
      cellHTML: false,
      cellDates: false,
      // One row past the header and the rows allowed: a cell there means the sheet is too long.
      sheetRows: rows + 1,
      bookVBA: false,
      WTF: false,
    });
  } catch {
    return { error: 'unreadable' };
  }
  const sheets = book.SheetNames.map((name) => book.Sheets[name]).filter(Boolean);
  if (sheets.length === 0) return { error: 'unreadable' };
  let formula = false;
  let rowsBeyond = false;
  let wide = false;
  const cells = [];
  sheets.forEach((sheet, index) => {
    (sheet['!data'] || []).forEach((row, r) => {
      (row || []).forEach((cell, c) => {
        if (!cell) return;
        if (typeof cell.f === 'string' && cell.f !== '') formula = true;
        if (index !== 0 || cell.v === undefined || cell.v === null) return;
        if (r >= rows) rowsBeyond = true;
        if (c >= columns) wide = true;
        else if (r < rows) cells.push([r, c, { t: cell.t, v: cell.v, w: cell.w }]);
      });
    });
  });
  const full = sheets[0]['!fullref'];
  const fullRows = full ? XLSX.utils.decode_range(full).e.r + 1 : 0;
  return { formula, rowsBeyond, wide, fullRows, cells };
}

parentPort.postMessage(read(workerData));
