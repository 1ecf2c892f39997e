import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { FORM_URLENCODED } from '@portal/contracts/endpoints';
import type { TestClient } from '../../test/harness';

/** Helpers of the schedule tests: the calls' URLs, form and multipart bodies, spreadsheets and crafted zips. */

export const URLS = {
  items: '/rest/es/dailyarrange/itemList',
  dateExists: '/rest/es/dailyarrange/getDateExists',
  day: (date: string, itemId: number) => `/rest/es/dailyarrange/${date}/${itemId}`,
  staff: (itemId: number, date: string) => `/rest/es/crmuser/list/${itemId}/${date}`,
  copy: '/rest/es/dailyarrange/copyList',
  insert: '/rest/es/dailyarrange/insertCrmUser',
  save: '/rest/es/dailyarrange',
  files: '/rest/es/dailyarrange/files',
  submitRepeat: '/rest/es/dailyarrange/submitRepeat',
  template: '/rest/es/dailyarrange/getFormTemplate',
} as const;

export const postForm = (client: TestClient, url: string, form: Record<string, string>) =>
  client.post(url, new URLSearchParams(form).toString(), { headers: { 'content-type': FORM_URLENCODED } });

export interface UploadFile {
  fileName: string;
  bytes: Buffer;
  contentType?: string;
}

/** A multipart/form-data body: the text fields, then the file (field `file`) when given. */
export function multipartForm(fields: Record<string, string>, file?: UploadFile): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----schedule-test-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST files as the page sends it. */
export function importFile(client: TestClient, fields: Record<string, string>, file?: UploadFile) {
  const { payload, headers } = multipartForm(fields, file);
  return client.post(URLS.files, payload, { headers });
}

export type SheetCell = string | number | null;

/** A workbook of one sheet of `rows` (the first the header), as the library writes it. */
export function sheetBytes(rows: SheetCell[][], bookType: 'xls' | 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((cell) => cell ?? ''))), '排班');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** The uncompressed size the headers claim (default the real one). */
  declaredSize?: number;
}

/** A zip archive built by hand (deflated entries, sizes as declared, CRC left 0: the guard reads sizes, not checksums). */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
