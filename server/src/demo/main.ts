import { CRM_CODES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { seedDemoLeadsIfMissing, seedDemoLedgerIfMissing, seedDemoMessagesIfMissing, seedIfEmpty } from '../db/seed';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from '../db/seed-data';
import { seedDemoPublicContentIfMissing } from '../db/seed-public';
import { seedSalesAccountIfMissing } from '../db/seed-sales';
import { seedDemoMallIfMissing } from '../modules/mall/seed';
import { startCrmSandbox } from '../test/fake-crm';
import { runEntry, startServer } from '../start';
import { loadDemoConfig, type SandboxConfig } from './config';

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
  const { server, sandbox } = loadDemoConfig();
  await startServer(server, {
    async prepare(app) {
      await seedDemo(app, server.publicLeadsAccount ?? 'sales');
      return sandbox.on ? startSandbox(app, server.crm?.baseUrls ?? {}, sandbox) : undefined;
    },
    banner: [
      'This is the demo (npm start); for a deployment use npm run serve (docs/deploying.md).',
      `Demo accounts: ${DEMO_CUSTOMERS.map((customer) => `${customer.loginAccount} / ${DEMO_PASSWORD}`).join(', ')}`,
      `Sales account (the visitor site's forms arrive here as leads): ${server.publicLeadsAccount ?? 'sales'} / ${DEMO_PASSWORD}`,
      sandbox.on
        ? 'CRM sandbox on: CRMs without a base URL push to the fake CRM servers listed above.'
        : 'CRM sandbox off (CRM_SANDBOX=0): CRMs without a base URL use their public API.',
    ],
  });
});
