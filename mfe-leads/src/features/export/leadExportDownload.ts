import { endpointUrl } from '@portal/api-client';
import { firstError, type LeadListKind } from '@portal/contracts';
import { leadExportEndpoints } from '@portal/contracts/endpoints';

export type ExportQuery = Record<string, string | number>;

/** The URL of a list's export: the API's base (/rest), the catalogue's download path and the filters as query. */
export function leadExportUrl(kind: LeadListKind, query: ExportQuery): string {
  return endpointUrl(leadExportEndpoints[kind], { query });
}

/**
 * Starts the CSV download of a list's export by browser navigation (spec 001 section 7): a link
 * with `download`, so that the page stays where it is whatever the answer. The query is checked
 * first with the entry's own query schema (the server's): without a time range it answers
 * '请选择时间范围' and nothing is downloaded. Returns the refusal, or null when the download started.
 */
export function startLeadExport(kind: LeadListKind, query: ExportQuery): string | null {
  // Checked as the server will read it: every value a query-string text.
  const asSent = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const refusal = firstError(leadExportEndpoints[kind].query, asSent);
  if (refusal) return refusal;
  const link = document.createElement('a');
  link.href = leadExportUrl(kind, query);
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  return null;
}
