import { stringify } from 'csv-stringify/sync';
import * as XLSX from '@e965/xlsx';
import { XLSX_MIME } from '@portal/contracts/endpoints';
import type { ReportFormat } from '@portal/contracts/reports';
import type { FastifyReply } from 'fastify';
import { asDownload } from './download';

/**
 * Report exports: one table (header, rows, and the summary row last) as an .xlsx workbook
 * written by SheetJS (`@e965/xlsx`, 0.20.3), or as CSV (UTF-8 with BOM). Report tables are
 * bounded (a year of days, a customer's projects), so the file is built in memory.
 *
 * Formula injection: text cells starting with = + - @, a tab or a carriage return get a leading
 * single quote, in both formats (xlsx cells are written as text, never as formulas, but a user
 * may save the sheet as CSV). Numbers stay numbers.
 */
export type Cell = string | number | null;

export interface SheetTable {
  /** The download's name without extension, Chinese allowed ('接收报表_2025-01-01至2025-01-31'). */
  fileName: string;
  /** ASCII fallback name without extension ('receive-2025-01-01-2025-01-31'). */
  asciiFileName: string;
  sheetName: string;
  header: readonly string[];
  rows: ReadonlyArray<readonly Cell[]>;
  /** The summary row (合计), written last. */
  summary?: readonly Cell[];
}

export const safeText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const safeCell = (cell: Cell): string | number => (cell === null ? '' : typeof cell === 'number' ? cell : safeText(cell));

/** The table's cells in order, header first, summary last, each neutralised. */
export function tableCells(table: SheetTable): Array<Array<string | number>> {
  const body = table.summary ? [...table.rows, table.summary] : table.rows;
  return [table.header.map(safeText), ...body.map((row) => row.map(safeCell))];
}

/** The workbook's bytes: one sheet of the table. */
export function xlsxBuffer(table: SheetTable): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(tableCells(table));
  sheet['!cols'] = table.header.map((title) => ({ wch: Math.max(10, title.length * 2 + 2) }));
  const book = XLSX.utils.book_new();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  XLSX.utils.book_append_sheet(book, sheet, table.sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** The CSV's text, with the BOM spreadsheet programs need to read UTF-8. */
export const csvText = (table: SheetTable): string => `\uFEFF${stringify(tableCells(table))}`;

/** Sends the table as a download in `format`. */
export function sendTable(reply: FastifyReply, table: SheetTable, format: ReportFormat): FastifyReply {
  const xlsx = format === 'xlsx';
  const body = xlsx ? xlsxBuffer(table) : csvText(table);
  return (
    asDownload(reply.type(xlsx ? XLSX_MIME : 'text/csv; charset=utf-8'), `${table.fileName}.${format}`, `${table.asciiFileName}.${format}`)
      // Bytes, not a schema-serialized body (a file entry's response schemas list only the errors).
      .send(body as never)
  );
}
