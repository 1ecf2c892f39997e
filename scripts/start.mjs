// `npm start`: the one-command demo. Installs what is missing, builds what changed, then serves
// the portal on one URL (the API under /rest, the socket under /rest/ws, the shell and
// /remotes/<name>/) with the demo entry: an empty database gets the demo accounts, and the CRM
// sandbox (fake CRMs on loopback) takes the pushes. A deployment is `npm run serve`.
import { buildFrontends, ensureInstalled, log, runServer } from './lib/setup.mjs';

log('npm start is the demo: demo accounts with a well-known password, and fake CRMs. To deploy: npm run serve (docs/deploying.md).');
ensureInstalled();
buildFrontends();
runServer('demo/main.ts');
