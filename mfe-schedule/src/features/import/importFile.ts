import { apiClient, unwrapCode } from '@portal/api-client';
import type { CrmCode } from '@portal/contracts';
import { scheduleEndpoints } from '@portal/contracts/endpoints';
import { type ImportResult, SCHEDULE_LIMITS, ScheduleMessage } from '@portal/contracts/schedule';

/** The sheets the server reads (spec: xls and xlsx only). */
export const IMPORT_ACCEPT = '.xls,.xlsx';
const SHEET_NAME = /\.(xls|xlsx)$/i;

/** Why `file` cannot be imported (its extension, its size), checked before anything is sent; null when it can. */
export function checkImportFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!SHEET_NAME.test(file.name)) return ScheduleMessage.ImportFormat;
  if (file.size > SCHEDULE_LIMITS.importBytes) return ScheduleMessage.ImportTooLarge;
  return null;
}

export interface ImportRequest {
  crmCode: CrmCode;
  itemId: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  file: File;
}

/**
 * POST /es/dailyarrange/files: the sheet and the day it fills, multipart (date, itemId, crmCode,
 * file). Sent with the api-client's own axios instance (cookies, X-Requested-With, the 401
 * logout) rather than through the store, for the upload's progress (0 to 100); the path and the
 * answer's schema are the catalogue entry's. Rejects with the api-client's ApiError (the server's
 * text), or with the schema's error for an answer it does not understand.
 */
export async function uploadSchedule(
  { crmCode, itemId, date, file }: ImportRequest,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('date', date);
  form.append('itemId', String(itemId));
  form.append('crmCode', crmCode);
  form.append('file', file, file.name);
  const response = await apiClient.post<unknown>(scheduleEndpoints.importFile.path, form, {
    signal,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.min(100, Math.round((event.loaded * 100) / event.total)));
    },
  });
  return scheduleEndpoints.importFile.response.parse(unwrapCode(response.data, response.status));
}
