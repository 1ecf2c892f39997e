import * as XLSX from '@e965/xlsx';
import { IMPORT_COLUMNS, type ImportColumnKey, parseTimeStr, formatTimeStr, SCHEDULE_LIMITS, ScheduleMessage } from '@portal/contracts/schedule';
import { badRequest } from '../../http/errors';
import type { SheetParser } from './sheet-pool';
import { inflatesAsDeclared, inspectZip, isZip } from './zip-guard';

/**
 * The schedule import sheet (spec 001 section 3 "Shift import form", section 5 "Import accepts
 * xls and xlsx only"): the file checks, the reading of the first sheet's rows by the
 * IMPORT_COLUMNS headers, and the template the page downloads. Read with SheetJS (`@e965/xlsx`
 * 0.20.3, not the npm `xlsx` 0.18.5 with its known parsing flaws), and only after the bytes are
 * known to be an xls (OLE) or a bounded xlsx (zip-guard.ts).
 */

/** The OLE compound file signature of an .xls. */
const OLE_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const isOle = (bytes: Buffer): boolean => bytes.length >= 8 && bytes.subarray(0, 8).equals(OLE_MAGIC);

/** Rows an import sheet may declare or hold: the header and SCHEDULE_LIMITS.importRows. */
const SHEET_ROWS = SCHEDULE_LIMITS.importRows + 1;
/** Columns an import sheet may declare or hold (the template has six). */
const SHEET_COLUMNS = SCHEDULE_LIMITS.importColumns;
/** Names of unknown staff or groups listed in one message. */
const NAMES_LISTED = 10;

/** One data row of the sheet, checked and parsed; `row` is its row number in the sheet (the header is row 1). */
export interface SheetRow {
  row: number;
  userName: string;
  /** '' when not given. */
  phone: string;
  /** The accept group's name; '' when not given. */
  acceptGroup: string;
  dataNum: number | null;
  dataNumLimit: number | null;
  timeStr: string;
}

/** `第3行：...`, the row-numbered form of a message. */
export const rowMessage = (row: number, message: string): string => `第${row}行：${message}`;

/** A name as long as a message may quote it. */
const NAME_QUOTED = 20;

/** Names for a message: the first NAMES_LISTED (each cut to NAME_QUOTED characters), then '等'. */
export const listNames = (names: readonly string[]): string => {
  const quoted = names.slice(0, NAMES_LISTED).map((name) => (name.length > NAME_QUOTED ? `${name.slice(0, NAME_QUOTED)}…` : name));
  return names.length > NAMES_LISTED ? `${quoted.join('、')}等` : quoted.join('、');
};

/**
 * 400 unless the file is an .xls or .xlsx by name and by content, and, when a zip, a bounded one
 * whose worksheets declare no more than SHEET_ROWS rows and SHEET_COLUMNS columns (refused
 * unread; a dimension that lies is caught by what the parse finds).
 */
export function checkSpreadsheetFile(fileName: string, bytes: Buffer): void {
  const extension = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if ((extension !== 'xls' && extension !== 'xlsx') || !(isZip(bytes) || isOle(bytes))) throw badRequest(ScheduleMessage.ImportFormat);
  if (!isZip(bytes)) return;
  const facts = inspectZip(bytes);
  if (!facts) throw badRequest(ScheduleMessage.ImportUnreadable);
  for (const dimension of facts.dimensions) {
    const range = XLSX.utils.decode_range(dimension);
    if (range.e.r + 1 > SHEET_ROWS) throw badRequest(ScheduleMessage.ImportTooManyRows);
    if (range.e.c + 1 > SHEET_COLUMNS) throw badRequest(ScheduleMessage.ImportTooManyColumns);
  }
  // Only a sheet whose dimension fits is inflated in full (within ZIP_LIMITS).
  if (!inflatesAsDeclared(bytes, facts)) throw badRequest(ScheduleMessage.ImportUnreadable);
}

