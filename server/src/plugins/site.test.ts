import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startApp, type TestApp } from '../test/harness';

/**
 * The server's rendering of the visitor site, with a stand-in for the public remote's server build
 * (ssr/server.js): what the plugin must do is find the build /remotes.json points at, hand it the
 * request and an API reading this server's own calls, and send what it renders. The real pages are
 * tested in mfe-public (src/site/server.test.tsx) and in the Playwright journeys.
 */
const BUNDLE = `
exports.SITE_PATHS = ['/', '/cases', '/counted'];
let renders = 0;
exports.render = async ({ path, query, api, loggedIn, assets }) => {
  renders += 1;
  if (path === '/counted') return { status: 200, html: 'render ' + renders + ' logged=' + loggedIn };
  const site = await api.get('/public/site');
  const missing = await api.get('/public/cases/999999');
  return {
    status: path === '/cases' && query.id === 'gone' ? 404 : 200,
    html: '<!doctype html><title>' + site.data.brandName + '</title><p>' + path + ' logged=' + loggedIn + ' case=' + missing.status + ' js=' + assets.js.join(',') + '</p>' + 'x'.repeat(4000),
  };
};
`;

function writeSite(root: string, version: string): void {
  fs.mkdirSync(path.join(root, 'shell'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell/remotes.json'), JSON.stringify({ site: { version } }));
  fs.writeFileSync(path.join(root, 'shell/index.html'), '<!doctype html><title>shell</title>');
  const folder = path.join(root, 'remotes/site', version);
  fs.mkdirSync(path.join(folder, 'ssr'), { recursive: true });
  fs.mkdirSync(path.join(folder, 'site'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'ssr/server.js'), BUNDLE);
  fs.writeFileSync(
    path.join(folder, 'site/site-manifest.json'),
    JSON.stringify({ site: { js: [`/remotes/site/${version}/site/js/site.1.js`], css: [] } }),
  );
}

describe('the visitor site on the server', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-'));
    writeSite(root, '1.0.0');
    t = await startApp('sqlite', { seed: false, staticRoot: root, anonymousRateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it("renders the site's paths with the remote's build, reading this server's calls as the visitor's host", async () => {
    const page = await get('/', { host: 'localhost' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>渠道网</title>');
    expect(page.body).toContain('<p>/ logged=false case=404 js=/remotes/site/1.0.0/site/js/site.1.js</p>');
    // Another host: the other brand.
    expect((await get('/', { host: 'portal.partner.cn' })).body).toContain('<title>广告主服务平台</title>');
    // The login cookie: the page knows.
    expect((await get('/cases', { cookie: 'portal_login=1' })).body).toContain('logged=true');
    expect((await get('/cases?id=gone')).statusCode).toBe(404);
  });

  it('sends the page compressed when the browser takes it', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<title>渠道网</title>');
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<title>渠道网</title>');
    expect(br.headers.vary).toContain('Accept-Encoding');
  });

  it('leaves every other path to the shell, and the API to itself', async () => {
    const login = await get('/login');
    expect(login.body).toContain('<title>shell</title>');
    const api = await t.app.inject({ method: 'GET', url: '/rest/public/site', headers: { accept: 'application/json' } });
    expect(api.headers['content-type']).toContain('application/json');
  });

  it("counts a page as a page: its own reads never use up the visitor's address limit, the visitor's API calls do", async () => {
    // 3 API calls a minute per address without a session; each page reads 2.
    for (let index = 0; index < 5; index++) expect((await get('/', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) statuses.push((await t.app.inject({ method: 'GET', url: '/rest/public/site' })).statusCode);
    expect(statuses).toContain(429);
  });

  it('renders a page once for the visitors asking within a few seconds; another login state is another page', async () => {
    const first = (await get('/counted')).body;
    expect(first).toMatch(/^render \d+ logged=false$/);
    expect(zlib.brotliDecompressSync((await get('/counted', { 'accept-encoding': 'br' })).rawPayload).toString()).toBe(first);
    expect((await get('/counted')).body).toBe(first);
    const [a, b] = await Promise.all([get('/counted?x=1'), get('/counted?x=1')]);
    expect(a.body).toBe(b.body);
    expect((await get('/counted', { cookie: 'portal_login=1' })).body).not.toBe(first);
  });

  it('follows /remotes.json: a new version of the remote renders from its own build', async () => {
    writeSite(root, '1.1.0');
    expect((await get('/')).body).toContain('js=/remotes/site/1.1.0/site/js/site.1.js');
  });
});
