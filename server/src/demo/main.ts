import { CRM_CODES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { seedDemoLeadsIfMissing, seedDemoLedgerIfMissing, seedDemoMessagesIfMissing, seedIfEmpty } from '../db/seed';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from '../db/seed-data';
import { seedDemoPublicContentIfMissing } from '../db/seed-public';
import { seedSalesAccountIfMissing } from '../db/seed-sales';
import { demoMallPicturesPlugin } from '../modules/mall/demo-pictures';
import { seedDemoChatKeysIfMissing, seedDemoConversationsIfMissing, seedSalesChatKeyIfMissing } from '../modules/chat/seed';
import { demoMallPictures, seedDemoMallIfMissing } from '../modules/mall/seed';
import { importArticles } from '../modules/help/articles';
import { startCrmSandbox } from '../test/fake-crm';
import { startFakePhoneChecker } from '../test/fake-phone-checker';
import { runEntry, startServer } from '../start';
import { loadDemoConfig, type SandboxConfig } from './config';
import { DEMO_LANDING_PATH, demoLandingPlugin } from './landing';

/** Seeds an empty database with the demo data; one seeded by an earlier version gets the demo data added since. */
async function seedDemo(app: FastifyInstance, salesAccount: string): Promise<void> {
  const fresh = await seedIfEmpty(app.db);
  // After the demo customers (seedIfEmpty seeds only an empty database): the platform's own sales
  // account, where the visitor site's forms arrive (not a demo customer).
  if (await seedSalesAccountIfMissing(app.db, salesAccount)) app.log.info('seeded the sales account');
  // After the workbench's articles and industries exist: they get their bodies too.
  if (await seedDemoPublicContentIfMissing(app.db)) app.log.info('seeded the visitor site content');
  // After the demo customers and their ledger (its top-ups give the points): the points mall's goods and points.
  if (await seedDemoMallIfMissing(app.db)) app.log.info('seeded the points mall');
  // The help centre's shipped articles, added or brought up to date (a deployment runs `npm run help -- help-import`).
  const help = await importArticles(app.db);
  if (help.added || help.updated) app.log.info(`imported the help articles: ${help.added} added, ${help.updated} updated`);
  // The demo customer's chat key of each project (the demo landing pages embed the chat widget with them).
  if (await seedDemoChatKeysIfMissing(app.db)) app.log.info('seeded the chat keys');
  // The sales account's chat key: the visitor site's pages embed its widget.
  if (await seedSalesChatKeyIfMissing(app.db, salesAccount)) app.log.info("seeded the sales account's chat key");
  // Two weeks of visitors' conversations through those keys (the workbench's 有效对话 counts them).
  if (await seedDemoConversationsIfMissing(app.db, app.events)) app.log.info('seeded the chat conversations');
  if (fresh) {
    app.log.info('seeded the demo data');
    return;
  }
  if (await seedDemoLeadsIfMissing(app.db)) app.log.info('seeded the demo leads');
  if (await seedDemoMessagesIfMissing(app.db)) app.log.info('seeded the demo notices');
  if (await seedDemoLedgerIfMissing(app.db)) app.log.info('seeded the demo ledger');
}

/**
 * The CRM sandbox: the fake CRM servers of the tests on loopback (the demo pushes to what the
 * tests check against), and every CRM without a configured base URL pointed at them, so the demo
 * customer's CRM account pushes somewhere real enough. Answers how to close it.
 */
async function startSandbox(app: FastifyInstance, configured: Partial<Record<string, string>>, sandbox: SandboxConfig): Promise<() => Promise<void>> {
  // On known ports when configured (ec on the first, then lixiao, xbb, huoban): the journeys drive its control calls.
  const first = sandbox.firstPort;
  const fakes = await startCrmSandbox(first === null ? {} : { ports: Object.fromEntries(CRM_CODES.map((code, index) => [code, first + index])) });
  const urls = Object.fromEntries(CRM_CODES.filter((code) => !configured[code]).map((code) => [code, fakes.urls[code]]));
  app.crm.setBaseUrls(urls);
  for (const [code, url] of Object.entries(urls)) console.log(`CRM sandbox (${code}): ${url}`);
  return () => fakes.close();
}

/**
 * `npm start`: the one-command demo. The production start (server/src/start.ts) plus the demo
 * data in an empty database (accounts with a well-known password) and, unless CRM_SANDBOX=0, the
 * CRM sandbox. Never a deployment: that is `npm run serve` (server/src/main.ts).
 */
runEntry(async () => {
  const { server: configured, sandbox } = loadDemoConfig();
  // The sandbox's phone checker (the tests' fake: it answers by the number's last digit in 50 ms),
  // unless a real one is configured.
  const checker = sandbox.on && !configured.phoneCheck ? await startFakePhoneChecker({ latencyMs: 50 }) : null;
  const server = checker
    ? {
        ...configured,
        phoneCheck: {
          url: checker.url,
          key: checker.key,
          batchLimit: checker.batchLimit,
          callsPerSecond: 10,
          timeoutMs: 5000,
          worker: true,
          pollMs: 1000,
        },
      }
    : configured;
  await startServer(server, {
    // The pictures of the demo's goods, carousel and success cases (seedDemoMallIfMissing points at them).
    // The demo landing pages with the chat widget (/demo/landing/<itemId>).
    routes: (app) => {
      void app.register(demoMallPicturesPlugin, { pictures: demoMallPictures() });
      void app.register(demoLandingPlugin);
    },
    async prepare(app) {
      await seedDemo(app, server.publicLeadsAccount ?? 'sales');
      if (!sandbox.on) return undefined;
      const closeCrms = await startSandbox(app, server.crm?.baseUrls ?? {}, sandbox);
      if (checker) console.log(`Phone checker sandbox: ${checker.url}`);
      return async () => {
        await closeCrms();
        await checker?.close();
      };
    },
    banner: [
      'This is the demo (npm start); for a deployment use npm run serve (docs/deploying.md).',
      `Demo accounts: ${DEMO_CUSTOMERS.map((customer) => `${customer.loginAccount} / ${DEMO_PASSWORD}`).join(', ')}`,
      `Sales account (the visitor site's forms arrive here as leads): ${server.publicLeadsAccount ?? 'sales'} / ${DEMO_PASSWORD}`,
      `Demo landing pages with the live chat widget: http://localhost:${server.port}${DEMO_LANDING_PATH}`,
      sandbox.on
        ? 'CRM sandbox on: CRMs without a base URL push to the fake CRM servers listed above; phone numbers are classed by the fake checker (last digit 0 空号, 7 沉默号, 8 停机, 9 风险号, else 实号).'
        : 'CRM sandbox off (CRM_SANDBOX=0): CRMs without a base URL use their public API.',
    ],
  });
});