/**
 * The first sheet's cells, read by `parser` off the event loop (at most SHEET_ROWS + 1 rows and
 * SHEET_COLUMNS columns of them): 400 for an unreadable file, a formula in any sheet, a sheet
 * longer or wider than the template takes (whatever its dimension said).
 */
async function readFirstSheet(parser: SheetParser, bytes: Buffer): Promise<XLSX.WorkSheet> {
  const parsed = await parser.parse(bytes, SHEET_ROWS, SHEET_COLUMNS);
  if (parsed.error) throw badRequest(ScheduleMessage.ImportUnreadable);
  if (parsed.formula) throw badRequest(ScheduleMessage.ImportFormula);
  if (parsed.rowsBeyond || parsed.fullRows > SHEET_ROWS) throw badRequest(ScheduleMessage.ImportTooManyRows);
  if (parsed.wide) throw badRequest(ScheduleMessage.ImportTooManyColumns);
  const sheet: XLSX.WorkSheet = {};
  if (parsed.cells.length === 0) return sheet;
  const range = { s: { r: Infinity, c: Infinity }, e: { r: 0, c: 0 } };
  for (const [r, c, cell] of parsed.cells) {
    sheet[XLSX.utils.encode_cell({ r, c })] = cell as XLSX.CellObject;
    range.s = { r: Math.min(range.s.r, r), c: Math.min(range.s.c, c) };
    range.e = { r: Math.max(range.e.r, r), c: Math.max(range.e.c, c) };
  }
  sheet['!ref'] = XLSX.utils.encode_range(range);
  return sheet;
}

/** The text of a cell as the user sees it ('' for none): whole numbers plainly, others as formatted (a time cell '9:00'). */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (typeof cell.v === 'number') return Number.isInteger(cell.v) ? String(cell.v) : (cell.w ?? String(cell.v));
  return String(cell.v).trim();
}

/** A quantity cell: '' is null; else a whole number from 0 to `max`. */
function quantityOf(cell: XLSX.CellObject | undefined, max: number, message: string, row: number): number | null {
  if (!cell || cell.v === undefined || cell.v === null || cellText(cell) === '') return null;
  const value = typeof cell.v === 'number' ? cell.v : /^\d{1,6}$/.test(cellText(cell)) ? Number(cellText(cell)) : Number.NaN;
  if (!Number.isInteger(value) || value < 0 || value > max) throw badRequest(rowMessage(row, message));
  return value;
}

/** The sheet's used range, or null for an empty sheet. */
const rangeOf = (sheet: XLSX.WorkSheet): XLSX.Range | null => (sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : null);

/**
 * The data rows of an import file's first sheet. 400 with the reason for anything it cannot take:
 * not an xls/xlsx, unreadable, a formula anywhere, a sheet over the template's bounds, a required
 * column missing, no rows, too many rows, a row without a name, a quantity or time range that is
 * not valid (row-numbered). Parsed by `parser`, off the event loop.
 */
export async function readImportSheet(parser: SheetParser, fileName: string, bytes: Buffer): Promise<SheetRow[]> {
  checkSpreadsheetFile(fileName, bytes);
  const sheet = await readFirstSheet(parser, bytes);
  const range = rangeOf(sheet);
  if (!range) throw badRequest(`${ScheduleMessage.ImportMissingColumns}${requiredHeaders().join('、')}`);

  // Headers: the first row, by their text.
  const columns = new Map<ImportColumnKey, number>();
  for (let c = range.s.c; c <= range.e.c; c += 1) {
    const header = cellText(sheet[XLSX.utils.encode_cell({ r: range.s.r, c })]);
    const column = IMPORT_COLUMNS.find((candidate) => candidate.header === header);
    if (column && !columns.has(column.key)) columns.set(column.key, c);
  }
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !columns.has(column.key)).map((column) => column.header);
  if (missing.length) throw badRequest(`${ScheduleMessage.ImportMissingColumns}${missing.join('、')}`);

  const cell = (r: number, key: ImportColumnKey): XLSX.CellObject | undefined => {
    const c = columns.get(key);
    return c === undefined ? undefined : (sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined);
  };
  const rows: SheetRow[] = [];
  for (let r = range.s.r + 1; r <= range.e.r; r += 1) {
    const texts = IMPORT_COLUMNS.map((column) => cellText(cell(r, column.key)));
    if (texts.every((text) => text === '')) continue;
    if (rows.length === SCHEDULE_LIMITS.importRows) throw badRequest(ScheduleMessage.ImportTooManyRows);
    rows.push(parseRow(r + 1, cell, r, columns));
  }
  if (rows.length === 0) throw badRequest(ScheduleMessage.ImportEmpty);
  return rows;
}

