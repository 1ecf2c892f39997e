// `npm run serve`: the production server. Installs what is missing, builds what changed, then
// migrates and serves the built suite with the production entry (server/src/main.ts): no demo
// data, no account created, no fake CRM. The same variables as `npm start`; the first account
// comes from `npm run create-account`. See docs/deploying.md.
import { buildFrontends, ensureInstalled, runServer } from './lib/setup.mjs';

ensureInstalled();
buildFrontends();
runServer('main.ts');
