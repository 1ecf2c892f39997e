import { downloadFile, endpointUrl } from '@portal/api-client';
import { firstError, type LeadListKind } from '@portal/contracts';
import { leadExportEndpoints } from '@portal/contracts/endpoints';

export type ExportQuery = Record<string, string | number>;

/** The URL of a list's export: the API's base (/rest), the catalogue's download path and the filters as query. */
export function leadExportUrl(kind: LeadListKind, query: ExportQuery): string {
  return endpointUrl(leadExportEndpoints[kind], { query });
}

/** What starting an export gives: the refusal of its query, or the download under way. */
export type LeadExportStart = { refusal: string } | { done: Promise<void> };

/**
 * Starts the CSV download of a list's export (spec 001 section 7), and the page stays where it
 * is. The query is checked first with the entry's own query schema (the server's): without a time
 * range it is refused with '请选择时间范围' at once and nothing is asked. Otherwise the file is
 * fetched and saved (downloadFile); `done` rejects with the server's ApiError when it refuses (a
 * third report or export at once answers 429), for the page to show its message.
 */
export function startLeadExport(kind: LeadListKind, query: ExportQuery): LeadExportStart {
  // Checked as the server will read it: every value a query-string text.
  const asSent = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const refusal = firstError(leadExportEndpoints[kind].query, asSent);
  if (refusal) return { refusal };
  return { done: downloadFile(leadExportUrl(kind, query)) };
}
