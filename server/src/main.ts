import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { seedDemoLeadsIfMissing, seedDemoLedgerIfMissing, seedDemoMessagesIfMissing, seedIfEmpty } from './db/seed';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from './db/seed-data';

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

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
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
