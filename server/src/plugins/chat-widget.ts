import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { CHAT_WIDGET_PATH } from '@portal/contracts/chat/constants';

/** Where the widget is served: `<script src="https://<portal>/chat/widget.js" data-key="..." async>`. */
export { CHAT_WIDGET_PATH };

/**
 * The script tag's URL never changes, so the file cannot be kept for good like a hashed chunk: a
 * landing page's visitors keep it for an hour, then revalidate (ETag: a 304 when unchanged), and
 * may use the copy they have for a day while revalidating. A new widget reaches everyone within
 * the hour.
 */
export const CHAT_WIDGET_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * The chat widget (chat-widget/, built into `<staticRoot>/chat/widget.js` with its .br/.gz copies by
 * `npm run build`) at /chat/widget.js, sent precompressed like the other built files. Landing pages
 * on other sites load it: Cross-Origin-Resource-Policy cross-origin (helmet's same-origin would
 * make browsers refuse it). Nothing without a build: the path is a 404 then.
 */
export const chatWidgetPlugin = fp<{ staticRoot: string | null }>(
  async (app, { staticRoot }) => {
    const folder = staticRoot && path.join(staticRoot, 'chat');
    if (!folder || !fs.existsSync(folder)) return;
    await app.register(fastifyStatic, {
      root: folder,
      prefix: '/chat/',
      decorateReply: false,
      wildcard: false,
      allowedPath: (pathName) => pathName === '/widget.js',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply) =>
        void reply.header('cache-control', CHAT_WIDGET_CACHE).header('cross-origin-resource-policy', 'cross-origin'),
    });
  },
  { name: 'chat-widget' },
);
