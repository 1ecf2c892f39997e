import { apiClient } from '@portal/api-client';
import { firstError, leadExportQuerySchema } from '@portal/contracts';

export type ExportQuery = Record<string, string | number>;

/** The URL of an export: the API's base (/rest), the list's export path and the filters as query. */
export function leadExportUrl(path: string, query: ExportQuery): string {
  return apiClient.getUri({ url: path, params: query });
}

/**
 * Starts the CSV download of an export by browser navigation (spec 001 section 7): a link with
 * `download`, so that the page stays where it is whatever the answer. The query is checked first
 * with the server's own schema: without a time range it answers '请选择时间范围' and nothing is
 * downloaded. Returns the refusal, or null when the download started.
 */
export function startLeadExport(path: string, query: ExportQuery): string | null {
  // Checked as the server will read it: every value a query-string text.
  const refusal = firstError(leadExportQuerySchema, Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])));
  if (refusal) return refusal;
  const link = document.createElement('a');
  link.href = leadExportUrl(path, query);
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  return null;
}
