import path from 'node:path';
import { XLSX_MIME } from '@portal/contracts/endpoints';
import type { ReportFormat } from '@portal/contracts/reports';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { type WorkerBudget, WorkerPool } from '../lib/worker-pool';
import { asDownload } from './download';
import { AppError, tooManyRequests } from './errors';
import { ServerMessage } from './messages';

/**
 * Report exports: one table (header, rows, and the summary row last) as an .xlsx workbook
 * written by SheetJS (`@e965/xlsx`, 0.20.3), or as CSV (UTF-8 with BOM), in a worker thread.
 * Report tables are bounded (a year of days, a customer's projects), so the file is built in
 * memory.
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

/** What an export may ask of the writing workers: tables are bounded, so these are generous. */
export const SHEET_WRITE_BUDGET: WorkerBudget = { workers: 2, queue: 32, timeoutMs: 30_000, maxOldGenerationSizeMb: 256 };

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker threads that write export files (spreadsheetPlugin). */
    sheetWriter: WorkerPool;
  }
}

/**
 * Export files are written in worker threads (sheet-writer-worker.js): zipping a workbook of a
 * year of rows takes the CPU for a while, and on the event loop it would hold every other
 * customer's call meanwhile. At most two are written at once, server-wide, 32 more wait; past
 * them 429. Each session runs at most two exports anyway (plugins/heavy-calls.ts).
 */
export const spreadsheetPlugin = fp(
  async (app) => {
    const writer = new WorkerPool(path.join(__dirname, 'sheet-writer-worker.js'), SHEET_WRITE_BUDGET, {
      busy: () => tooManyRequests(ServerMessage.ExportsBusy, 2000),
      timeout: () => new AppError(503, '503', ServerMessage.Timeout),
      // A table too big for the worker's heap: a fault of ours, answered as every 5xx is.
      died: () => new Error('the export worker died'),
    });
    app.decorate('sheetWriter', writer);
    app.addHook('onClose', () => writer.close());
  },
  { name: 'spreadsheet' },
);

/** The file's bytes, written off the event loop. */
export async function tableFile(writer: WorkerPool, table: SheetTable, format: ReportFormat): Promise<Buffer> {
  const bytes = await writer.run<Uint8Array>({
    format,
    cells: tableCells(table),
    widths: table.header.map((title) => Math.max(10, title.length * 2 + 2)),
    // Sheet names: at most 31 characters, none of : \ / ? * [ ].
    sheetName: table.sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31),
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Sends the table as a download in `format`. */
export async function sendTable(reply: FastifyReply, table: SheetTable, format: ReportFormat): Promise<FastifyReply> {
  const body = await tableFile(reply.server.sheetWriter, table, format);
  return (
    asDownload(
      reply.type(format === 'xlsx' ? XLSX_MIME : 'text/csv; charset=utf-8'),
      `${table.fileName}.${format}`,
      `${table.asciiFileName}.${format}`,
    )
      // Bytes, not a schema-serialized body (a file entry's response schemas list only the errors).
      .send(body as never)
  );
}
