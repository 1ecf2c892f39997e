/** Small files for upload tests, and a multipart/form-data body builder for `inject`. */

/** A real 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** Only the signatures matter to the server; the rest is filler. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 2)]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64, 3)]);

export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

/** A multipart/form-data payload with one file part (field `file` unless told otherwise). */
export function multipart(part: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----portal-test-boundary';
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename ?? 'avatar.png'}"\r\n` +
    `Content-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), part.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
