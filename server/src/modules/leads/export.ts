import { Readable } from 'node:stream';
import {
  LEAD_EXPORT_COLUMNS,
  LEAD_KIND_LABELS,
  type LeadExportQuery,
  type LeadKind,
  mobileStatusLabel,
  ReadStatus,
  resTypeLabel,
} from '@portal/contracts';
import type { Db } from '../../db/schema';
import { toChinaDateTime } from '../../lib/time';
import * as repo from './repo';
import { type DayRange, leadRange, toFilter } from './service';

/** Leads read per query: each batch is one keyset range query, so memory stays flat however many rows. */
export const EXPORT_BATCH = 2000;
/** UTF-8 byte order mark: Excel then reads the file as UTF-8 (Chinese text). */
const BOM = '\uFEFF';

/**
 * One CSV cell. A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading single quote; every cell is quoted, inner quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: Array<string | number | null | undefined>): string => `${cells.map(csvCell).join(',')}\r\n`;

export function exportCells(row: repo.ExportRow): string[] {
  return [
    row.itemTitle,
    row.name,
    row.mobile,
    mobileStatusLabel(row.mobileStatus),
    row.other ?? '',
    row.channelTitle ?? '',
    row.searchWord ?? '',
    row.region ?? '',
    resTypeLabel(row.resType),
    row.otherInfo ?? '',
    toChinaDateTime(row.createTime),
    row.crmFollower ?? '',
    row.descrip ?? '',
    row.remark ?? '',
    row.readStatus === ReadStatus.Read ? '已读' : '未读',
  ];
}

/** RFC 5987 / 6266 Content-Disposition: an ASCII fallback name and the UTF-8 (Chinese) one. */
export function attachmentDisposition(asciiName: string, utf8Name: string): string {
  const encoded = encodeURIComponent(utf8Name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}

export interface LeadExport {
  fileName: string;
  asciiFileName: string;
  /** The CSV, produced batch by batch as the response is read (backpressure). */
  stream: Readable;
}

async function* csvChunks(db: Db, customerId: number, filter: repo.LeadFilter): AsyncGenerator<string> {
  yield BOM + csvLine([...LEAD_EXPORT_COLUMNS]);
  let cursor: repo.ExportCursor | null = null;
  for (;;) {
    const rows = await repo.exportBatch(db, customerId, filter, cursor, EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(exportCells(row))).join('');
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    cursor = { createTime: last.createTime, id: last.id };
  }
}

/**
 * A CSV of the customer's live leads of `kind` in the (required) range, newest first. Checks
 * run before the first byte, so refusals are still JSON errors.
 */
export async function exportLeads(db: Db, customerId: number, kind: LeadKind, query: LeadExportQuery): Promise<LeadExport> {
  const range: DayRange = leadRange(query);
  const filter = await toFilter(db, customerId, [kind], range, {
    ...query,
    readStatus: query.readStatus === undefined || query.readStatus < 0 ? undefined : query.readStatus,
  });
  const days = range.start === range.end ? range.start : `${range.start}至${range.end}`;
  return {
    fileName: `${LEAD_KIND_LABELS[kind]}_${days}.csv`,
    asciiFileName: `leads-${kind}-${range.start}-${range.end}.csv`,
    stream: Readable.from(csvChunks(db, customerId, filter), { objectMode: false, highWaterMark: 64 * 1024 }),
  };
}