const requiredHeaders = () => IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.header);

function parseRow(
  row: number,
  cell: (r: number, key: ImportColumnKey) => XLSX.CellObject | undefined,
  r: number,
  columns: ReadonlyMap<ImportColumnKey, number>,
): SheetRow {
  const userName = cellText(cell(r, 'userName'));
  if (userName === '') throw badRequest(rowMessage(row, ScheduleMessage.StaffInvalid));
  const time = parseTimeStr(cellText(cell(r, 'timeStr')));
  if (!time.ok) throw badRequest(rowMessage(row, time.message));
  return {
    row,
    userName,
    phone: cellText(cell(r, 'phone')),
    acceptGroup: cellText(cell(r, 'acceptGroup')),
    // A column left out of the sheet: the defaults of a row added from the staff tree (one per round, no cap).
    dataNum: columns.has('dataNum') ? quantityOf(cell(r, 'dataNum'), SCHEDULE_LIMITS.dataNumMax, ScheduleMessage.DataNumInvalid, row) : 1,
    dataNumLimit: quantityOf(cell(r, 'dataNumLimit'), SCHEDULE_LIMITS.dataNumLimitMax, ScheduleMessage.DataNumLimitInvalid, row),
    timeStr: formatTimeStr(time.ranges),
  };
}

/** An example of each column, for the template's notes sheet. */
const EXAMPLE: Record<ImportColumnKey, string | number> = {
  userName: '张三',
  phone: '13800000000',
  acceptGroup: '一组',
  dataNum: 1,
  dataNumLimit: 50,
  timeStr: '09:00-12:00 13:30-18:00',
};
const NOTES: Record<ImportColumnKey, string> = {
  userName: '必填，与员工列表中的姓名一致',
  phone: '选填，有重名员工时用于区分',
  acceptGroup: '选填，接收组名称',
  dataNum: `选填，每轮分配数量，0至${SCHEDULE_LIMITS.dataNumMax}的整数，0或空为不参与轮分`,
  dataNumLimit: `选填，每日分配上限，0至${SCHEDULE_LIMITS.dataNumLimitMax}的整数，0为不分配，空为不限`,
  timeStr: '选填，格式HH:mm-HH:mm，多个时间段用空格分隔，空为全天',
};

/**
 * The import template: the first sheet holds exactly the IMPORT_COLUMNS headers the import reads
 * (to be filled in), the second one what each column takes, with an example.
 */
export function templateBuffer(): Buffer {
  const book = XLSX.utils.book_new();
  const headers = IMPORT_COLUMNS.map((column) => column.header);
  const sheet = XLSX.utils.aoa_to_sheet([headers]);
  sheet['!cols'] = IMPORT_COLUMNS.map((column) => ({ wch: column.key === 'timeStr' ? 28 : 14 }));
  XLSX.utils.book_append_sheet(book, sheet, '排班');
  const notes = XLSX.utils.aoa_to_sheet([
    ['列名', '说明', '示例'],
    ...IMPORT_COLUMNS.map((column) => [column.header, NOTES[column.key], EXAMPLE[column.key]]),
  ]);
  notes['!cols'] = [{ wch: 10 }, { wch: 48 }, { wch: 28 }];
  XLSX.utils.book_append_sheet(book, notes, '填写说明');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
