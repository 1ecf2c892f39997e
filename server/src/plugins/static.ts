import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CommonMessage } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that are never the shell's client-side routes: a miss there is a real 404. */
const NOT_SPA = /^\/(rest|remotes)(\/|$)/;

const wantsShell = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(request.url) && (request.headers.accept ?? '').includes('text/html');

/** A file whose name carries a content hash (`js/123.0a1b2c3d.js`): its bytes never change under that name. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
/** A file in a remote's version folder: `/remotes/<name>/<version>/...`. */
const VERSIONED = /^\/remotes\/[^/]+\/\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\//;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * How long a browser may keep a file. A remote's version folder is published once and kept (so
 * that `/remotes.json` can point back at it): its content-hashed chunks are immutable. Its
 * remoteEntry.js, mf-manifest.json and remote.json keep their names from build to build (a local
 * rebuild of the same version rewrites them), so they, `/remotes.json` (the pointers) and every
 * file of the shell are revalidated on each use (ETag: a 304 when unchanged).
 */
export function cacheControlOf(urlPath: string): string {
  return VERSIONED.test(urlPath) && HASHED.test(urlPath) ? IMMUTABLE : REVALIDATE;
}

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
      await app.register(fastifyStatic, {
        root: shellDir!,
        prefix: '/',
        cacheControl: false,
        setHeaders: (reply) => void reply.header('cache-control', REVALIDATE),
      });
    }
    if (remotesDir && fs.existsSync(remotesDir)) {
      await app.register(fastifyStatic, {
        root: remotesDir,
        prefix: '/remotes/',
        decorateReply: false,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const servedPath = `/remotes/${path.relative(remotesDir, filePath).split(path.sep).join('/')}`;
          reply.header('cache-control', cacheControlOf(servedPath));
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      // Checked per request: the shell may be rebuilt while the server runs.
      if (serveShell && wantsShell(request) && fs.existsSync(path.join(shellDir!, 'index.html'))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', shellDir!);
      }
      return reply.code(404).send({ code: '404', message: CommonMessage.NotFound });
    });
  },
  { name: 'static' },
);
