import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CommonMessage } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that are never the shell's client-side routes: a miss there is a real 404. */
const NOT_SPA = /^\/(rest|remotes)(\/|$)/;

const wantsShell = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(request.url) && (request.headers.accept ?? '').includes('text/html');

/** A file whose name carries a content hash (`js/123.0a1b2c3d.js`): its bytes never change under that name. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
/** The build's brotli and gzip copies (`x.js.br`, `x.js.gz`), sent for `x.js` (shared/build/precompress.js). */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * How long a browser may keep a file. A content-hashed file (the shell's and the remotes' chunks,
 * the shell's entry script, hashed assets) is kept for good: a new build names new bytes anew.
 * Every other file keeps its name from build to build and is revalidated on each use (ETag: a 304
 * when unchanged): index.html, `/remotes.json` (the pointers), a remote's remoteEntry.js,
 * mf-manifest.json and remote.json, and the shell's public files (favicon, images, sounds).
 */
export function cacheControlOf(filePath: string): string {
  return HASHED.test(filePath.replace(COMPRESSED_COPY, '')) ? IMMUTABLE : REVALIDATE;
}

/**
 * Both folders: the build's `.br`/`.gz` copy of a file goes out when the request accepts it
 * (`Content-Encoding`, `Vary: Accept-Encoding`), the plain file otherwise.
 */
const serving = {
  preCompressed: true,
  cacheControl: false,
  setHeaders: (reply: FastifyReply, filePath: string) => void reply.header('cache-control', cacheControlOf(filePath)),
};

/**
 * The built frontends on the API's origin: `<root>/shell` at `/` (with `/remotes.json`),
 * `<root>/remotes/<name>/<version>/` at `/remotes/<name>/<version>/`, and any other page URL
 * answered with the shell's index.html so its router can take it. Every other miss is a JSON 404.
 */
export const staticPlugin = fp<{ staticRoot: string | null }>(
  async (app, { staticRoot }) => {
    const shellDir = staticRoot && path.join(staticRoot, 'shell');
    const remotesDir = staticRoot && path.join(staticRoot, 'remotes');
    const serveShell = Boolean(shellDir && fs.existsSync(shellDir));

    if (serveShell) {
      await app.register(fastifyStatic, { root: shellDir!, prefix: '/', ...serving });
    }
    if (remotesDir && fs.existsSync(remotesDir)) {
      await app.register(fastifyStatic, { root: remotesDir, prefix: '/remotes/', decorateReply: false, ...serving });
    }

    app.setNotFoundHandler((request, reply) => {
      // Checked per request: the shell may be rebuilt while the server runs.
      if (serveShell && wantsShell(request) && fs.existsSync(path.join(shellDir!, 'index.html'))) {
        return reply.sendFile('index.html', shellDir!);
      }
      return reply.code(404).send({ code: '404', message: CommonMessage.NotFound });
    });
  },
  { name: 'static' },
);
