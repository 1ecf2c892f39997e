import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { precompress } from '@portal/build/precompress';
import { startApp, type TestApp, writeFakeDist } from '../test/harness';
import { CHAT_WIDGET_CACHE, CHAT_WIDGET_PATH } from './chat-widget';

const WIDGET = `(()=>{const portal="chat widget";console.log(portal);})();\n`.repeat(60);

describe('the chat widget script on the wire', () => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    const root = writeFakeDist({
      'chat/widget.js': WIDGET,
      'chat/notes.txt': 'not served',
      'shell/index.html': '<!doctype html><title>客户中心</title>',
    });
    for (const [extension, bytes] of Object.entries(await precompress('widget.js', Buffer.from(WIDGET)))) {
      fs.writeFileSync(path.join(root, `chat/widget.js.${extension}`), bytes);
    }
    t = await startApp('sqlite', { seed: false, staticRoot: root });
    bare = await startApp('sqlite', { seed: false, staticRoot: writeFakeDist({ 'shell/index.html': '<!doctype html>' }) });
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  it('serves /chat/widget.js compressed, cacheable, and loadable by other sites', async () => {
    const response = await t.app.inject({ method: 'GET', url: CHAT_WIDGET_PATH, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(WIDGET);
    expect(response.headers['cache-control']).toBe(CHAT_WIDGET_CACHE);
    expect(response.headers.etag).toBeTruthy();
    // A landing page on another site loads it with a plain script tag (no-cors): not same-origin only.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const plain = await t.app.inject({ method: 'GET', url: CHAT_WIDGET_PATH });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(WIDGET);
    // Revalidation: 304 when unchanged.
    const again = await t.app.inject({ method: 'GET', url: CHAT_WIDGET_PATH, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves nothing else of the folder, and nothing without a build', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/chat/notes.txt' })).statusCode).toBe(404);
    expect((await bare.app.inject({ method: 'GET', url: CHAT_WIDGET_PATH })).statusCode).toBe(404);
  });
});
