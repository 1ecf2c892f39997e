import { SCHEDULE_LIMITS, ScheduleMessage } from '@portal/contracts/schedule';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { type ImportUpload, importTooLarge } from './service';

/** The multipart field that carries the sheet. */
export const IMPORT_FILE_FIELD = 'file';

/**
 * Bounds of the import's multipart body: one file of at most SCHEDULE_LIMITS.importBytes (the
 * parser stops keeping bytes past it, so a huge upload costs no memory), a few short text fields
 * (date, itemId, crmCode, and the userId and userName the spec's form also carries).
 */
const LIMITS = { fileSize: SCHEDULE_LIMITS.importBytes, files: 1, fields: 10, parts: 12, fieldSize: 1000, fieldNameSize: 100 } as const;

/**
 * Reads the import's fields and file, whatever their order: 413 '文件不能超过2MB' for a file over
 * the limit, 400 '请选择要导入的文件' for a body that is not multipart or breaks its bounds.
 */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw badRequest(ScheduleMessage.ImportFileRequired);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let file: ImportUpload['file'] = null;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !part.valueTruncated) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== IMPORT_FILE_FIELD) {
        // Another file field: drained, not kept.
        await part.toBuffer();
        continue;
      }
      file = { fileName: part.filename ?? '', bytes: await part.toBuffer() };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw importTooLarge();
    throw badRequest(ScheduleMessage.ImportFileRequired);
  }
  if (file && file.bytes.length > SCHEDULE_LIMITS.importBytes) throw importTooLarge();
  return { fields, file };
}
