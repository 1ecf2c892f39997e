import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CommonMessage } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that are never the shell's client-side routes: a miss there is a real 404. */
const NOT_SPA = /^\/(rest|remotes)(\/|$)/;

const wantsShell = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !NOT_SPA.test(request.url) &&
  (request.headers.accept ?? '').includes('text/html');

/**
 * The built frontends on the API's origin: `<root>/shell` at `/` (with `/remotes.json`),
 * `<root>/remotes/<name>/` at `/remotes/<name>/`, and any other page URL answered with the
 * shell's index.html so its router can take it. Every other miss is a JSON 404.
 */
export const staticPlugin = fp<{ staticRoot: string | null }>(
  async (app, { staticRoot }) => {
    const shellDir = staticRoot && path.join(staticRoot, 'shell');
    const remotesDir = staticRoot && path.join(staticRoot, 'remotes');
    const serveShell = Boolean(shellDir && fs.existsSync(shellDir));

    if (serveShell) await app.register(fastifyStatic, { root: shellDir!, prefix: '/' });
    if (remotesDir && fs.existsSync(remotesDir)) {
      await app.register(fastifyStatic, { root: remotesDir, prefix: '/remotes/', decorateReply: false });
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
