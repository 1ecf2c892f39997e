import fs from 'node:fs';
import { CommonMessage } from '@portal/contracts';
import { sql } from 'kysely';
import { dialects, startApp, type TestApp, writeFakeDist } from './test/harness';

describe.each(dialects())('app on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
  });
  afterAll(() => t.close());

  // The 401 and 403 answers of every route: catalogue.test.ts, over the endpoint catalogue.

  it('answers JSON 404 for unknown /rest paths, whatever the Accept header', async () => {
    for (const accept of ['application/json', 'text/html']) {
      expect((await t.client().get('/rest/customer/nothing-here', { headers: { accept } })).json()).toEqual({
        code: '404',
        message: CommonMessage.NotFound,
      });
    }
    expect((await t.client().call('DELETE', '/rest/customer/login')).statusCode).toBe(404);
  });

  it('serves the OpenAPI document and its page (its operations: catalogue.test.ts)', async () => {
    const response = await t.client().get('/rest/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/rest/content/banners/{id}.svg']?.get).toBeDefined();
    // Built from the zod schemas: the login body shows its fields.
    expect(JSON.stringify(document.paths['/rest/customer/login'].post.requestBody)).toContain('loginAccount');
    expect((await t.client().get('/rest/docs', { headers: { accept: 'text/html' } })).statusCode).toBeLessThan(400);
  });

  it('answers a failure inside with the generic 500 text and nothing of its cause', async () => {
    const broken = await startApp(dialect, { seed: true });
    try {
      const client = broken.client();
      await client.login('demo');
      await sql`DROP TABLE industries`.execute(broken.db);
      const response = await client.get('/rest/customer/workbench/industries');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: '500', message: CommonMessage.ServerError });
    } finally {
      await broken.close();
    }
  });
});

// The API rate limits (per session, per address; never the frontends): plugins/rate-limit.test.ts.

describe('static frontends', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = writeFakeDist({
      'shell/index.html': '<!doctype html><title>shell</title>',
      'shell/main.js': 'console.log("shell")',
      'shell/remotes.json': '{"reports":{"version":"0.2.0"}}',
      'remotes/reports/0.1.0/mf-manifest.json': '{"name":"reports","version":"0.1.0"}',
      'remotes/reports/0.2.0/mf-manifest.json': '{"name":"reports"}',
      'remotes/reports/0.2.0/remote.json': '{"name":"reports","version":"0.2.0"}',
      'remotes/reports/0.2.0/remoteEntry.js': 'var reports;',
      'remotes/reports/0.2.0/js/123.0a1b2c3d.js': 'console.log(1)',
      'remotes/reports/0.2.0/index.html': '<!doctype html><title>remote</title>',
    });
    t = await startApp('sqlite', { seed: false, staticRoot: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const html = { headers: { accept: 'text/html,application/xhtml+xml' } };

  it('serves the shell, its files and remotes.json', async () => {
    expect((await t.client().get('/', html)).body).toContain('<title>shell</title>');
    expect((await t.client().get('/main.js')).body).toContain('console.log("shell")');
    expect((await t.client().get('/remotes.json')).json()).toEqual({ reports: { version: '0.2.0' } });
  });

  it('serves every version of each remote under /remotes/<name>/<version>/, the earlier ones too', async () => {
    expect((await t.client().get('/remotes/reports/0.2.0/mf-manifest.json')).json()).toEqual({ name: 'reports' });
    expect((await t.client().get('/remotes/reports/0.1.0/mf-manifest.json')).json()).toEqual({ name: 'reports', version: '0.1.0' });
  });

  it("caches a version's content-hashed files for good, and revalidates the pointers, the manifests and the shell", async () => {
    const cacheOf = async (url: string) => (await t.client().get(url)).headers['cache-control'];
    expect(await cacheOf('/remotes/reports/0.2.0/js/123.0a1b2c3d.js')).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/remotes.json',
      '/main.js',
      '/remotes/reports/0.2.0/remoteEntry.js',
      '/remotes/reports/0.2.0/mf-manifest.json',
      '/remotes/reports/0.2.0/remote.json',
    ]) {
      expect([url, await cacheOf(url)]).toEqual([url, 'no-cache']);
    }
    expect((await t.client().get('/', html)).headers['cache-control']).toBe('no-cache');
  });

  it("answers the shell's index.html for client-side routes that accept HTML", async () => {
    for (const url of ['/work-bench', '/account-info', '/1/order-details']) {
      const response = await t.client().get(url, html);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>shell</title>');
    }
  });

  it('answers JSON 404 for missing files, remotes and API paths', async () => {
    expect((await t.client().get('/missing.js')).statusCode).toBe(404);
    expect((await t.client().get('/remotes/reports/missing.js', html)).json()).toEqual({ code: '404', message: CommonMessage.NotFound });
    expect((await t.client().get('/remotes/unknown/', html)).statusCode).toBe(404);
    expect((await t.client().get('/rest/unknown', html)).json()).toEqual({ code: '404', message: CommonMessage.NotFound });
  });
});
