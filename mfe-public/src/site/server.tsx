import type { PublicSite } from '@portal/contracts/public';
import { renderToString } from 'react-dom/server';
import { NOT_FOUND_PAGE, pageFor, SITE_PATHS } from './pages';
import { SITE_CSS } from './styles';
import type { SiteApi, SiteState } from './types';

/**
 * The visitor site's server entry (built as ssr/server.js beside the remote's files, loaded by the
 * API server): the page of a path as a whole HTML document, its text in the markup (a search
 * engine and a reader without a script read it), its data in a JSON block for the browser's
 * script to hydrate with.
 */
export { SITE_PATHS };

export interface RenderInput {
  /** The path and the query of the request. */
  path: string;
  query: Readonly<Record<string, string>>;
  api: SiteApi;
  /** The visitor has the login cookie. */
  loggedIn: boolean;
  /** The browser's files of the site (site-manifest.json's entry). */
  assets: { js: readonly string[]; css: readonly string[] };
}

export interface RenderOutput {
  status: 200 | 404;
  html: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** JSON inside <script type="application/json">: no '<' can end the block, no line separator breaks it. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export const SITE_DATA_ID = 'site-data';
export const SITE_ROOT_ID = 'site';

export async function render({ path, query, api, loggedIn, assets }: RenderInput): Promise<RenderOutput> {
  const site = (await api.get<PublicSite>('/public/site')).data;
  let page = pageFor(path) ?? NOT_FOUND_PAGE;
  let data = await page.load(api, query, site);
  let status: 200 | 404 = page === NOT_FOUND_PAGE ? 404 : 200;
  if (data === null) {
    page = NOT_FOUND_PAGE;
    data = (await page.load(api, query, site)) as never;
    status = 404;
  }
  const state: SiteState = { path: page === NOT_FOUND_PAGE ? '/not-found' : path, query, site, loggedIn, data };
  const { Component } = page;
  const body = renderToString(<Component state={state as SiteState<never>} />);
  const title = page.title(data as never, site);
  const description = page.description(data as never, site);
  const html = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
${status === 404 ? '<meta name="robots" content="noindex">\n' : ''}<style>${SITE_CSS}</style>
${assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
${assets.js.map((src) => `<script defer src="${escapeHtml(src)}"></script>`).join('\n')}
</head>
<body>
<div id="${SITE_ROOT_ID}">${body}</div>
<script type="application/json" id="${SITE_DATA_ID}">${jsonForScript(state)}</script>
</body>
</html>`;
  return { status, html };
}
