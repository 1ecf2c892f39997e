import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LOGIN_COOKIE, PAGINATION_INFO_HEADER } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { INTERNAL_RENDER_HEADER, internalRenderToken } from '../http/internal';
import { chatWidgetTag } from '@portal/contracts/chat/constants';
import { activeKeyOfAccount } from '../modules/chat/widget-tag';

/**
 * The visitor site (spec 000 section 1; mfe-public's `src/site/`), rendered on the server: a GET of
 * one of the site's paths that asks for HTML is answered with the page's whole document, rendered
 * by the remote's own server build (`ssr/server.js` of the version /remotes.json points at), its
 * data read from this server's public calls in process. The browser then loads the site's small
 * script (`site/`) that hydrates it. Every other path falls through to the static files and the
 * shell. Without a built public remote nothing is rendered here (the shell's `/` goes to /login).
 */

interface SiteAnswer<T> {
  status: number;
  data: T;
  pageInfo?: { page: number; totalPage: number; totalRow: number };
}

interface SiteBundle {
  SITE_PATHS: readonly string[];
  render(input: {
    path: string;
    query: Readonly<Record<string, string>>;
    api: { get<T>(apiPath: string, query?: Readonly<Record<string, string>>): Promise<SiteAnswer<T>> };
    loggedIn: boolean;
    assets: { js: readonly string[]; css: readonly string[] };
  }): Promise<{ status: number; html: string }>;
}

interface LoadedSite {
  /** The build's identity (its file and time): a new build renders anew. */
  version: string;
  bundle: SiteBundle;
  assets: { js: readonly string[]; css: readonly string[] };
  paths: ReadonlySet<string>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const requireFile = createRequire(__filename);

/**
 * The public remote's site as /remotes.json points at it, loaded once per version (a new pointer
 * loads the new one); null when the remote or its site is not built.
 */
function siteLoader(staticRoot: string) {
  let loaded: { key: string; site: LoadedSite } | null = null;
  return (): LoadedSite | null => {
    let version: string | undefined;
    try {
      const pointers = JSON.parse(fs.readFileSync(path.join(staticRoot, 'shell/remotes.json'), 'utf8')) as Record<string, { version?: string }>;
      version = pointers.site?.version;
    } catch {
      return null;
    }
    if (!version || !/^[0-9A-Za-z.+-]+$/.test(version)) return null;
    const folder = path.join(staticRoot, 'remotes/site', version);
    const serverFile = path.join(folder, 'ssr/server.js');
    const manifestFile = path.join(folder, 'site/site-manifest.json');
    if (!fs.existsSync(serverFile) || !fs.existsSync(manifestFile)) return null;
    const key = `${serverFile}@${fs.statSync(serverFile).mtimeMs}`;
    if (loaded?.key !== key) {
      const bundle = requireFile(serverFile) as SiteBundle;
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { js: string[]; css: string[] }>;
      loaded = { key, site: { version: key, bundle, assets: manifest.site ?? { js: [], css: [] }, paths: new Set(bundle.SITE_PATHS) } };
    }
    return loaded.site;
  };
}

const hasLoginCookie = (request: FastifyRequest): boolean => Boolean(request.cookies?.[LOGIN_COOKIE]);

/** The request's query as single strings (a repeated parameter keeps its first value). */
function queryOf(request: FastifyRequest): Record<string, string> {
  const url = new URL(request.url, 'http://site.invalid');
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!(name in query)) query[name] = value;
  return query;
}

/** Reads this server's public API in process, as the visitor's host (the brand and footer follow the host). */
function apiFor(app: FastifyInstance, request: FastifyRequest) {
  const forwarded: Record<string, string> = {};
  for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  return {
    async get<T>(apiPath: string, query: Readonly<Record<string, string>> = {}): Promise<SiteAnswer<T>> {
      const search = new URLSearchParams(query).toString();
      const response = await app.inject({
        method: 'GET',
        url: `/rest${apiPath}${search ? `?${search}` : ''}`,
        headers: {
          host: request.headers.host ?? 'localhost',
          accept: 'application/json',
          [INTERNAL_RENDER_HEADER]: internalRenderToken,
          ...forwarded,
        },
      });
      const info = response.headers[PAGINATION_INFO_HEADER];
      return {
        status: response.statusCode,
        data: response.statusCode < 400 ? (response.json() as T) : (null as T),
        ...(typeof info === 'string' ? { pageInfo: JSON.parse(info) as SiteAnswer<T>['pageInfo'] } : {}),
      };
    },
  };
}

