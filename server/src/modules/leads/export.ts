import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { kindsListedBy, ReadStatus, resTypeLabel } from '@portal/contracts';
import {
  isPhoneClass,
  LEAD_EXPORT_COLUMNS,
  LEAD_EXPORT_MAX_ROWS,
  leadExportTooMany,
  LEAD_KIND_LABELS,
  type LeadExportQuery,
  type LeadKind,
  phoneTypeLabel,
} from '@portal/contracts/leads';
import type { Db } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { toChinaDateTime } from '../../lib/time';
import * as repo from './repo';
import { type DayRange, leadRange, toFilter } from './service';

/** Leads read per query: each batch is one keyset range query, so memory stays flat however many rows. */
export const EXPORT_BATCH = 2000;
/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading single quote. Applied to every value before it reaches the CSV writer.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function exportCells(row: repo.ExportRow): string[] {
  const cells = [
    row.itemTitle,
    row.name,
    row.mobile,
    phoneTypeLabel({ phoneClass: isPhoneClass(row.phoneClass) ? row.phoneClass : null, mobileStatus: row.mobileStatus }),
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
  return cells.map(safeCell);
}

export interface LeadExport {
  fileName: string;
  asciiFileName: string;
  /** The CSV, produced batch by batch as the response is read (backpressure). */
  stream: Readable;
}

/** The export's rows, one keyset range query per batch, read only as the CSV writer asks for more. */
async function* exportRows(db: Db, customerId: number, filter: repo.LeadFilter): AsyncGenerator<string[]> {
  let cursor: repo.ExportCursor | null = null;
  for (;;) {
    const rows = await repo.exportBatch(db, customerId, filter, cursor, EXPORT_BATCH);
    for (const row of rows) yield exportCells(row);
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    cursor = { createTime: last.createTime, id: last.id };
  }
}

/**
 * A CSV of the customer's live leads of the list `kind` (every kind it shows) in the (required) range, newest first. Checks
 * run before the first byte, so refusals are still JSON errors: an export of more than `maxRows`
 * leads (LEAD_EXPORT_MAX_ROWS unless configured) is refused with the message to narrow it.
 */
export async function exportLeads(
  db: Db,
  customerId: number,
  kind: LeadKind,
  query: LeadExportQuery,
  maxRows: number = LEAD_EXPORT_MAX_ROWS,
): Promise<LeadExport> {
  const range: DayRange = leadRange(query);
  const filter = await toFilter(db, customerId, kindsListedBy(kind), range, {
    ...query,
    readStatus: query.readStatus === undefined || query.readStatus < 0 ? undefined : query.readStatus,
  });
  if ((await repo.countLeads(db, customerId, filter)) > maxRows) throw badRequest(leadExportTooMany(maxRows));
  const days = range.start === range.end ? range.start : `${range.start}至${range.end}`;
  return {
    fileName: `${LEAD_KIND_LABELS[kind]}_${days}.csv`,
    asciiFileName: `leads-${kind}-${range.start}-${range.end}.csv`,
    // UTF-8 with a byte order mark (Excel then reads the Chinese text), every cell quoted, CRLF lines.
    stream: pipeline(
      Readable.from(exportRows(db, customerId, filter)),
      stringify({ bom: true, columns: [...LEAD_EXPORT_COLUMNS], header: true, quoted: true, quoted_empty: true, record_delimiter: 'windows' }),
      // A failure destroys the returned stream with the error, which ends the response.
      () => {},
    ),
  };
}
