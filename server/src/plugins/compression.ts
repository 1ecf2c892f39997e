import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * API answers compressed when the client accepts it: bodies of 1 KB and more (smaller ones gain
 * little for the work), and the CSV exports as they stream. Brotli at quality 4, the library's
 * choice for answers made per request (11 costs several times the CPU for a few per cent). The
 * built files are not compressed here: the build writes their brotli and gzip copies once
 * (static.ts). Request bodies are taken as sent: no client compresses them, and a refusal of an
 * unknown Content-Encoding would not be the portal's Chinese `{code, message}`.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  },
  { name: 'compression' },
);
