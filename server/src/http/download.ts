import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';

/** A printable-ASCII stand-in for a name: what old clients show when they ignore `filename*`. */
const asciiName = (name: string): string => name.replace(/[^\x20-\x7e]/g, '_');

/**
 * The one way a download names its file (RFC 6266 with the RFC 5987 UTF-8 form, through
 * `content-disposition`): the ASCII fallback in `filename`, the Chinese name in `filename*`.
 * A header value may hold only Latin-1, so a raw Chinese name would fail the answer when written;
 * the fallback is forced to printable ASCII here, whatever the caller passed. Downloads are
 * never cached and never sniffed.
 */
export function asDownload(reply: FastifyReply, fileName: string, asciiFileName: string): FastifyReply {
  return reply
    .header('content-disposition', contentDisposition(fileName, { type: 'attachment', fallback: asciiName(asciiFileName) }))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
}
