// `npm start`: install what is missing, build what changed, then serve the portal on one URL
// (the API under /rest, the socket under /rest/ws, the shell and /remotes/<name>/).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildFrontends, ensureInstalled, root } from './lib/setup.mjs';

ensureInstalled();
buildFrontends();

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
