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

/** The XML parts of a workbook of one sheet, around the sheet's XML (an .xlsx as small as SheetJS reads). */
const WORKBOOK_PARTS: ZipEntry[] = [
  {
    name: '[Content_Types].xml',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
  },
  {
    name: '_rels/.rels',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
  },
  {
    name: 'xl/workbook.xml',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="排班" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  },
];

/**
 * A cell bomb: an .xlsx whose one sheet declares `declared` as its dimension (none when null) and
 * holds the header 姓名 then `rows` rows of `columns` one-digit numbers (pseudo-random, so the
 * archive passes the zip guard's ratio): 2000 x 630 is 1.26 million cells in under 1 MB.
 */
export function cellBomb(declared: string | null, rows: number, columns: number): Buffer {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'];
  if (declared !== null) parts.push(`<dimension ref="${declared}"/>`);
  parts.push('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is></c></row>');
  let seed = 7;
  for (let r = 2; r <= rows + 1; r += 1) {
    const cells: string[] = [];
    for (let c = 0; c < columns; c += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      cells.push(`<c><v>${seed % 10}</v></c>`);
    }
    parts.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  parts.push('</sheetData></worksheet>');
  return zipOf([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(parts.join('')) }]);
}
