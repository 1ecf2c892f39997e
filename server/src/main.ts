import { loadConfig } from './config';
import { runEntry, startServer } from './start';

/**
 * The production server (`npm run serve`): migrate, then serve the API and the built suite on one
 * port. It never seeds demo data, never creates an account (the first comes from `npm run
 * create-account`) and has no CRM sandbox: a demo-only variable stops the start (loadConfig).
 * The demo (`npm start`) is server/src/demo/main.ts. See docs/deploying.md.
 */
runEntry(async () => startServer(loadConfig()));
