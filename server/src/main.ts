import { setFlagsFromString } from 'node:v8';
import { CRM_CODES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { seedDemoLeadsIfMissing, seedDemoLedgerIfMissing, seedDemoMessagesIfMissing, seedIfEmpty } from './db/seed';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from './db/seed-data';

/**
 * The CRM sandbox (config.crm.sandbox): the fake CRM servers on loopback, and every CRM without a
 * configured base URL pointed at them, so the demo customer's CRM account pushes somewhere real
 * enough. Answers how to close it.
 */
async function startSandbox(app: FastifyInstance, config: AppConfig): Promise<() => Promise<void>> {
  // The sandbox is the fake CRMs of the tests, on purpose (the demo pushes to what the tests check
  // against); loaded only when it is on, and the server is not bundled.
  // eslint-disable-next-line portal/boundaries
  const { startCrmSandbox } = await import('./test/fake-crm');
  // On known ports when configured (ec on the first, then lixiao, xbb, huoban): the journeys drive its control calls.
  const first = config.crm?.sandboxPort ?? null;
  const sandbox = await startCrmSandbox(first === null ? {} : { ports: Object.fromEntries(CRM_CODES.map((code, index) => [code, first + index])) });
  const configured = config.crm?.baseUrls ?? {};
  const urls = Object.fromEntries(CRM_CODES.filter((code) => !configured[code]).map((code) => [code, sandbox.urls[code]]));
  app.crm.setBaseUrls(urls);
  for (const [code, url] of Object.entries(urls)) console.log(`CRM sandbox (${code}): ${url}`);
  return () => sandbox.close();
}

/** `npm start`: migrate, seed an empty database with the demo data, and serve everything on one port. */
async function main(): Promise<void> {
  // V8 lets a small heap grow to about four times its live size before a full collection. An
  // export streams hundreds of MB of short-lived rows through the heap, and that rule let the
  // server's memory grow by 100-120 MB during one on PostgreSQL (bench/leads.ts); collecting at
  // 1.5 times the live size keeps the growth under 20 MB.
  setFlagsFromString('--heap-growing-percent=50');
  const config = loadConfig();
  const app = buildApp(config);
  await app.ready();
  await migrateToLatest(app.db, config.database);
  if (await seedIfEmpty(app.db)) app.log.info('seeded the demo data');
  else {
    // A database seeded by an earlier version gets the demo data added since.
    if (await seedDemoLeadsIfMissing(app.db)) app.log.info('seeded the demo leads');
    if (await seedDemoMessagesIfMissing(app.db)) app.log.info('seeded the demo notices');
    if (await seedDemoLedgerIfMissing(app.db)) app.log.info('seeded the demo ledger');
  }

  const closeSandbox = config.crm?.sandbox ? await startSandbox(app, config) : async () => {};

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app
        .close()
        .then(closeSandbox)
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  console.log(`Portal: http://localhost:${config.port}`);
  console.log(`Demo login: ${DEMO_CUSTOMERS[0].loginAccount} / ${DEMO_PASSWORD}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