/** A rendered page, with its compressed forms made once. */
interface RenderedPage {
  status: number;
  html: string;
  br: Promise<Buffer>;
  gzip: Promise<Buffer>;
}

const rendered = (status: number, html: string): RenderedPage => ({
  status,
  html,
  br: brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: gzip(html, { level: 6 }),
});

/**
 * Pages rendered in the last few seconds, by site version, host, path with query and login state:
 * every visitor of a page sees the same document (the site's pages hold nothing of one visitor but
 * whether they are logged in), so under a crowd a page is rendered once per PAGE_CACHE_MS, not once
 * per visitor, and visitors asking at once share one render. Content an operator adds shows within
 * PAGE_CACHE_MS. At most PAGE_CACHE_ENTRIES pages are kept (the oldest go first).
 */
export const PAGE_CACHE_MS = 5000;
const PAGE_CACHE_ENTRIES = 200;

function pageCache() {
  const pages = new Map<string, { at: number; page: Promise<RenderedPage> }>();
  return (key: string, make: () => Promise<RenderedPage>): Promise<RenderedPage> => {
    const now = Date.now();
    const held = pages.get(key);
    if (held && now - held.at < PAGE_CACHE_MS) return held.page;
    const page = make();
    pages.delete(key);
    pages.set(key, { at: now, page });
    // A render that fails is not kept.
    page.catch(() => pages.get(key)?.page === page && pages.delete(key));
    while (pages.size > PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value!);
    return page;
  };
}

/** Sends the page compressed when the browser takes it (brotli, else gzip). */
async function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): Promise<void> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie');
  if (/\bbr\b/.test(accepted)) await reply.header('content-encoding', 'br').send(await page.br);
  else if (/\bgzip\b/.test(accepted)) await reply.header('content-encoding', 'gzip').send(await page.gzip);
  else await reply.send(page.html);
}

/** The site's pages with the chat widget of this account (the platform's own sales account), when it has an active chat key. */
export interface SiteChatOptions {
  account: string;
}

/** The page with the widget's script tag before its `</body>` (the same origin: the CSP's script-src and connect-src 'self' allow it). */
export const withWidget = (html: string, key: string | null): string => {
  if (!key) return html;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html : `${html.slice(0, at)}${chatWidgetTag(key)}${html.slice(at)}`;
};

export const sitePlugin = fp<{ staticRoot: string | null; chat?: SiteChatOptions | null }>(
  async (app, { staticRoot, chat }) => {
    if (!staticRoot) return;
    const loadSite = siteLoader(staticRoot);
    const cached = pageCache();
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const pathname = request.url.split('?')[0]!;
      if (pathname.startsWith('/rest') || pathname.startsWith('/remotes')) return;
      const site = loadSite();
      if (!site || !site.paths.has(pathname)) return;
      const loggedIn = hasLoginCookie(request);
      const key = JSON.stringify([site.version, request.hostname, request.url, loggedIn]);
      const page = await cached(key, async () => {
        const [out, key] = await Promise.all([
          site.bundle.render({ path: pathname, query: queryOf(request), api: apiFor(app, request), loggedIn, assets: site.assets }),
          // Read with each render (a page is rendered at most once per PAGE_CACHE_MS): a new or revoked key shows within it.
          chat ? activeKeyOfAccount(app.db, chat.account) : null,
        ]);
        return rendered(out.status, withWidget(out.html, key));
      });
      await sendPage(request, reply, page);
      return reply;
    });
  },
  { name: 'site', dependencies: ['auth'] },
);
