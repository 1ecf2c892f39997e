import { seedSalesAccountIfMissing } from '../db/seed-sales';
import { activeKeyOfAccount } from '../modules/chat/widget-tag';
import { demoChatKeys, seedDemoChatKeysIfMissing, seedSalesChatKeyIfMissing } from '../modules/chat/seed';
import { dialects, startApp, type TestApp } from '../test/harness';
import { chatWidgetTag } from '@portal/contracts/chat/constants';
import { DEMO_LANDING_PATH, demoLandingPlugin } from './landing';

describe.each(dialects())('the demo landing pages on %s', (dialect) => {
  let demo: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    // As server/src/demo/main.ts registers it; the production start (server/src/main.ts) has no such route.
    demo = await startApp(dialect, { routes: (app) => void app.register(demoLandingPlugin) });
    production = await startApp(dialect, { database: demo.database });
    await seedDemoChatKeysIfMissing(demo.db);
  });
  afterAll(async () => {
    await production?.close();
    await demo?.close();
  });

  it("serves each demo project's landing page with the widget of its chat key", async () => {
    const keys = await demoChatKeys(demo.db);
    expect(keys.length).toBeGreaterThan(0);
    const index = await demo.app.inject({ method: 'GET', url: DEMO_LANDING_PATH });
    expect(index.statusCode).toBe(200);
    for (const row of keys) {
      expect(index.body).toContain(`href="${DEMO_LANDING_PATH}/${row.itemId}"`);
      const landing = await demo.app.inject({ method: 'GET', url: `${DEMO_LANDING_PATH}/${row.itemId}` });
      expect(landing.statusCode).toBe(200);
      expect(landing.headers['content-type']).toMatch(/^text\/html/);
      expect(landing.body).toContain(chatWidgetTag(row.key));
      expect(landing.body).toContain('<script src="/chat/widget.js" data-key=');
    }
    // The page loads the script from its own origin: the CSP's script-src 'self' lets it run.
    const landing = await demo.app.inject({ method: 'GET', url: `${DEMO_LANDING_PATH}/${keys[0]!.itemId}` });
    expect(String(landing.headers['content-security-policy'])).toContain("script-src 'self'");
    expect((await demo.app.inject({ method: 'GET', url: `${DEMO_LANDING_PATH}/999999` })).statusCode).toBe(404);
    expect((await demo.app.inject({ method: 'GET', url: `${DEMO_LANDING_PATH}/abc` })).statusCode).toBe(404);
  });

  it('is not served in production (404)', async () => {
    const [row] = await demoChatKeys(demo.db);
    expect((await production.app.inject({ method: 'GET', url: `${DEMO_LANDING_PATH}/${row!.itemId}` })).statusCode).toBe(404);
    expect((await production.app.inject({ method: 'GET', url: DEMO_LANDING_PATH })).statusCode).toBe(404);
  });

  it("gives the demo's sales account a chat key once (the visitor site's pages embed its widget)", async () => {
    expect(await seedSalesChatKeyIfMissing(demo.db, 'nobody')).toBe(false);
    await seedSalesAccountIfMissing(demo.db, 'sales');
    expect(await seedSalesChatKeyIfMissing(demo.db, 'sales')).toBe(true);
    const key = await activeKeyOfAccount(demo.db, 'sales');
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await seedSalesChatKeyIfMissing(demo.db, 'sales')).toBe(false);
    expect(await activeKeyOfAccount(demo.db, 'sales')).toBe(key);
  });
});
