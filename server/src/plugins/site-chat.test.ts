import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedSalesAccountIfMissing } from '../db/seed-sales';
import { createKey, revokeKey } from '../modules/chat/service';
import { chatWidgetTag } from '@portal/contracts/chat/constants';
import { dialects, startApp, type TestApp } from '../test/harness';
import { customerIdOf, itemIdsOf } from '../test/leads';

/** A stand-in for the public remote's server build: a page with a body. */
const BUNDLE = `
exports.SITE_PATHS = ['/'];
exports.render = async () => ({ status: 200, html: '<!doctype html><html><head><title>渠道网</title></head><body><p>首页</p></body></html>' });
`;

function writeSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-chat-'));
  fs.mkdirSync(path.join(root, 'shell'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell/remotes.json'), JSON.stringify({ site: { version: '1.0.0' } }));
  fs.writeFileSync(path.join(root, 'shell/index.html'), '<!doctype html><title>shell</title>');
  const folder = path.join(root, 'remotes/site/1.0.0');
  fs.mkdirSync(path.join(folder, 'ssr'), { recursive: true });
  fs.mkdirSync(path.join(folder, 'site'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'ssr/server.js'), BUNDLE);
  fs.writeFileSync(path.join(folder, 'site/site-manifest.json'), JSON.stringify({ site: { js: [], css: [] } }));
  return root;
}

describe.each(dialects())("the visitor site embeds the sales account's chat widget on %s", (dialect) => {
  let t: TestApp;
  let off: TestApp;
  let root: string;
  // The page cache keeps a page for a few seconds per URL: each step asks for its own.
  const page = async (app: TestApp, query: string) =>
    (await app.app.inject({ method: 'GET', url: `/?step=${query}`, headers: { accept: 'text/html' } })).body;

  beforeAll(async () => {
    root = writeSite();
    t = await startApp(dialect, { staticRoot: root, publicLeadsAccount: 'sales' });
    off = await startApp(dialect, { staticRoot: root, publicLeadsAccount: 'sales', publicSiteChat: false, database: t.database });
  });
  afterAll(async () => {
    await off?.close();
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("adds the script tag with the sales account's active key, nothing without one, nothing when turned off", async () => {
    expect(await page(t, 'no-account')).not.toContain('/chat/widget.js');
    await seedSalesAccountIfMissing(t.db, 'sales');
    expect(await page(t, 'no-key')).not.toContain('/chat/widget.js');
    const sales = await customerIdOf(t.db, 'sales');
    const [item] = await itemIdsOf(t.db, sales);
    const key = await createKey(t.db, sales, item!);
    const html = await page(t, 'key');
    expect(html).toContain(`${chatWidgetTag(key.key)}</body>`);
    // Another customer's key is never the site's.
    const demo = await customerIdOf(t.db, 'demo');
    const demoKey = await createKey(t.db, demo, (await itemIdsOf(t.db, demo))[0]!);
    expect(await page(t, 'other')).not.toContain(demoKey.key);
    expect(await page(off, 'off')).not.toContain('/chat/widget.js');
    await revokeKey(t.db, sales, key.id);
    expect(await page(t, 'revoked')).not.toContain('/chat/widget.js');
  });

  it("lets the page load the script and open its socket: the CSP's script-src and connect-src are the page's own origin", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/?step=csp', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });
});
