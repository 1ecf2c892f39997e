import { AccountMessage, AVATAR_MAX_BYTES } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { ServerMessage } from '../../http/messages';

/** The multipart field that carries the avatar. */
export const AVATAR_FIELD = 'file';

/**
 * Reads the avatar file of a multipart request into memory, refusing a missing file and one of
 * AVATAR_MAX_BYTES or more (the limit stops reading there, so a huge upload costs no memory).
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(ServerMessage.AvatarMissing);
  const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 20 } }).catch(() => undefined);
  if (!file || file.fieldname !== AVATAR_FIELD) throw badRequest(ServerMessage.AvatarMissing);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(AccountMessage.AvatarTooLarge);
    throw badRequest(ServerMessage.AvatarMissing);
  }
  // "Under 2 MB", as the client checks: exactly AVATAR_MAX_BYTES is refused too.
  if (bytes.length >= AVATAR_MAX_BYTES) throw badRequest(AccountMessage.AvatarTooLarge);
  return bytes;
}
