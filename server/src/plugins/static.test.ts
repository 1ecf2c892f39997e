import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '@portal/build/precompress';
import type { LightMyRequestResponse } from 'fastify';
import { startApp, type TestApp, writeFakeDist } from '../test/harness';

/**
 * The built suite on the wire, through the HTTP layer: a build folder written here and
 * precompressed by the build's own function (shared/build/precompress.js), so that these tests
 * fail when the build's copies and the server's choice of them part ways.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = 'text/html,application/xhtml+xml';
/** What Chromium sends. */
const CHROMIUM = 'gzip, deflate, br, zstd';

// Big enough, and repetitive enough, that the build keeps both compressed copies.
const script = (name: string) => `(()=>{const portal=${JSON.stringify(name)};console.log(portal);})();\n`.repeat(60);
const FILES: Record<string, string> = {
  'shell/index.html': `<!doctype html><html lang="zh-CN"><head><title>客户中心</title><script defer src="/js/main.0a1b2c3d.js"></script></head><body>${'<div></div>'.repeat(40)}</body></html>`,
  'shell/js/main.0a1b2c3d.js': script('main'),
  'shell/js/540.ef1f93c9.js': script('chunk'),
  'shell/assets/favicon.5e6f7a8b.ico': 'icon'.repeat(100),
  'shell/images/default-avatar.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(30)}</svg>`,
  'shell/remotes.json': '{"reports":{"version":"0.2.0"}}',
  'remotes/reports/0.2.0/remoteEntry.js': script('reports entry'),
  'remotes/reports/0.2.0/mf-manifest.json': JSON.stringify({ name: 'reports', exposes: Array(40).fill({ path: './app' }) }),
  'remotes/reports/0.2.0/remote.json': JSON.stringify({ name: 'reports', version: '0.2.0', routes: Array(40).fill('/work-bench') }),
  'remotes/reports/0.2.0/js/__federation_expose_app.01c343aa.js': script('reports app'),
};

/** The build folder: the files, and beside each the copies the build writes (`x.br`, `x.gz`). */
async function writeBuiltDist(files: Record<string, string>): Promise<string> {
  const root = writeFakeDist(files);
  for (const file of Object.keys(files)) {
    const copies = await precompress(file, fs.readFileSync(path.join(root, file)));
    for (const [extension, bytes] of Object.entries(copies)) fs.writeFileSync(path.join(root, `${file}.${extension}`), bytes);
  }
  return root;
}

describe('the built suite on the wire', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await writeBuiltDist(FILES);
    t = await startApp('sqlite', { seed: false, staticRoot: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url, headers });
  const plainBytes = (file: string) => fs.readFileSync(path.join(root, file));
  const varyOf = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase();

  it('has the copies the build makes for text files, and none for a file that compression would not shrink', () => {
    for (const file of ['shell/index.html', 'shell/js/main.0a1b2c3d.js', 'remotes/reports/0.2.0/remoteEntry.js']) {
      expect([file, fs.existsSync(path.join(root, `${file}.br`)), fs.existsSync(path.join(root, `${file}.gz`))]).toEqual([file, true, true]);
    }
    expect(fs.existsSync(path.join(root, 'shell/remotes.json.br'))).toBe(false);
  });

  it('sends a script brotli-compressed to `br`, gzip-compressed to `gzip`, and the plain file to neither, varying on Accept-Encoding', async () => {
    for (const [url, file] of [
      ['/js/main.0a1b2c3d.js', 'shell/js/main.0a1b2c3d.js'],
      ['/remotes/reports/0.2.0/remoteEntry.js', 'remotes/reports/0.2.0/remoteEntry.js'],
    ]) {
      const br = await get(url, { 'accept-encoding': 'br' });
      expect([url, br.statusCode, br.headers['content-encoding'], br.headers['content-type']]).toEqual([
        url,
        200,
        'br',
        'application/javascript; charset=utf-8',
      ]);
      expect(brotliDecompressSync(br.rawPayload).equals(plainBytes(file))).toBe(true);
      expect(br.rawPayload.length).toBeLessThan(plainBytes(file).length / 4);

      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect([url, gzip.headers['content-encoding']]).toEqual([url, 'gzip']);
      expect(gunzipSync(gzip.rawPayload).equals(plainBytes(file))).toBe(true);

      for (const plain of [await get(url), await get(url, { 'accept-encoding': 'identity' })]) {
        expect([url, plain.statusCode, plain.headers['content-encoding']]).toEqual([url, 200, undefined]);
        expect(plain.rawPayload.equals(plainBytes(file))).toBe(true);
      }
      for (const response of [br, gzip, await get(url)]) expect([url, varyOf(response)]).toEqual([url, expect.stringContaining('accept-encoding')]);
    }
  });

  it("prefers brotli when the browser accepts both, for the page's html too", async () => {
    for (const [url, accept] of [
      ['/js/540.ef1f93c9.js', '*/*'],
      ['/', HTML],
      ['/work-bench', HTML],
    ]) {
      const response = await get(url, { 'accept-encoding': CHROMIUM, accept });
      expect([url, response.statusCode, response.headers['content-encoding']]).toEqual([url, 200, 'br']);
    }
    const page = await get('/work-bench', { 'accept-encoding': CHROMIUM, accept: HTML });
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>客户中心</title>');
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const response = await get('/remotes.json', { 'accept-encoding': CHROMIUM });
    expect([response.statusCode, response.headers['content-encoding']]).toEqual([200, undefined]);
    expect(response.json()).toEqual({ reports: { version: '0.2.0' } });
  });

  it('keeps content-hashed files for good, compressed or not', async () => {
    for (const url of [
      '/js/main.0a1b2c3d.js',
      '/js/540.ef1f93c9.js',
      '/assets/favicon.5e6f7a8b.ico',
      '/remotes/reports/0.2.0/js/__federation_expose_app.01c343aa.js',
    ]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        expect([url, encoding, (await get(url, { 'accept-encoding': encoding })).headers['cache-control']]).toEqual([url, encoding, IMMUTABLE]);
      }
    }
  });

  it('revalidates the entry points (index.html, /remotes.json, a remote’s entry, manifest and declaration) and unhashed files: no-cache, and a 304 for an unchanged one', async () => {
    for (const [url, accept] of [
      ['/', HTML],
      ['/index.html', HTML],
      ['/work-bench', HTML],
      ['/remotes.json', '*/*'],
      ['/remotes/reports/0.2.0/remoteEntry.js', '*/*'],
      ['/remotes/reports/0.2.0/mf-manifest.json', '*/*'],
      ['/remotes/reports/0.2.0/remote.json', '*/*'],
      ['/images/default-avatar.svg', '*/*'],
    ]) {
      const first = await get(url, { 'accept-encoding': CHROMIUM, accept });
      expect([url, first.statusCode, first.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      const etag = String(first.headers.etag);
      expect([url, etag]).toEqual([url, expect.stringMatching(/^(W\/)?".+"$/)]);
      const again = await get(url, { 'accept-encoding': CHROMIUM, accept, 'if-none-match': etag });
      expect([url, again.statusCode, again.rawPayload.length]).toEqual([url, 304, 0]);
    }
  });

  it('names each encoding of a file with its own ETag, so that a cache never answers one with another', async () => {
    const url = '/remotes/reports/0.2.0/remoteEntry.js';
    const etags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (encoding) => (await get(url, { 'accept-encoding': encoding })).headers.etag),
    );
    expect(new Set(etags).size).toBe(3);
  });
});
