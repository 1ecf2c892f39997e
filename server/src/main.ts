import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { seedDemoLeadsIfMissing, seedDemoMessagesIfMissing, seedIfEmpty } from './db/seed';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from './db/seed-data';

/** `npm start`: migrate, seed an empty database with the demo data, and serve everything on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = buildApp(config);
  await app.ready();
  await migrateToLatest(app.db, config.database);
  if (await seedIfEmpty(app.db)) app.log.info('seeded the demo data');
  else {
    // A database seeded by an earlier version gets the demo data added since.
    if (await seedDemoLeadsIfMissing(app.db)) app.log.info('seeded the demo leads');
    if (await seedDemoMessagesIfMissing(app.db)) app.log.info('seeded the demo notices');
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
