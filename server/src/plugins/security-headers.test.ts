import fs from 'node:fs';
import { LOGIN_COOKIE, SESSION_COOKIE } from '@portal/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../db/seed-data';
import { dialects, startApp, type TestApp, type TestClient, writeFakeDist } from '../test/harness';

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** The headers every answer must carry: no sniffing, no framing, the pages' policy. */
function expectSecurityHeaders(response: LightMyRequestResponse, what: string): void {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
  expect({
    what,
    nosniff: response.headers['x-content-type-options'],
    frameOptions: response.headers['x-frame-options'],
    frameAncestors: directives['frame-ancestors'],
    scripts: directives['script-src'],
    styles: directives['style-src'],
    connect: directives['connect-src'],
    fallback: directives['default-src'],
  }).toEqual({
    what,
    nosniff: 'nosniff',
    frameOptions: 'DENY',
    frameAncestors: "'none'",
    // No inline script and no eval: only the portal's own files.
    scripts: "'self'",
    // antd's cssinjs injects <style> tags.
    styles: "'self' 'unsafe-inline'",
    connect: "'self'",
    fallback: "'self'",
  });
}

describe.each(dialects())('security headers on %s', (dialect) => {
  let t: TestApp;
  let client: TestClient;
  let root: string;
  beforeAll(async () => {
    root = writeFakeDist({
      'shell/index.html': '<!doctype html><title>shell</title><script defer src="/js/main.js"></script>',
      'shell/js/main.js': 'console.log("shell")',
      'shell/remotes.json': '{"reports":"/remotes/reports/mf-manifest.json"}',
      'remotes/reports/mf-manifest.json': '{"name":"reports"}',
      'remotes/reports/remoteEntry.js': 'var reports;',
    });
    t = await startApp(dialect, { staticRoot: root });
    client = t.client();
    await client.login('demo2');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends them on API answers, refusals, 404s and static files', async () => {
    const anonymous = t.client();
    const answers: Array<[string, Promise<LightMyRequestResponse>]> = [
      ['API 200', client.get('/rest/customer/user-info')],
      ['401', anonymous.get('/rest/customer/user-info')],
      ['400 broken JSON', client.put('/rest/customer/account/voice', '{', { headers: { 'content-type': 'application/json' } })],
      ['403 without X-Requested-With', client.call('PUT', '/rest/customer/account/voice', { payload: {}, withoutRequestedWith: true })],
      ['404 API', client.get('/rest/nothing-here')],
      ['404 remote file', client.get('/remotes/reports/missing.js')],
      ['shell page', anonymous.get('/', { headers: HTML })],
      ['client-side route', anonymous.get('/work-bench', { headers: HTML })],
      ['shell script', anonymous.get('/js/main.js')],
      ['remotes.json', anonymous.get('/remotes.json')],
      ['remote manifest', anonymous.get('/remotes/reports/mf-manifest.json')],
      ['remote entry', anonymous.get('/remotes/reports/remoteEntry.js')],
      ['OpenAPI document', anonymous.get('/rest/docs/json')],
      ['OpenAPI page', anonymous.get('/rest/docs/', { headers: HTML })],
    ];
    for (const [what, answer] of answers) expectSecurityHeaders(await answer, what);
    // Refused before routing, where no hook runs: a constant JSON body, not to be sniffed.
    const badUrl = await client.get('/rest/%E0%A4%A');
    expect([badUrl.statusCode, badUrl.headers['x-content-type-options']]).toEqual([400, 'nosniff']);
  });

  it('sends them on the rate limit refusal', async () => {
    const limited = await startApp(dialect, { database: t.database, anonymousRateLimitPerMinute: 1 });
    try {
      const remoteAddress = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      await limited.app.inject({ method: 'GET', url: '/rest/customer/user-info', remoteAddress });
      const refused = await limited.app.inject({ method: 'GET', url: '/rest/customer/user-info', remoteAddress });
      expect(refused.statusCode).toBe(429);
      expectSecurityHeaders(refused, '429');
    } finally {
      await limited.close();
    }
  });
});

describe.each(dialects())('session cookie over HTTPS on %s', (dialect) => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await startApp(dialect);
    proxied = await startApp(dialect, { database: direct.database, trustProxy: true });
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
  });

  /** Logs demo2 in with `headers`; the Secure flag of each cookie set. */
  async function secureFlags(t: TestApp, headers: Record<string, string>): Promise<Record<string, boolean>> {
    const response = await t.client().post('/rest/customer/login', { loginAccount: 'demo2', password: DEMO_PASSWORD, type: 1 }, { headers });
    expect(response.statusCode).toBe(200);
    const cookies = response.cookies as Array<{ name: string; secure?: boolean }>;
    return Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie.secure === true]));
  }

  it('is Secure when a trusted proxy says the request came over HTTPS', async () => {
    expect(await secureFlags(proxied, { 'x-forwarded-proto': 'https' })).toEqual({ [SESSION_COOKIE]: true, [LOGIN_COOKIE]: true });
    expect(await secureFlags(proxied, { 'x-forwarded-proto': 'http' })).toEqual({ [SESSION_COOKIE]: false, [LOGIN_COOKIE]: false });
  });

  it('is not Secure over plain http, whatever an untrusted X-Forwarded-Proto says', async () => {
    expect(await secureFlags(direct, {})).toEqual({ [SESSION_COOKIE]: false, [LOGIN_COOKIE]: false });
    expect(await secureFlags(direct, { 'x-forwarded-proto': 'https' })).toEqual({ [SESSION_COOKIE]: false, [LOGIN_COOKIE]: false });
  });
});
